import assert from "node:assert/strict";
import { join } from "node:path";
import { readActivityWatch, readActivityWatchServer } from "../adapters/activitywatch/read.ts";
import { loadAwServer } from "../adapters/activitywatch/_rest.ts";
import { exportJson, T0 } from "./data/aw/fixture.ts";

// The REST path against a local stand-in for aw-server (tests/data/aw/server.ts, run as
// its own process) that serves the documented endpoints from the fixture: newest first,
// clipped to start/end, behind a bearer key.

const SERVER = new URL("./data/aw/server.ts", import.meta.url).pathname;
const net = (await Deno.permissions.query({ name: "net", host: "127.0.0.1" })).state === "granted";
const dir = await Deno.makeTempDir({ prefix: "frames_aw_rest_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const exportFile = join(dir, "aw-export.json");
await Deno.writeTextFile(exportFile, exportJson("rust"));
const WINDOW = { start: T0 - 3_600_000, end: T0 + 86_400_000 };

async function standIn(key: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-net=127.0.0.1", "--allow-read", SERVER, exportFile, key],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/listening \d+/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the aw-server stand-in exited");
    text += value;
  }
  return {
    url: `http://127.0.0.1:${/listening (\d+)/.exec(text)![1]}`,
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel();
      await child.status;
    },
  };
}

Deno.test({
  name: "readActivityWatchServer() reads the REST API like the export file",
  ignore: !net,
  async fn() {
    const server = await standIn("k3y");
    try {
      const rest = await readActivityWatchServer(server.url, { ...WINDOW, key: "k3y" });
      const file = readActivityWatch(exportFile, WINDOW);
      assert.deepEqual(rest.snapshots, file.snapshots);
      assert.deepEqual(rest.events, file.events);
      assert.equal(rest.facts.fingerprint, "aw-rest");
      await assert.rejects(
        () => readActivityWatchServer(server.url, WINDOW),
        /: 401 the server requires an API key/,
      );
    } finally {
      await server.stop();
    }
  },
});

Deno.test({
  name: "loadAwServer() keeps the server's clipped, newest-first events in time order",
  ignore: !net,
  async fn() {
    const server = await standIn("k3y");
    try {
      const source = await loadAwServer(server.url, {
        key: "k3y",
        start: T0 + 100_000,
        end: T0 + 200_000,
      });
      const got = source.events("aw-watcher-window_laptop", T0, T0 + 3_600_000).events;
      assert.deepEqual(
        got.map((e) => [e.id, (e.start - T0) / 1000, (e.end - T0) / 1000]),
        [[2, 100, 105.5], [3, 105.5, 200]],
      );
    } finally {
      await server.stop();
    }
  },
});
