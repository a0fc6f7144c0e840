/**
 * The one focus timeline (SPEC §3.7, issue 13): property tests over generated multi-display
 * days, checked against a brute-force second-by-second implementation written here.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import fc from "fast-check";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { dedupMs, tallyCredit } from "../src/compile/tally.ts";
import type { Capture, InputKind, Snapshot } from "../src/model.ts";
import { makeCapture, type SnapRow, T0 } from "./_capture.ts";

const APPS = ["Code", "Slack", "Chrome", "Mail"];
const URLS = [undefined, "https://github.com/a/b", "https://news.ycombinator.com/"];

/**
 * A generated day on 2–3 displays: each display writes rows at its own irregular pace
 * (some gaps past the dwell cap, a few past the session gap); focus sits on one display
 * for a while, then moves, and rows say `focused` as a recorder would — with now and then
 * a stale claim (a row still saying focused after focus moved).
 */
const dayArb: fc.Arbitrary<Capture> = fc.record({
  displays: fc.integer({ min: 2, max: 3 }),
  steps: fc.array(
    fc.record({
      gap: fc.oneof(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 0, max: 400 }),
      ),
      display: fc.integer({ min: 0, max: 2 }),
      app: fc.integer({ min: 0, max: APPS.length - 1 }),
      url: fc.integer({ min: 0, max: URLS.length - 1 }),
      moveFocus: fc.integer({ min: 0, max: 9 }),
      stale: fc.integer({ min: 0, max: 9 }),
    }),
    { minLength: 2, maxLength: 120, size: "max" },
  ),
  events: fc.array(
    fc.record({
      at: fc.integer({ min: 0, max: 12_000 }),
      kind: fc.constantFrom<InputKind>("click", "key", "scroll", "paste"),
    }),
    { maxLength: 60, size: "max" },
  ),
}).map(({ displays, steps, events }) => {
  let t = 0, focus = 0;
  const rows: SnapRow[] = steps.map((s) => {
    t += s.gap;
    if (s.moveFocus === 0) focus = (focus + 1) % displays;
    const d = s.display % displays;
    const focused = d === focus || s.stale === 0;
    return [t, APPS[s.app], URLS[s.url], `monitor_${d + 1}`, "visual", focused];
  });
  return makeCapture(rows, {
    events: events.map((e) => [e.at, e.kind]),
    capabilities: { focus: true },
  });
});

/** Snapshots of one display in `(at, ref)` order. */
function byDisplay(capture: Capture): Map<string, Snapshot[]> {
  const m = new Map<string, Snapshot[]>();
  for (const s of capture.snapshots) {
    if (!m.has(s.display)) m.set(s.display, []);
    m.get(s.display)!.push(s);
  }
  for (const list of m.values()) list.sort((a, b) => a.at - b.at || a.ref - b.ref);
  return m;
}

/** Credited end of snapshot `i` of a display's list (SPEC §3.2), or its own time. */
function creditedEnd(list: Snapshot[], i: number): number {
  if (i + 1 >= list.length) return list[i].at;
  const gap = list[i + 1].at - list[i].at;
  return gap > 300_000 ? list[i].at : list[i].at + Math.min(gap, 90_000);
}

/**
 * Brute force: at instant `t`, every display whose current snapshot says focused and is
 * still inside its credited dwell claims focus; the claim that began last holds it (a
 * claim begins where a run of focused rows with back-to-back credit begins), ties going to
 * the display first by name. Returns the holder's display and app, or undefined.
 */
function holderAt(
  displays: Map<string, Snapshot[]>,
  t: number,
): { display: string; app: string } | undefined {
  let best: { display: string; app: string; since: number } | undefined;
  for (const name of [...displays.keys()].sort()) {
    const list = displays.get(name)!;
    let i = -1;
    for (let j = 0; j < list.length; j++) if (list[j].at <= t) i = j;
    if (i < 0 || list[i].focused !== true || t >= creditedEnd(list, i)) continue;
    let since = list[i].at;
    for (let j = i - 1; j >= 0; j--) {
      const end = creditedEnd(list, j);
      if (list[j].focused !== true || end <= list[j].at || end !== list[j + 1].at) break;
      since = list[j].at;
    }
    if (best === undefined || since > best.since) best = { display: name, app: list[i].app, since };
  }
  return best;
}

/** Brute-force focused ms per app, sampling the middle of every second of the day. */
function truthByApp(capture: Capture): Map<string, number> {
  const displays = byDisplay(capture);
  const out = new Map<string, number>();
  const last = Math.max(...capture.snapshots.map((s) => s.at));
  for (let t = T0 + 500; t < last + 90_000; t += 1000) {
    const h = holderAt(displays, t);
    if (h) out.set(h.app, (out.get(h.app) ?? 0) + 1000);
  }
  return out;
}

Deno.test("buildFrames() credits focused time per app exactly as a second-by-second brute force does", () => {
  fc.assert(
    fc.property(dayArb, (capture) => {
      const built = buildFrames(capture, DEFAULT_RULES);
      const got = new Map<string, number>();
      built.streams.forEach((st, k) => {
        st.snaps.forEach((s, i) => {
          const ms = built.focus.credit[k][i];
          if (ms > 0) got.set(s.app, (got.get(s.app) ?? 0) + ms);
        });
      });
      deepEqual(
        [...got.entries()].sort(),
        [...truthByApp(capture).entries()].sort(),
      );
    }),
    { seed: 1301, numRuns: 150 },
  );
});

Deno.test("compile() focused seconds: Σ per app = Σ per display = total ≤ deduplicated active", () => {
  fc.assert(
    fc.property(dayArb, (capture) => {
      const built = buildFrames(capture, DEFAULT_RULES);
      const tally = tallyCredit(built);
      let apps = 0;
      for (const ms of tally.appFocus.values()) apps += ms;
      equal(apps, tally.focusMs);
      equal(tally.streamFocusMs.reduce((a, b) => a + b, 0), tally.focusMs);
      ok(tally.focusMs <= dedupMs(tally));
      // Frames earn focus only from their own snapshots: frames + detours = the total.
      let frames = 0;
      for (const f of built.frames) {
        ok(f.focusedMs <= f.durationMs);
        frames += f.focusedMs;
      }
      ok(frames <= tally.focusMs);
      // No instant has two holders: the timeline's segments are disjoint and ordered.
      const sp = built.focus.spans;
      for (let j = 2; j < sp.length; j += 2) ok(sp[j] >= sp[j - 1]);
      // The document says the same, to its rounding.
      const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
      const ledger = doc.ledger.reduce((a, e) => a + (e.focused_minutes ?? 0), 0);
      ok(Math.abs(ledger - doc.coverage.focused_minutes!) <= 0.05 * doc.ledger.length + 1e-9);
      ok(doc.coverage.focused_minutes! <= doc.coverage.dedup_active_minutes);
    }),
    { seed: 1302, numRuns: 200 },
  );
});

Deno.test("compile() keeps visible time per display and per app whatever focus says", () => {
  fc.assert(
    fc.property(dayArb, (capture) => {
      const withFocus = compile(capture, { tz: "UTC", minMinutes: 0 });
      const blind = structuredClone(capture);
      blind.facts.capabilities.focus = false;
      const without = compile(blind, { tz: "UTC", minMinutes: 0 });
      for (const [d, c] of Object.entries(withFocus.coverage.per_display)) {
        equal(c.active_minutes, without.coverage.per_display[d].active_minutes);
      }
      deepEqual(
        withFocus.ledger.map((e) => [e.app, e.minutes]),
        without.ledger.map((e) => [e.app, e.minutes]),
      );
      // And visible per display is the plain dwell sum of SPEC §3.2, computed here.
      for (const [d, list] of byDisplay(capture)) {
        let ms = 0;
        list.forEach((s, i) => ms += creditedEnd(list, i) - s.at);
        equal(withFocus.coverage.per_display[d].active_minutes, Math.round(ms / 6000) / 10);
      }
    }),
    { seed: 1303, numRuns: 150 },
  );
});

Deno.test("buildFrames() gives an event without a display to the display holding focus", () => {
  fc.assert(
    fc.property(dayArb, (capture) => {
      const built = buildFrames(capture, DEFAULT_RULES);
      const displays = byDisplay(capture);
      for (const f of built.frames) {
        const all = [...f.events, ...f.interruptions.flatMap((x) => x.events)];
        for (const e of all) {
          const h = holderAt(displays, e.at);
          if (h !== undefined) equal(f.display, h.display, `event at ${e.at - T0}`);
        }
      }
    }),
    { seed: 1304, numRuns: 150 },
  );
});
