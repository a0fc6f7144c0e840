import { deepEqual, equal, match } from "node:assert/strict";
import { join } from "node:path";
import { describeStatus, status, stop, writeBrowserExtension } from "../capture/mod.ts";

// The capture façade answers with values (the CLI prints them); these need no X server.

Deno.test("stop() and status() report an engine that never ran", async () => {
  const home = await Deno.makeTempDir({ prefix: "frames_capture_facade_" });
  try {
    deepEqual(await stop(home), { state: "not-running" });
    const report = status(home, 0);
    equal(report.running, false);
    equal(report.pid, null);
    equal(report.store, join(home, "capture.db"));
    equal(report.log, join(home, "engine", "engine.log"));
    match(describeStatus(report), /^engine: not running\nstore: /);
    deepEqual(report.guarded_browsers, []);
    equal(describeStatus(report).includes("private until reported"), false);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("status() lists the browsers whose windows stay private until reported", async () => {
  const home = await Deno.makeTempDir({ prefix: "frames_capture_facade_" });
  try {
    Deno.mkdirSync(join(home, "engine"), { recursive: true });
    const file = join(home, "engine", "browsers.json");
    Deno.writeTextFileSync(
      file,
      JSON.stringify({ apps: ["chromium", "evil\u001b]8;;x\u0007app"] }),
    );
    const report = status(home, 0);
    deepEqual(report.guarded_browsers, ["chromium", "evil\u001b]8;;x\u0007app"]);
    equal(report.browsers_file, file);
    const text = describeStatus(report);
    match(text, /private until reported: windows of chromium, evil/);
    match(text, new RegExp(`forget: rm ${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}`));
    equal([...text].some((c) => c !== "\n" && c.charCodeAt(0) < 0x20), false);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("writeBrowserExtension() takes the port from the config unless one is given", async () => {
  const home = await Deno.makeTempDir({ prefix: "frames_capture_facade_" });
  try {
    Deno.writeTextFileSync(join(home, "capture.json"), JSON.stringify({ ingest_port: 5555 }));
    const config = (dir: string) => Deno.readTextFileSync(join(dir, "config.js"));
    const a = writeBrowserExtension(home, { out: join(home, "a") });
    match(config(a), /"endpoint":"http:\/\/127\.0\.0\.1:5555"/);
    const b = writeBrowserExtension(home, { out: join(home, "b"), port: 6000 });
    match(config(b), /"endpoint":"http:\/\/127\.0\.0\.1:6000"/);
    equal(Deno.statSync(join(home, "engine", "ingest.token")).mode! & 0o777, 0o600);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
