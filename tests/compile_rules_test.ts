import { deepEqual as assertEquals, ok as assert } from "node:assert/strict";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { fromRuns } from "../src/compile/runs.ts";
import { every, makeCapture, type SnapRow, T0 } from "./_capture.ts";

const UTC = { tz: "UTC", minMinutes: 0 };

function detour(seconds: number): SnapRow[] {
  // Code 0..120 s, Slack for `seconds` (two snapshots), Code again for 120 s.
  const b = 120 + seconds;
  return [
    ...every(30, 0, 120, "Code"),
    [120, "Slack"],
    [120 + seconds / 2, "Slack"],
    ...every(30, b, b + 150, "Code"),
  ];
}

Deno.test("compile() folds a 19 s Slack detour into the editor frame", () => {
  const doc = compile(makeCapture(detour(19)), UTC);
  assertEquals(doc.frames.length, 1);
  const f = doc.frames[0];
  assertEquals(f.app, "Code");
  assertEquals(f.interruptions, [{ app: "Slack", seconds: 19 }]);
  // B's seconds are not added to A: 120 s before + 120 s after (last snapshot earns nothing).
  assertEquals(f.duration_min, 4);
  // The ledger still has Slack's 19 s.
  assertEquals(doc.ledger.find((l) => l.app === "Slack")?.minutes, 0.3);
});

Deno.test("compile() keeps a 21 s Slack detour as its own frame", () => {
  const doc = compile(makeCapture(detour(21)), UTC);
  assertEquals(doc.frames.map((f) => f.app), ["Code", "Slack", "Code"]);
  assertEquals(doc.frames[0].interruptions, []);
});

Deno.test("compile() tests the flicker rule on B's dwell, not its span", () => {
  // One Slack snapshot followed by 200 s of Slack: a span of one row, dwell of 200 s.
  const rows: SnapRow[] = [
    ...every(30, 0, 120, "Code"),
    [120, "Slack"],
    ...every(50, 170, 330, "Slack"),
    ...every(30, 330, 450, "Code"),
  ];
  const doc = compile(makeCapture(rows), UTC);
  assertEquals(doc.frames.map((f) => f.app), ["Code", "Slack", "Code"]);
  assertEquals(doc.frames[1].duration_min, 3.5);
});

Deno.test("compile() merges chains A B A C A repeatedly", () => {
  const rows: SnapRow[] = [
    ...every(30, 0, 90, "Code"),
    [90, "Slack"],
    ...every(30, 100, 190, "Code"),
    [190, "Mail"],
    ...every(30, 205, 300, "Code"),
  ];
  const doc = compile(makeCapture(rows), UTC);
  assertEquals(doc.frames.length, 1);
  assertEquals(doc.frames[0].interruptions, [
    { app: "Slack", seconds: 10 },
    { app: "Mail", seconds: 15 },
  ]);
});

Deno.test("compile() closes a frame on a 301 s gap but not on a 300 s gap", () => {
  // Windows that end at the last snapshot: only the gaps between snapshots are in question.
  const at300 = compile(
    makeCapture([[0, "Code"], [300, "Code"], [330, "Code"]], {
      window: { start: T0, end: T0 + 331_000 },
    }),
    UTC,
  );
  assertEquals(at300.frames.length, 1);
  assertEquals(at300.coverage.gaps, []);
  // 300 s earns the dwell cap of 90 s, then 30 s.
  assertEquals(at300.frames[0].duration_min, 2);
  const at301 = compile(
    makeCapture([[0, "Code"], [301, "Code"], [331, "Code"]], {
      window: { start: T0, end: T0 + 332_000 },
    }),
    UTC,
  );
  assertEquals(at301.frames.length, 2);
  assertEquals(at301.coverage.gaps.length, 1);
  assertEquals(at301.coverage.gaps[0].minutes, 5);
  assertEquals(at301.coverage.active_minutes, 0.5);
});

Deno.test("compile() caps dwell at 90 s", () => {
  const doc = compile(makeCapture([[0, "Code"], [200, "Code"], [260, "Code"]]), UTC);
  assertEquals(doc.frames[0].duration_min, 2.5); // 90 + 60
  assertEquals(doc.frames[0].wall_min, 4.3); // 0 → 260 s on the wall clock
});

Deno.test("compile() opens a new frame when the site changes", () => {
  const rows: SnapRow[] = [
    ...every(30, 0, 120, "Chrome", "https://www.github.com/a/b"),
    ...every(30, 120, 240, "Chrome", "https://docs.google.com/document/d/1"),
    [240, "Chrome", "https://github.com/a/c"],
  ];
  const doc = compile(makeCapture(rows), UTC);
  assertEquals(doc.frames.map((f) => f.site), ["github.com", "docs.google.com", "github.com"]);
});

Deno.test("compile() orders equal timestamps by ref", () => {
  const a = makeCapture([[0, "Code"], [0, "Slack"], [60, "Slack"], [90, "Slack"]]);
  const doc = compile(a, UTC);
  // Code (ref 1) comes first and earns 0 s; Slack (ref 2) earns the rest.
  assertEquals(doc.frames.map((f) => [f.app, f.duration_min]), [["Code", 0], ["Slack", 1.5]]);
  const b = makeCapture([[0, "Code"], [0, "Slack"], [60, "Slack"], [90, "Slack"]]);
  b.snapshots.reverse();
  assertEquals(JSON.stringify(compile(b, UTC)), JSON.stringify(doc));
});

Deno.test("compile() attributes a click after a frame's last snapshot to that frame", () => {
  const rows: SnapRow[] = [[0, "Code"], [30, "Code"], [60, "Chrome"], [90, "Chrome"]];
  // A click at 45 s lands after Code's last snapshot (30 s), before Chrome's first.
  const doc = compile(makeCapture(rows, { events: [[45, "click"], [61, "key"]] }), UTC);
  assertEquals(doc.frames[0].input.clicks, 1);
  assertEquals(doc.frames[1].input.keys, 1);
  assertEquals(doc.coverage.unattributed_input, 0);
});

Deno.test("compile() counts input in a session gap or after the last snapshot as unattributed", () => {
  const rows: SnapRow[] = [[0, "Code"], [30, "Code"], [400, "Code"], [430, "Code"]];
  const events: [number, "click"][] = [[-5, "click"], [100, "click"], [431, "click"], [
    10,
    "click",
  ]];
  const doc = compile(makeCapture(rows, { events }), UTC);
  assertEquals(doc.coverage.unattributed_input, 3);
  assertEquals(doc.frames.reduce((s, f) => s + f.input.clicks, 0), 1);
});

Deno.test("compile() keeps typed runs apart from key presses", () => {
  const rows: SnapRow[] = [[0, "Code"], [30, "Code"], [60, "Code"]];
  const events: [number, "text" | "key", undefined, number?][] = [
    [1, "text", undefined, 12],
    [2, "key", undefined],
    [3, "text", undefined, 5],
  ];
  const doc = compile(makeCapture(rows, { events }), UTC);
  const input = doc.frames[0].input;
  assertEquals([input.keys, input.text_runs, input.text_chars, input.events], [1, 2, 17, 3]);
});

Deno.test("compile() deduplicates minutes across two monitors and reports focus", () => {
  const rows: SnapRow[] = [];
  for (let s = 0; s < 600; s += 30) {
    rows.push([s, "Code", undefined, "monitor_1", "visual", s < 300]);
    rows.push([s + 1, "Slack", undefined, "monitor_2", "visual", s >= 300]);
  }
  const doc = compile(makeCapture(rows, { capabilities: { focus: true } }), UTC);
  assertEquals(doc.coverage.active_minutes, 19);
  // monitor_1 covers [0, 570) s and monitor_2 [1, 571) s: 571 s once.
  assertEquals(doc.coverage.dedup_active_minutes, 9.5);
  assertEquals(doc.coverage.per_display.monitor_1.active_minutes, 9.5);
  // Focus: monitor_1 for [0, 300) s, monitor_2 for [301, 571) s.
  assertEquals(doc.coverage.focused_minutes, 9.5);
  const code = doc.ledger.find((l) => l.app === "Code")!;
  const slack = doc.ledger.find((l) => l.app === "Slack")!;
  assertEquals([code.minutes, code.focused_minutes], [9.5, 5]);
  assertEquals([slack.minutes, slack.focused_minutes], [9.5, 4.5]);
  assert(doc.blind_spots.some((b) => b.startsWith("2 displays")));
});

Deno.test("compile() attributes input to the focused display first", () => {
  const rows: SnapRow[] = [
    [0, "Code", undefined, "monitor_1", "visual", true],
    [60, "Code", undefined, "monitor_1", "visual", true],
    [10, "Slack", undefined, "monitor_2", "visual", false],
    [70, "Slack", undefined, "monitor_2", "visual", false],
  ];
  const doc = compile(
    makeCapture(rows, { events: [[20, "key"]], capabilities: { focus: true } }),
    UTC,
  );
  const byApp = Object.fromEntries(doc.frames.map((f) => [f.app, f.input.keys]));
  assertEquals(byApp, { Code: 1, Slack: 0 });
});

Deno.test("compile() reports heartbeat-only dwell as presence", () => {
  const rows: SnapRow[] = [
    [0, "Preview", undefined, undefined, "switch"],
    ...every(30, 30, 330, "Preview", undefined, undefined, "heartbeat"),
  ];
  const doc = compile(makeCapture(rows, { events: [[35, "scroll"]] }), UTC);
  // 10 heartbeat rows; the first (30 s) has a scroll, the last earns nothing: 8 × 30 s.
  assertEquals(doc.frames[0].presence_min, 4);
  assertEquals(doc.coverage.presence_minutes, 4);
  assertEquals(doc.frames[0].duration_min, 5);
});

Deno.test("compile() omits frames under min_minutes but keeps their time", () => {
  const rows: SnapRow[] = [...every(30, 0, 120, "Code"), [120, "Slack"], [145, "Mail"], [
    160,
    "Mail",
  ]];
  const doc = compile(makeCapture(rows), { tz: "UTC" });
  assertEquals(doc.frames.map((f) => f.app), ["Code"]);
  assertEquals(doc.coverage.omitted_frames, 2);
  assertEquals(doc.coverage.omitted_minutes, 0.7);
  assertEquals(doc.ledger.map((l) => l.app), ["Code", "Slack", "Mail"]);
});

Deno.test("compile() gives frames ids that survive a narrower window", () => {
  const rows: SnapRow[] = [...every(30, 0, 600, "Code"), ...every(30, 600, 1200, "Chrome")];
  const full = compile(makeCapture(rows), UTC);
  const later = makeCapture(rows);
  later.snapshots = later.snapshots.filter((s) => s.at >= T0 + 600_000);
  const narrow = compile(later, UTC);
  assertEquals(narrow.frames[0].id, full.frames[1].id);
  assertEquals(full.frames[1].id, "monitor_1:21");
});

Deno.test("compile() evidence names exactly the frame's rows, partitioning the window", () => {
  const rows: SnapRow[] = [];
  for (let s = 0; s < 900; s += 15) {
    rows.push([s, s % 60 < 30 ? "Code" : "Chrome", undefined, "monitor_1"]);
    rows.push([s + 2, "Terminal", undefined, "monitor_2"]);
  }
  const doc = compile(makeCapture(rows, { events: [[5, "click"], [20, "key"], [3, "key"]] }), UTC);
  const seen = doc.frames.flatMap((f) => fromRuns(f.evidence.snapshots));
  assertEquals(seen.length, new Set(seen).size);
  assertEquals(seen.sort((a, b) => a - b), rows.map((_, i) => i + 1));
  for (const f of doc.frames) {
    const apps = new Set(fromRuns(f.evidence.snapshots).map((r) => rows[r - 1][1]));
    assert(apps.has(f.app));
  }
});

Deno.test("compile() records its constants and the timezone", () => {
  const doc = compile(makeCapture([[0, "Code"]]), { tz: "Asia/Kolkata", dwellCapS: 60 });
  assertEquals(doc.window.tz, "Asia/Kolkata");
  assertEquals(doc.compiler.constants, {
    dwell_cap_s: 60,
    session_gap_s: DEFAULT_RULES.sessionGapS,
    flicker_s: DEFAULT_RULES.flickerS,
    min_minutes: 0.5,
  });
  assertEquals(doc.coverage.first_activity, "2026-07-04T13:30:00+05:30");
});

Deno.test("buildFrames() handles an empty capture", () => {
  const built = buildFrames(makeCapture([], { events: [[1, "click"]] }), DEFAULT_RULES);
  assertEquals(built.frames, []);
  assertEquals(built.unattributed.length, 1);
  const doc = compile(makeCapture([]), UTC);
  assertEquals(doc.coverage.first_activity, null);
  assertEquals(doc.frames, []);
});

Deno.test("compile() labels a gap with the recorder's marker and leaves others unknown", () => {
  const capture = makeCapture([[0, "Code"], [30, "Code"], [400, "Code"], [430, "Code"], [
    800,
    "Code",
  ]], { window: { start: T0, end: T0 + 801_000 } });
  capture.markers = [
    { ref: 9, at: T0 + 500_000, kind: "stop" },
    { ref: 7, at: T0 + 31_000, kind: "away", reason: "screensaver" },
    { ref: 8, at: T0 + 399_000, kind: "back" },
  ];
  const gaps = compile(capture, UTC).coverage.gaps;
  assertEquals(gaps.map((g) => [g.reason, g.evidence]), [["screensaver", "7-8"], [
    "recorder stopped",
    "9",
  ]]);
  capture.markers = [];
  assertEquals(compile(capture, UTC).coverage.gaps.map((g) => g.reason), [undefined, undefined]);
});

Deno.test("compile() ends a snapshot's dwell at the away marker after it (SPEC §3.2 refined)", () => {
  // Code at 0 s and 30 s, the screen locks at 40 s, Slack after unlocking at 250 s: the
  // 210 s pause is no session gap, yet the recorder said the user left.
  const rows: SnapRow[] = [[0, "Code"], [30, "Code"], [250, "Slack"], [280, "Slack"]];
  const capture = makeCapture(rows, {
    events: [[35, "key"], [100, "key"], [260, "key"]],
    window: { start: T0, end: T0 + 300_000 },
  });
  const before = compile(capture, UTC);
  assertEquals(before.ledger.find((l) => l.app === "Code")?.minutes, 2); // 30 s + 90 s capped
  capture.markers = [
    { ref: 1, at: T0 + 40_000, kind: "away", reason: "locked" },
    { ref: 2, at: T0 + 250_000, kind: "back" },
  ];
  const doc = compile(capture, UTC);
  assertEquals(doc.ledger.find((l) => l.app === "Code")?.minutes, 0.7); // 30 s + 10 s
  // The key pressed while away is nobody's; the one before the lock is Code's.
  assertEquals(doc.coverage.unattributed_input, 1);
  assertEquals(doc.frames.find((f) => f.app === "Code")?.input.keys, 1);
  // A snapshot on the marker's own instant (the engine's closing heartbeat) earns nothing.
  capture.snapshots.push({ ref: 99, at: T0 + 40_000, display: "monitor_1", app: "Code" });
  assertEquals(compile(capture, UTC).ledger.find((l) => l.app === "Code")?.minutes, 0.7);
});
