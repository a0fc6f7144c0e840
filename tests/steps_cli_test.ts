import { equal, match, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { type FramesResult, RUN_FLAGS, runFrames } from "./_frames.ts";

const home = await Deno.makeTempDir({ prefix: "frames-steps-cli-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));

const SQL = SCREENPIPE_SCHEMA_SQL + `
INSERT INTO frames (id, timestamp, app_name, window_name, browser_url, device_name) VALUES
  (1, '2026-03-24T10:00:00+00:00', 'Mail', 'Compose', NULL, 'monitor_1'),
  (2, '2026-03-24T10:00:30+00:00', 'Mail', 'Compose', NULL, 'monitor_1'),
  (3, '2026-03-24T10:01:00+00:00', 'Mail', 'Compose', NULL, 'monitor_1'),
  (4, '2026-03-24T10:01:30+00:00', 'Mail', 'Compose', NULL, 'monitor_1');
INSERT INTO elements (id, frame_id, source, role, text, left_bound, top_bound, width_bound, height_bound, sort_order) VALUES
  (1, 1, 'accessibility', 'AXButton', 'Send', 0.5, 0.5, 0.05, 0.05, 0);
INSERT INTO ui_events (id, timestamp, event_type, x, y, text_content, text_length) VALUES
  (100, '2026-03-24T10:00:05+00:00', 'text', NULL, NULL, 'my secret qwerty', 16),
  (101, '2026-03-24T10:00:10+00:00', 'click', 1000, 560, NULL, NULL);
`;
const db = join(home, "capture.db");
{
  const w = new DatabaseSync(db);
  w.exec(SQL);
  w.close();
}
const BASE = ["steps", "--source", db, "--day", "2026-03-24", "--tz", "UTC"];

/** Runs `frames ARGS` with this file's temporary HOME. */
function frames(args: string[]): Promise<FramesResult> {
  return runFrames(args, { home, flags: RUN_FLAGS });
}

Deno.test("frames steps leaves typed text out by default, in text and JSON", async () => {
  for (const extra of [[], ["--json"]]) {
    const r = await frames([...BASE, "--frame", "monitor_1:1", ...extra]);
    equal(r.code, 0, r.stderr);
    ok(!r.stdout.includes("secret"), r.stdout);
    match(r.stdout, /16 chars|"chars": 16/);
  }
});

Deno.test("frames steps shows typed text with --include-text, repaired by --keyboard-layout", async () => {
  const shown = await frames([...BASE, "--frame", "monitor_1:1", "--include-text"]);
  equal(shown.code, 0, shown.stderr);
  ok(shown.stdout.includes('16 chars: "my secret qwerty"'), shown.stdout);
  const fixed = await frames([
    ...BASE,
    "--frame",
    "monitor_1:1",
    "--include-text",
    "--keyboard-layout",
    "azerty",
  ]);
  equal(fixed.code, 0, fixed.stderr);
  // On AZERTY the keys a QWERTY recorder calls m, q and w print ",", a and z.
  ok(fixed.stdout.includes('16 chars: ",y secret azerty"'), fixed.stdout);
});

Deno.test("frames steps resolves clicks through --displays and finds frames by query", async () => {
  const r = await frames([...BASE, "--find", "send", "--displays", "monitor_1=1920x1080+0+0"]);
  equal(r.code, 0, r.stderr);
  ok(r.stdout.includes('score 1: "send" in target: Send'), r.stdout);
  ok(r.stdout.includes('click  "Send" AXButton [exact 0.9]'), r.stdout);
});

Deno.test("frames steps rejects usage mistakes with exit code 2", async () => {
  const cases: [string[], RegExp][] = [
    [[], /Give one of --frame ID or --find QUERY/],
    [["--frame", "monitor_1:1", "--find", "x"], /Give one of --frame ID or --find QUERY/],
    [["--frame", "monitor_1:2"], /Cannot find frame "monitor_1:2"/],
    [["--frame", "monitor_1:1", "--keyboard-layout", "azerty"], /only with --include-text/],
    [
      ["--frame", "monitor_1:1", "--include-text", "--keyboard-layout", "dvorak"],
      /Unknown keyboard layout "dvorak"/,
    ],
    [["--frame", "monitor_1:1", "--displays", "monitor_1=big"], /Invalid --displays/],
  ];
  for (const [args, message] of cases) {
    const r = await frames([...BASE, ...args]);
    equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    match(r.stderr, message);
  }
});
