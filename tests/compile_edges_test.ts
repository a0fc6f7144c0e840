/**
 * Issue 13 items 2 and 3: window edges in the native store, long idle, nested flicker, and
 * what is seen only as an interruption.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { appendBatch, openStore, readNative, registerSource, storePath } from "../src/store/mod.ts";
import { compile } from "../src/compile/mod.ts";
import { emit } from "../src/emit/mod.ts";
import type { Capabilities, Snapshot } from "../src/model.ts";
import { every, makeCapture, type SnapRow, T0 } from "./_capture.ts";
import { assertValidDocument } from "./_schema.ts";

const dir = Deno.makeTempDirSync({ prefix: "frames_edges_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const CAPS: Capabilities = {
  input: true,
  elements: false,
  urls: true,
  heartbeats: true,
  focus: false,
};
const UTC = { tz: "UTC", minMinutes: 0 };
const DAY = 86_400_000;
const MIDNIGHT = Date.UTC(2026, 6, 5);
let n = 0;

/** A native store holding the given snapshots (display monitor_1) and idle times. */
function store(rows: [number, string, number?][]): string {
  const path = join(dir, `home${++n}`, storePath(".frames"));
  const db = openStore(path);
  try {
    const id = registerSource(db, {
      adapter: "engine",
      location: "x11",
      fingerprint: "f",
      capabilities: CAPS,
    });
    const snaps: Snapshot[] = rows.map(([at, app], i) => ({
      ref: i + 1,
      at,
      display: "monitor_1",
      app,
      trigger: "heartbeat",
    }));
    appendBatch(db, { snapshots: snaps, events: [] }, { sourceId: id });
  } finally {
    db.close();
  }
  const raw = new DatabaseSync(path);
  try {
    const set = raw.prepare("UPDATE snapshots SET idle_ms = ? WHERE at_ms = ?");
    for (const [at, , idle] of rows) if (idle !== undefined) set.run(idle, at);
  } finally {
    raw.close();
  }
  return path;
}

Deno.test("readNative() reads one snapshot past the window, so per-day ledgers add up to the two-day one", () => {
  const path = store([
    [MIDNIGHT - 120_000, "Code"],
    [MIDNIGHT - 60_000, "Code"],
    [MIDNIGHT + 30_000, "Code"],
    [MIDNIGHT + 60_000, "Code"],
  ]);
  const day1 = readNative(path, { start: MIDNIGHT - DAY, end: MIDNIGHT });
  equal(day1.snapshots.length, 2);
  deepEqual(day1.after?.map((s) => s.at), [MIDNIGHT + 30_000]);
  const a = compile(day1, UTC),
    b = compile(readNative(path, { start: MIDNIGHT, end: MIDNIGHT + DAY }), UTC);
  const both = compile(readNative(path, { start: MIDNIGHT - DAY, end: MIDNIGHT + DAY }), UTC);
  // 60 s, then the capped 90 s the last snapshot of the day earns across midnight; then 30 s.
  equal(a.ledger[0].minutes, 2.5);
  equal(b.ledger[0].minutes, 0.5);
  equal(both.ledger[0].minutes, 3);
  // The day's frame keeps its id in the two-day document.
  equal(a.frames[0].id, both.frames[0].id);
  // Gaps before the first and after the last snapshot are reported.
  equal(a.coverage.gaps[0].start, "2026-07-04T00:00:00Z");
  equal(b.coverage.gaps[b.coverage.gaps.length - 1].end, "2026-07-06T00:00:00Z");
});

Deno.test("compile() ends dwell where the native engine says input was idle for a session gap or more", () => {
  const rows: [number, string, number?][] = [
    [T0, "Code", 1000],
    [T0 + 30_000, "Code", 31_000],
    [T0 + 60_000, "Code", 299_000],
    [T0 + 90_000, "Code", 301_000], // idle past 300 s: earns nothing, closes the frame
    [T0 + 120_000, "Code", 331_000],
    [T0 + 150_000, "Code", 500],
    [T0 + 180_000, "Code", 30_500],
  ];
  const capture = readNative(store(rows), { start: T0 - 3_600_000, end: T0 + 3_600_000 });
  equal(capture.snapshots[3].idleMs, 301_000);
  const doc = compile(capture, UTC);
  // 30 + 30 + 30 (the 299 s one still earns) + 0 + 0 + 30 s.
  equal(doc.coverage.active_minutes, 2);
  equal(doc.frames.length, 3);
});

Deno.test("compile() folds nested flicker A B C B A by all the time away from A", () => {
  const nested = (b: number, c: number): SnapRow[] => [
    ...every(10, 0, 60, "Code"),
    [60, "Slack"],
    [60 + b, "Chrome", "https://github.com/a/b"],
    [60 + b + c, "Slack"],
    ...every(10, 60 + 2 * b + c, 200 + 2 * b + c, "Code"),
  ];
  const short = compile(makeCapture(nested(5, 6)), UTC);
  equal(short.frames.length, 1);
  deepEqual(short.frames[0].interruptions.map((x) => [x.app, x.seconds]), [["Slack", 10], [
    "Chrome",
    6,
  ]]);
  equal(short.frames[0].duration_min, Math.round((60 + 130) / 6) / 10);
  // 8 + 10 + 8 = 26 s away from Code: B C B folds, A B A does not.
  const long = compile(makeCapture(nested(8, 10)), UTC);
  deepEqual(long.frames.map((f) => f.app), ["Code", "Slack", "Code"]);
  deepEqual(long.frames[1].interruptions.map((x) => [x.app, x.seconds]), [["Chrome", 10]]);
});

Deno.test("compile() lists a site seen only as an interruption in the roll-up, context and report", () => {
  const capture = makeCapture([
    ...every(10, 0, 60, "Code"),
    [60, "Firefox", "https://news.ycombinator.com/item?id=1"],
    ...every(10, 72, 200, "Code"),
  ], { events: [[62, "click"], [63, "key"], [64, "paste"], [65, "scroll"]] });
  const doc = compile(capture, UTC);
  assertValidDocument(doc);
  equal(doc.frames.length, 1);
  deepEqual(doc.sites, [{ site: "news.ycombinator.com", minutes: 0.2, frames: 0 }]);
  ok(doc.ledger.some((e) => e.app === "Firefox"));
  const x = doc.frames[0].interruptions[0];
  equal(x.input, 4);
  deepEqual(
    [x.input_counts?.clicks, x.input_counts?.keys, x.input_counts?.pastes, x.input_counts?.scrolls],
    [1, 1, 1, 1],
  );
  for (const format of ["context", "md"] as const) {
    const text = emit(doc, { format });
    ok(text.includes("news.ycombinator.com"), `${format} names the site`);
    ok(text.includes("Firefox"), `${format} names the app`);
  }
});

Deno.test("compile() ends the trailing gap of a window still happening at observedUntil, not in the future", () => {
  const capture = makeCapture([[0, "Code"], [30, "Code"], [60, "Code"]], {
    window: { start: T0 - 60_000, end: T0 + DAY },
  });
  const whole = compile(capture, UTC).coverage.gaps;
  equal(whole.length, 1, "the day's remaining hours are a gap when the day is over");
  equal(whole[0].end, compile(capture, UTC).window.end);
  // Read ten minutes after the last snapshot: only those ten minutes are a gap.
  const now = compile(capture, { ...UTC, observedUntil: T0 + 660_000 }).coverage.gaps;
  deepEqual(now.map((g) => g.minutes), [10]);
  // Read within the session gap: nothing is missing yet.
  deepEqual(compile(capture, { ...UTC, observedUntil: T0 + 120_000 }).coverage.gaps, []);
});
