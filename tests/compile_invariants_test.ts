import { deepEqual, equal } from "node:assert/strict";
import fc from "fast-check";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import type { Capture, InputKind, Marker, Trigger } from "../src/model.ts";
import { makeCapture, type SnapRow, T0 } from "./_capture.ts";

const APPS = ["Code", "Slack", "Chrome", "Zoom", "Mail"];
const URLS = [
  undefined,
  "https://github.com/a/b",
  "https://mail.google.com/mail/u/0",
  "about:blank",
];
const KINDS: InputKind[] = ["click", "key", "text", "scroll", "copy", "paste", "switch", "other"];
const TRIGGERS: (Trigger | undefined)[] = ["input", "visual", "switch", "heartbeat", undefined];
const MARKER_KINDS: Marker["kind"][] = ["away", "back", "stop", "start"];

/**
 * A random day: 1–3 displays, irregular gaps (some beyond the session gap), input anywhere,
 * and a few recorder markers (away, back, stop, start), some on a snapshot's own instant.
 */
const captureArb: fc.Arbitrary<Capture> = fc.record({
  displays: fc.integer({ min: 1, max: 3 }),
  steps: fc.array(
    fc.record({
      gap: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 700 })),
      app: fc.integer({ min: 0, max: APPS.length - 1 }),
      url: fc.integer({ min: 0, max: URLS.length - 1 }),
      display: fc.integer({ min: 0, max: 2 }),
      trigger: fc.integer({ min: 0, max: TRIGGERS.length - 1 }),
      focused: fc.boolean(),
    }),
    { maxLength: 150, size: "max" },
  ),
  events: fc.array(
    fc.record({ at: fc.integer({ min: -100, max: 20_000 }), kind: fc.integer({ min: 0, max: 7 }) }),
    { maxLength: 150, size: "max" },
  ),
  focus: fc.boolean(),
  markers: fc.array(
    fc.record({
      at: fc.integer({ min: 0, max: 20_000 }),
      onSnapshot: fc.boolean(),
      kind: fc.integer({ min: 0, max: MARKER_KINDS.length - 1 }),
      display: fc.option(fc.integer({ min: 1, max: 3 })),
    }),
    { maxLength: 8 },
  ),
}).map(({ displays, steps, events, focus, markers }) => {
  let t = 0;
  const rows: SnapRow[] = steps.map((s) => {
    t += s.gap;
    const d = `monitor_${(s.display % displays) + 1}`;
    return [t, APPS[s.app], URLS[s.url], d, TRIGGERS[s.trigger], s.focused];
  });
  const capture = makeCapture(rows, {
    events: events.map((e) => [e.at, KINDS[e.kind], undefined, 3]),
    capabilities: { focus },
  });
  // Engines write a closing snapshot and the away marker at one instant: test that too.
  const at = (m: { at: number; onSnapshot: boolean }) =>
    m.onSnapshot && rows.length > 0 ? T0 + rows[m.at % rows.length][0] * 1000 : T0 + m.at * 1000;
  if (markers.length > 0) {
    capture.markers = markers.map((m, i) => ({
      ref: 50_000 + i,
      at: at(m),
      kind: MARKER_KINDS[m.kind],
      ...(m.display === null ? {} : { display: `monitor_${m.display}` }),
    }));
  }
  return capture;
});

/** Times of the markers that end dwell on `display`: those naming it, or naming none. */
function cuts(capture: Capture, display: string): number[] {
  return (capture.markers ?? []).filter((m) =>
    (m.kind === "away" || m.kind === "stop") && (m.display ?? display) === display
  ).map((m) => m.at);
}

function creditByApp(capture: Capture): Map<string, number> {
  const built = buildFrames(capture, DEFAULT_RULES);
  const out = new Map<string, number>();
  for (const st of built.streams) {
    st.snaps.forEach((s, i) => out.set(s.app, (out.get(s.app) ?? 0) + st.credit[i]));
  }
  return out;
}

Deno.test("buildFrames() conserves every app's dwell across frames and interruptions", () => {
  fc.assert(
    fc.property(captureArb, (capture) => {
      const built = buildFrames(capture, DEFAULT_RULES);
      const got = new Map<string, number>();
      const add = (app: string, ms: number) => got.set(app, (got.get(app) ?? 0) + ms);
      for (const f of built.frames) {
        add(f.app, f.durationMs);
        for (const x of f.interruptions) add(x.app, x.creditMs);
      }
      const want = creditByApp(capture);
      for (const [app, ms] of want) equal(got.get(app) ?? 0, ms, `app ${app}`);
      equal(got.size, [...got.keys()].filter((a) => want.has(a)).length);
    }),
    { seed: 20261129, numRuns: 400 },
  );
});

Deno.test("buildFrames() conserves input: frames + interruptions + unattributed = all events", () => {
  fc.assert(
    fc.property(captureArb, (capture) => {
      const built = buildFrames(capture, DEFAULT_RULES);
      const refs: number[] = built.unattributed.map((e) => e.ref);
      for (const f of built.frames) {
        for (const e of f.events) refs.push(e.ref);
        for (const x of f.interruptions) for (const e of x.events) refs.push(e.ref);
      }
      refs.sort((a, b) => a - b);
      deepEqual(refs, capture.events.map((e) => e.ref).sort((a, b) => a - b));
    }),
    { seed: 7, numRuns: 400 },
  );
});

Deno.test("buildFrames() never credits time, a frame or input across an away or stop marker", () => {
  let cut = 0;
  fc.assert(
    fc.property(captureArb, (capture) => {
      const built = buildFrames(capture, DEFAULT_RULES);
      for (const st of built.streams) {
        const marks = cuts(capture, st.display);
        const crosses = (from: number, to: number) => marks.some((m) => m >= from && m < to);
        st.snaps.forEach((_, i) => {
          const from = st.at[i], to = from + st.credit[i];
          equal(crosses(from, to), false, `snapshot at ${from} credited over a marker`);
          // The credit a marker took away is what the rule says, not less.
          const next = i + 1 < st.at.length ? st.at[i + 1] : Infinity;
          const m = marks.filter((x) => x >= from && x < next).sort((a, b) => a - b)[0];
          if (m !== undefined && next - from <= DEFAULT_RULES.sessionGapS * 1000) {
            equal(st.credit[i], Math.min(m - from, DEFAULT_RULES.dwellCapS * 1000));
            cut++;
          }
        });
      }
      for (const f of built.frames) {
        const marks = cuts(capture, f.display);
        const crosses = (from: number, to: number) => marks.some((m) => m >= from && m < to);
        equal(crosses(f.startMs, f.endMs), false, `frame ${f.id} spans a marker`);
        for (const p of [f, ...f.interruptions]) {
          for (const e of p.events) {
            const i = f.stream.at.findLastIndex((t) => t <= e.at);
            equal(crosses(f.stream.at[i], e.at + 1), false, `event at ${e.at} past a marker`);
          }
        }
      }
    }),
    { seed: 2026_13, numRuns: 400 },
  );
  // Otherwise the property would hold for want of markers between snapshots.
  equal(cut > 100, true, `only ${cut} snapshots were cut by a marker`);
});

Deno.test("compile() documents conserve input counts and never credit more than the span", () => {
  fc.assert(
    fc.property(captureArb, (capture) => {
      const doc = compile(capture, { tz: "Europe/Berlin", minMinutes: 0 });
      let events = doc.coverage.unattributed_input;
      for (const f of doc.frames) {
        events += f.input.events;
        for (const x of f.interruptions) events += x.input ?? 0;
      }
      equal(events, capture.events.length);
      equal(doc.coverage.dedup_active_minutes <= doc.coverage.span_minutes + 0.05, true);
      equal(doc.coverage.dedup_active_minutes <= doc.coverage.active_minutes + 0.05, true);
    }),
    { seed: 99, numRuns: 300 },
  );
});

Deno.test("compile() gives the same bytes for shuffled rows", () => {
  fc.assert(
    fc.property(captureArb, fc.integer(), (capture, seed) => {
      const a = JSON.stringify(compile(capture, { tz: "America/New_York" }));
      const shuffled = structuredClone(capture);
      const rand = fc.sample(fc.integer(), { seed, numRuns: 1 })[0];
      let x = rand >>> 0;
      const next = () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      const lists = [shuffled.snapshots, shuffled.events, shuffled.markers ?? []] as unknown[][];
      for (const list of lists) {
        for (let i = list.length - 1; i > 0; i--) {
          const j = Math.floor(next() * (i + 1));
          [list[i], list[j]] = [list[j], list[i]];
        }
      }
      equal(JSON.stringify(compile(shuffled, { tz: "America/New_York" })), a);
    }),
    { seed: 3, numRuns: 200 },
  );
});
