import { deepStrictEqual, equal, notDeepStrictEqual } from "node:assert/strict";
import fc from "fast-check";
import {
  buildFrames,
  compile,
  DEFAULT_RULES,
  INCREMENTAL_TEST_HOOKS,
  startIncremental,
} from "../src/compile/mod.ts";
import type { InputKind, Marker, Trigger } from "../src/model.ts";
import { deltaBetween, prefixCapture, replay } from "../src/cache/replay.ts";
import { emitJson } from "../src/emit/json.ts";
import { makeCapture, type SnapRow, T0 } from "./_capture.ts";
import { assertConserved } from "./_conserved.ts";

const APPS = ["Code", "Slack", "Chrome", "Zoom"];
const URLS = [undefined, "https://github.com/a/b", "https://mail.google.com/mail/u/0"];
const KINDS: InputKind[] = ["click", "key", "text", "scroll", "paste", "switch"];
const TRIGGERS: (Trigger | undefined)[] = ["input", "visual", "heartbeat", undefined];
const MARKERS: Marker["kind"][] = ["away", "back", "stop", "start"];

/** A random day (1–3 displays, gaps past the session gap, input, markers) and cut points. */
const dayArb = fc.record({
  displays: fc.integer({ min: 1, max: 3 }),
  steps: fc.array(
    fc.record({
      gap: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 600 })),
      app: fc.integer({ min: 0, max: APPS.length - 1 }),
      url: fc.integer({ min: 0, max: URLS.length - 1 }),
      display: fc.integer({ min: 0, max: 2 }),
      trigger: fc.integer({ min: 0, max: TRIGGERS.length - 1 }),
      focused: fc.boolean(),
    }),
    { maxLength: 80 },
  ),
  events: fc.array(
    fc.record({ at: fc.integer({ min: -50, max: 12_000 }), kind: fc.integer({ min: 0, max: 5 }) }),
    { maxLength: 80 },
  ),
  markers: fc.array(
    fc.record({ at: fc.integer({ min: 0, max: 12_000 }), kind: fc.integer({ min: 0, max: 3 }) }),
    { maxLength: 4 },
  ),
  focus: fc.boolean(),
  after: fc.boolean(),
  cuts: fc.array(fc.integer({ min: 0, max: 12_500 }), { minLength: 1, maxLength: 8 }),
}).map((r) => {
  let t = 0;
  const rows: SnapRow[] = r.steps.map((s) => {
    t += s.gap;
    return [
      t,
      APPS[s.app],
      URLS[s.url],
      `monitor_${(s.display % r.displays) + 1}`,
      TRIGGERS[s.trigger],
      s.focused,
    ];
  });
  const capture = makeCapture(rows, {
    events: r.events.map((e) => [e.at, KINDS[e.kind], undefined, 2]),
    capabilities: { focus: r.focus },
    window: { start: T0 - 60_000, end: T0 + 12_000_000 },
  });
  if (r.markers.length > 0) {
    capture.markers = r.markers.map((m, i) => ({
      ref: 90_000 + i,
      at: T0 + m.at * 1000,
      kind: MARKERS[m.kind],
    }));
  }
  if (r.after) {
    capture.after = [{
      ref: 99_999,
      at: T0 + 12_000_000 + 5_000,
      display: "monitor_1",
      app: "Code",
    }];
  }
  const cuts = [...new Set(r.cuts.map((c) => T0 + c * 1000))].sort((a, b) => a - b);
  return { capture, cuts };
});

const OPTS = { tz: "Europe/Berlin", minMinutes: 0.2 };

Deno.test("startIncremental() equals a full compile byte for byte at every random cut", () => {
  fc.assert(
    fc.property(dayArb, ({ capture, cuts }) => {
      const session = startIncremental(prefixCapture(capture, -Infinity), OPTS);
      let from = -Infinity;
      for (const cut of [...cuts, Infinity]) {
        const doc = session.absorb(deltaBetween(capture, from, cut));
        const prefix = prefixCapture(capture, cut);
        equal(emitJson(doc), emitJson(compile(prefix, OPTS)), `cut ${cut}`);
        const cap = session.capture();
        assertConserved(buildFrames(cap, DEFAULT_RULES), cap);
        from = cut;
      }
      equal(emitJson(session.document()), emitJson(compile(capture, OPTS)));
    }),
    { seed: 19, numRuns: 300 },
  );
});

Deno.test("replay() in one-minute and ten-minute chunks ends on the full compile's bytes", () => {
  fc.assert(
    fc.property(dayArb, ({ capture }) => {
      for (const step of [60_000, 600_000]) {
        const cuts: number[] = [];
        for (let t = capture.window.start; t <= capture.window.end; t += step) cuts.push(t);
        const r = replay(capture, OPTS, cuts, { bytes: emitJson });
        deepStrictEqual(r.mismatches, []);
        equal(emitJson(r.doc), emitJson(compile(capture, OPTS)));
      }
    }),
    { seed: 2026, numRuns: 40 },
  );
});

Deno.test("replay() reports the mismatch when a broken absorb step is injected", () => {
  const capture = makeCapture([[0, "Code"], [30, "Slack"], [60, "Code"], [90, "Code"]], {
    events: [[10, "click"], [40, "key"], [70, "click"]],
  });
  const cuts = [T0 + 20_000, T0 + 50_000, T0 + 80_000];
  INCREMENTAL_TEST_HOOKS.dropEvent = true;
  try {
    const r = replay(capture, OPTS, cuts, { bytes: emitJson });
    notDeepStrictEqual(r.mismatches, []);
  } finally {
    INCREMENTAL_TEST_HOOKS.dropEvent = false;
  }
  deepStrictEqual(replay(capture, OPTS, cuts, { bytes: emitJson }).mismatches, []);
});
