/**
 * `deno task install` (issue 18): a `frames` launcher on the PATH that works from any
 * directory, resolves relative paths against the caller's directory, and execs Deno
 * directly so a signal sent to the launcher's pid reaches frames itself.
 */
import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { assertValidDocument } from "./_schema.ts";
import { cleanEnv } from "./_frames.ts";
import { x11Test } from "./_requires.ts";
import { frames as engineFrames, XSession } from "./data/capture/session.ts";

const CONFIG = new URL("../deno.json", import.meta.url).pathname;
const root = await Deno.makeTempDir({ prefix: "frames-launcher-" });
globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));
const home = join(root, "home"), bin = join(root, "bin"), work = join(root, "work");
for (const d of [home, bin, work]) await Deno.mkdir(d);

/** The environment a user's shell has: our bin on PATH, no Deno on it. */
function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const path = (Deno.env.get("PATH") ?? "").split(":").filter((p) => p !== "/tmp/bin");
  return cleanEnv({
    HOME: home,
    FRAMES_HOME: join(home, ".frames"),
    PATH: [bin, ...path].join(":"),
    ...extra,
  });
}

async function sh(cmd: string, args: string[], cwd: string, env = userEnv()) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

const installed = await sh(
  Deno.execPath(),
  ["task", "--config", CONFIG, "install", "--bin-dir", bin],
  work,
);
const launcher = join(bin, "frames");

Deno.test("deno task install writes an executable frames launcher into the chosen bin dir", async () => {
  equal(installed.code, 0, installed.stderr + installed.stdout);
  match(installed.stdout + installed.stderr, new RegExp(launcher.replace(/[.]/g, "\\.")));
  const info = await Deno.stat(launcher);
  ok(info.isFile && (info.mode! & 0o111) !== 0, "executable");
  const text = await Deno.readTextFile(launcher);
  match(text, /^#!\/bin\/sh\n/);
  match(text, /\nexec /, "execs deno, no wrapper process stays between");
  ok(!/npx|npm exec/.test(text.split("\n").filter((l) => l.startsWith("exec ")).join("\n")));
});

Deno.test("the launcher works from any directory; relative --source and --out are the caller's", async () => {
  const db = new DatabaseSync(join(work, "x.sqlite"));
  db.exec(
    SCREENPIPE_SCHEMA_SQL +
      await Deno.readTextFile(new URL("../fixtures/flicker_edges/input.sql", import.meta.url)),
  );
  db.close();
  const v = await sh("frames", ["--version"], "/");
  equal(v.code, 0, v.stderr);
  match(v.stdout, /^frames \d+\.\d+\.\d+\n$/);
  const r = await sh("frames", [
    "compile",
    "--source",
    "./x.sqlite",
    "--day",
    "2026-07-04",
    "--tz",
    "Europe/Berlin",
    "--out",
    "./out.json",
  ], work);
  equal(r.code, 0, r.stderr);
  const doc = JSON.parse(await Deno.readTextFile(join(work, "out.json")));
  assertValidDocument(doc);
  ok(doc.frames.length > 0);
  equal(doc.source.location, join(work, "x.sqlite"));
});

Deno.test("frames mcp --http through the launcher prints its own pid, writes --pid-file, dies on that pid's signal", async () => {
  const child = new Deno.Command(launcher, {
    args: ["mcp", "--http", "--port", "0", "--pid-file", "./mcp.pid"],
    cwd: work,
    env: userEnv(),
    clearEnv: true,
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  let said = "";
  const deadline = Date.now() + 30_000;
  while (!/pid \d+/.test(said) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    said += value;
  }
  const pid = Number(/pid (\d+)/.exec(said)?.[1]);
  equal(pid, child.pid, `the launcher is the server process (exec), not a wrapper: ${said}`);
  equal((await Deno.readTextFile(join(work, "mcp.pid"))).trim(), String(pid));
  Deno.kill(pid, "SIGTERM");
  const status = await child.status;
  equal(status.code, 0, `a clean shutdown on SIGTERM: ${JSON.stringify(status)}`);
  reader.releaseLock();
  await child.stderr.cancel().catch(() => {});
  // The pid file goes with the server.
  await Deno.stat(join(work, "mcp.pid")).then(() => ok(false, "pid file removed"), () => {});
});

x11Test(
  "frames capture start prints its pid and writes it to --pid-file",
  { sanitizeOps: false, sanitizeResources: false },
  async () => {
    const x = await XSession.start();
    const h = await Deno.makeTempDir({ prefix: "frames-launcher-capture-" });
    const env = x.env({ HOME: h, FRAMES_HOME: join(h, ".frames") });
    try {
      const pidFile = join(h, "engine.pid");
      const r = await engineFrames(
        ["capture", "start", "--no-ingest", "--heartbeat", "1", "--pid-file", pidFile],
        env,
      );
      equal(r.code, 0, r.stderr);
      const pid = Number(/pid (\d+)/.exec(r.stdout)?.[1]);
      ok(pid > 0, r.stdout);
      equal((await Deno.readTextFile(pidFile)).trim(), String(pid));
      const stopped = await engineFrames(["capture", "stop"], env);
      equal(stopped.code, 0, stopped.stderr);
    } finally {
      await x.close();
      await Deno.remove(h, { recursive: true });
    }
  },
);
