import { deepEqual, equal } from "node:assert/strict";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { nearestSnapshot } from "../src/compile/enrich/mod.ts";
import { buildStreams } from "../src/compile/streams.ts";
import type { InputEvent } from "../src/model.ts";
import { T0 } from "./_capture.ts";
import { captureOf, snap } from "./_enrich.ts";

const UTC = { tz: "UTC", minMinutes: 0 };

function key(ref: number, s: number, app?: string): InputEvent {
  return { ref, at: T0 + s * 1000, kind: "key", ...(app !== undefined ? { app } : {}) };
}

// Slack until 60 s, Chrome from 60 s on.
const SNAPS = [
  snap(1, 0, "Slack"),
  snap(2, 30, "Slack"),
  snap(3, 60, "Chrome"),
  snap(4, 90, "Chrome"),
  snap(5, 120, "Chrome"),
];

Deno.test("compile() moves an event whose app disagrees to the nearest snapshot's frame", () => {
  // Recorded 0.3 s before Chrome's first snapshot, in Slack's interval, but says Chrome.
  const doc = compile(captureOf(SNAPS, [key(100, 59.7, "Chrome")]), UTC);
  const [slack, chrome] = doc.frames;
  equal(slack.input.keys, 0);
  equal(slack.input.reattributed, 0);
  equal(chrome.input.keys, 1);
  equal(chrome.input.reattributed, 1);
  equal(chrome.evidence.events, "100");
  equal(doc.coverage.reattributed_input, 1);
});

Deno.test("buildFrames() keeps the time distance to the nearest snapshot", () => {
  const ev = key(100, 59.7, "Chrome");
  const built = buildFrames(captureOf(SNAPS, [ev]), DEFAULT_RULES, { stale: true });
  deepEqual(built.stale?.get(ev), { from: 1, to: 2, distanceMs: 300 });
});

Deno.test("compile() leaves an agreeing event in its dwell interval however near the next snapshot", () => {
  const doc = compile(captureOf(SNAPS, [key(100, 59.7, "Slack"), key(101, 59.8)]), UTC);
  equal(doc.frames[0].input.keys, 2);
  equal(doc.coverage.reattributed_input, 0);
});

Deno.test("compile() keeps a disagreeing event nearer its own snapshot where it is, not counted as a move", () => {
  const doc = compile(captureOf(SNAPS, [key(100, 31, "Chrome")]), UTC);
  equal(doc.frames[0].input.keys, 1);
  // Stale attribution counts moves, not disagreements: this event stayed.
  equal(doc.frames[0].input.reattributed, 0);
  equal(doc.coverage.reattributed_input, 0);
});

Deno.test("compile() re-attributes on a window title that disagrees", () => {
  const snaps = [
    snap(1, 0, "Chrome", { title: "Inbox" }),
    snap(2, 30, "Chrome", { title: "Inbox" }),
    snap(3, 60, "Code", { title: "main.ts" }),
    snap(4, 90, "Code", { title: "main.ts" }),
  ];
  const ev: InputEvent = { ...key(100, 59, "Chrome"), title: "Calendar" };
  const built = buildFrames(captureOf(snaps, [ev]), DEFAULT_RULES, { stale: true });
  equal(built.stale?.get(ev)?.to, 2);
  equal(built.frames[1].events.length, 1);
});

Deno.test("nearestSnapshot() breaks a tie toward the earlier snapshot", () => {
  const [stream] = buildStreams(SNAPS, { dwellCapMs: 90_000, sessionGapMs: 300_000 });
  equal(nearestSnapshot(stream, T0 + 45_000), 1);
  equal(nearestSnapshot(stream, T0 + 45_001), 2);
  equal(nearestSnapshot(stream, T0 - 5_000), 0);
  equal(nearestSnapshot(stream, T0 + 500_000), 4);
});

Deno.test("compile() conserves input with stale attribution: nothing lost or counted twice", () => {
  const events = [
    key(100, 5, "Chrome"),
    key(101, 29.9, "Chrome"),
    key(102, 59.9, "Chrome"),
    key(103, 61, "Slack"),
    key(104, 119.9, "Slack"),
    key(105, 125, "Slack"),
    key(106, 500, "Slack"),
  ];
  const doc = compile(captureOf(SNAPS, events), UTC);
  const framed = doc.frames.reduce((n, f) => n + f.input.events, 0);
  equal(framed + doc.coverage.unattributed_input, events.length);
  equal(doc.coverage.unattributed_input, 2); // after the last snapshot: never re-attributed
});

Deno.test("compile() with enrich: false attributes by time only and records no enrichment", () => {
  const doc = compile(captureOf(SNAPS, [key(100, 59.7, "Chrome")]), { ...UTC, enrich: false });
  equal(doc.frames[0].input.keys, 1);
  equal(doc.frames[0].input.reattributed, undefined);
  equal(doc.coverage.click_resolution, undefined);
  equal(doc.compiler.enrichment, undefined);
});
