/**
 * The tail-only recompute of an incremental session (src/compile/tail.ts, issue 19 item 3):
 * on random days of the demo (several seeds, one- and two-display days) and random cut
 * points, the spliced frames equal a whole buildFrames() stage by stage and the documents
 * equal a full compile byte for byte, both conservation invariants hold at every cut, the
 * deltas that must fall back stay exact, and the tail path is the one that ran.
 */
import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import {
  buildFrames,
  type Built,
  type Capture,
  compile,
  type CompileOptions,
  DEFAULT_RULES,
  startIncremental,
} from "../src/compile/mod.ts";
import { absorbPaths } from "../src/compile/incremental.ts";
import { TAIL_TEST_HOOKS, tailSession } from "../src/compile/tail.ts";
import { cachedSiteOf } from "../src/compile/site.ts";
import { dayWindow } from "../src/compile/time.ts";
import { type Tally, tallyCredit } from "../src/compile/tally.ts";
import { redactCapture } from "../src/entities/redact_capture.ts";
import { deltaBetween, prefixCapture } from "../src/cache/replay.ts";
import { emitJson } from "../src/emit/json.ts";
import { rng } from "./_routines_synth.ts";
import { typePage } from "../src/entities/type_page.ts";
import { makeCapture, type SnapRow, T0 } from "./_capture.ts";
import { assertConserved } from "./_conserved.ts";
import fc from "fast-check";
import type { InputEvent, Snapshot } from "../src/model.ts";

const TZ = "Europe/Berlin";
const dir = Deno.makeTempDirSync({ prefix: "frames_tail_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

interface Day {
  seed: number;
  day: string;
  capture: Capture;
  displays: number;
}

/** Per seed: the busiest day, a two-display day and one more, as the reader reads them. */
const DAYS: Day[] = [];
for (const seed of [42, 7, 2027]) {
  const demo = writeDemoDatabase(join(dir, `demo_${seed}.sqlite`), { seed, days: 6 });
  const read = demo.days.map((d) => {
    const capture = readScreenpipe(demo.path, dayWindow(d.day, TZ));
    return {
      seed,
      day: d.day,
      capture,
      displays: new Set(capture.snapshots.map((s) => s.display)).size,
    };
  });
  const pick = new Set<Day>();
  pick.add(read.find((d) => d.day === demo.busiestDay)!);
  const two = read.find((d) => d.displays > 1 && !pick.has(d));
  if (two) pick.add(two);
  pick.add(read[seed % read.length]);
  for (const d of pick) DAYS.push(d);
}

/**
 * Random cut points through a capture's rows: runs of one-row, one-minute, ten-minute and
 * random steps, as a live session would see them arrive.
 */
function randomCuts(capture: Capture, seed: number, max: number): number[] {
  const next = rng(seed);
  const times = [...new Set([...capture.snapshots, ...capture.events].map((r) => r.at))]
    .sort((a, b) => a - b);
  if (times.length === 0) return [];
  const cuts: number[] = [];
  let t = times[Math.floor(next() * times.length * 0.3)];
  while (cuts.length < max && t <= times[times.length - 1]) {
    const mode = Math.floor(next() * 4), run = 1 + Math.floor(next() * 8);
    for (let j = 0; j < run && cuts.length < max; j++) {
      if (mode === 0) {
        // One row: the cut just past the next distinct time.
        const i = times.findIndex((x) => x >= t);
        if (i < 0) break;
        t = times[i] + 1;
      } else {
        t += mode === 1 ? 60_000 : mode === 2 ? 600_000 : Math.floor(next() * 1_800_000) + 1;
      }
      cuts.push(t);
    }
  }
  return cuts;
}

/** The stage results of a Built, as plain data (frames by refs, events by ref). */
function stages(b: Built) {
  return {
    streams: b.streams.map((st) => ({
      display: st.display,
      refs: st.snaps.map((s) => s.ref),
      at: Array.from(st.at),
      credit: Array.from(st.credit),
      closed: Array.from(st.closed),
      until: Array.from(st.until),
      session: Array.from(st.session),
    })),
    frames: b.frames.map((f) => ({
      id: f.id,
      display: f.display,
      app: f.app,
      site: f.site,
      startMs: f.startMs,
      endMs: f.endMs,
      durationMs: f.durationMs,
      focusedMs: f.focusedMs,
      presenceMs: f.presenceMs,
      snaps: f.snaps.map((i) => f.stream.snaps[i].ref),
      credit: f.snaps.map((i) => f.stream.credit[i]),
      events: f.events.map((e) => e.ref),
      interruptions: f.interruptions.map((x) => ({ ...x, events: x.events.map((e) => e.ref) })),
    })),
    unattributed: b.unattributed.map((e) => e.ref),
    presence: b.presence.map((p) => Array.from(p)),
    focus: {
      spans: Array.from(b.focus.spans),
      holder: Array.from(b.focus.holder),
      credit: b.focus.credit.map((c) => Array.from(c)),
      streamMs: b.focus.streamMs,
      totalMs: b.focus.totalMs,
      overlap: [...b.focus.overlapMs],
    },
    stale: b.stale ? [...b.stale].map(([e, r]) => [e.ref, r]) : undefined,
  };
}

/** A tally as plain data: every union measured, sums by key (order aside where readers sort). */
function tallied(t: Tally) {
  const keys = ["\u0000all", "presence:", ...[...t.apps].map((a) => "app:" + a)];
  for (const s of t.sites) keys.push("site:" + s);
  const sorted = <V>(m: Map<string, V>) => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return {
    apps: [...t.apps],
    sites: [...t.sites],
    unions: keys.map((k) => [k, t.union.unionMs(k)]),
    appFocus: sorted(t.appFocus),
    titles: sorted(t.titles).map(([app, m]) => [app, sorted(m)]),
    streamFocusMs: t.streamFocusMs,
    focusMs: t.focusMs,
    streamMs: t.streamMs,
    activeMs: t.activeMs,
    firstMs: t.firstMs,
    lastMs: t.lastMs,
  };
}

/**
 * Drives a tail session over a day cut by cut, as incremental.ts does (rows appended to
 * one capture), comparing every cut's stages with a whole buildFrames(); returns the paths.
 */
function driveStages(d: Day, cuts: number[], keepLookAhead: boolean, stale: boolean) {
  const first = prefixCapture(d.capture, cuts[0]);
  // Markers (and, when asked, the look-ahead) known from the start: the rows arrive.
  if (d.capture.markers) first.markers = d.capture.markers;
  if (keepLookAhead && d.capture.after) first.after = d.capture.after;
  const cap = redactCapture({
    ...first,
    snapshots: [...first.snapshots],
    events: [...first.events],
  });
  const session = tailSession(cachedSiteOf());
  const opts = { stale };
  session.tally(session.build(cap, DEFAULT_RULES, opts, false));
  for (let c = 1; c < cuts.length; c++) {
    const delta = deltaBetween(d.capture, cuts[c - 1], cuts[c]);
    const red = redactCapture({
      ...d.capture,
      snapshots: [...delta.snapshots!],
      events: [...delta.events!],
    });
    cap.snapshots.push(...red.snapshots);
    cap.events.push(...red.events);
    const got = session.build(cap, DEFAULT_RULES, opts, true);
    const label = `seed ${d.seed} ${d.day} cut ${c}`;
    const whole = buildFrames(cap, DEFAULT_RULES, opts);
    deepStrictEqual(stages(got), stages(whole), label);
    deepStrictEqual(tallied(session.tally(got)), tallied(tallyCredit(whole)), `${label} tally`);
    assertConserved(got, cap, { label, toleranceMs: 1e-6 });
  }
  return session.counts;
}

Deno.test("the tail path's stages equal a whole buildFrames() at every random cut of demo days", () => {
  let runs = 0, tails = 0;
  equal(DAYS.some((d) => d.displays > 1), true, "a two-display day is among them");
  for (const [n, d] of DAYS.entries()) {
    for (const variant of [0, 1]) {
      const cuts = randomCuts(d.capture, d.seed * 100 + n * 10 + variant, 60);
      const counts = driveStages(d, cuts, variant === 1, variant === 0 || n % 2 === 0);
      runs++;
      tails += counts.tail;
      equal(counts.whole + counts.tail, cuts.length, `${d.day}: one build per cut`);
    }
  }
  ok(runs >= 6);
  // Not silently always falling back: nearly every cut went through the tail.
  ok(tails > runs * 40, `tail path ran ${tails} times over ${runs} runs`);
});

const OPTS: CompileOptions[] = [
  { tz: TZ, minMinutes: 0 },
  { tz: TZ, minMinutes: 0, inferDisplays: true },
];

Deno.test("incremental documents equal a full compile byte for byte at random cuts, with and without --displays", () => {
  const picked = [DAYS[0], DAYS.find((d) => d.displays > 1)!];
  for (const d of picked) {
    for (const [o, base] of OPTS.entries()) {
      const opts = { ...base, day: d.day };
      const cuts = randomCuts(d.capture, d.seed + o, 25);
      const session = startIncremental(prefixCapture(d.capture, cuts[0]), opts);
      for (let c = 1; c < cuts.length; c++) {
        const doc = session.absorb(deltaBetween(d.capture, cuts[c - 1], cuts[c]));
        const want = compile(prefixCapture(d.capture, cuts[c]), opts);
        equal(emitJson(doc), emitJson(want), `${d.day} cut ${c} opts ${o}`);
      }
      const paths = absorbPaths(session)!;
      // Markers of the day arrive with their rows: those absorbs fall back, the rest do not.
      ok(paths.tail >= (cuts.length - 1) / 2, `${d.day}: tail ${paths.tail} of ${cuts.length - 1}`);
      const last = session.absorb(deltaBetween(d.capture, cuts[cuts.length - 1], Infinity));
      equal(emitJson(last), emitJson(compile(d.capture, opts)));
    }
  }
});

/** A session on a busy demo day, warmed with a few tail absorbs, and its last cut. */
function warmSession(d: Day, opts: CompileOptions) {
  const cuts = randomCuts(d.capture, 5, 6);
  const session = startIncremental(prefixCapture(d.capture, cuts[0]), opts);
  for (let c = 1; c < cuts.length; c++) {
    session.absorb(deltaBetween(d.capture, cuts[c - 1], cuts[c]));
  }
  return { session, cut: cuts[cuts.length - 1] };
}

Deno.test("deltas that must fall back (late row, markers, look-ahead, machines) stay exact", () => {
  const d = DAYS[0];
  const opts = { tz: TZ, day: d.day, minMinutes: 0 };
  const cases: [
    string,
    (
      cut: number,
    ) => { rows: Capture; delta: Parameters<ReturnType<typeof startIncremental>["absorb"]>[0] },
  ][] = [
    ["a late event before the checkpoint", (cut) => {
      const late = d.capture.events.find((e) => e.at >= cut)!;
      const moved = { ...late, at: cut - 3_600_000 };
      const rows = prefixCapture(d.capture, cut);
      rows.events = [...rows.events, moved];
      return { rows, delta: { events: [moved] } };
    }],
    ["a new marker", (cut) => {
      const m = { ref: 777_777, at: cut - 120_000, kind: "away" as const };
      const rows = prefixCapture(d.capture, cut + 60_000);
      rows.markers = [
        ...(rows.markers ?? []).filter((x) => x.at < cut),
        m,
        ...(d.capture.markers ?? []).filter((x) => x.at >= cut && x.at < cut + 60_000),
      ];
      const delta = deltaBetween(d.capture, cut, cut + 60_000);
      delta.markers = [...(delta.markers ?? []), m];
      return { rows, delta };
    }],
    ["new display geometry", (cut) => {
      const displays = [{ display: "monitor_1", x: 0, y: 0, width: 1920, height: 1080, scale: 1 }];
      const rows = { ...prefixCapture(d.capture, cut + 60_000), displays };
      const delta = { ...deltaBetween(d.capture, cut, cut + 60_000), displays };
      return { rows, delta };
    }],
    ["the look-ahead arriving", (cut) => {
      // The first snapshot past the window, on the display of the day's last snapshot.
      const last = d.capture.snapshots.at(-1)!;
      const ahead = [{ ...last, ref: 999_999, at: d.capture.window.end + 5_000 }];
      const rows = prefixCapture(d.capture, cut + 60_000);
      rows.after = ahead;
      const delta = deltaBetween(d.capture, cut, cut + 60_000);
      delta.after = ahead;
      return { rows, delta };
    }],
  ];
  for (const [name, make] of cases) {
    const { session, cut } = warmSession(d, opts);
    const before = { ...absorbPaths(session)! };
    const { rows, delta } = make(cut);
    const doc = session.absorb(delta);
    equal(emitJson(doc), emitJson(compile(rows, opts)), name);
    equal(absorbPaths(session)!.whole, before.whole + 1, `${name} falls back`);
    // And the next plain minute after the fallback takes the tail path again, exactly.
    const next = deltaBetween(d.capture, cut + 60_000, cut + 120_000);
    const after = session.absorb(next);
    const all = session.capture();
    equal(
      emitJson(after),
      emitJson(compile({ ...all, snapshots: [...all.snapshots], events: [...all.events] }, opts)),
      `${name}, then a minute`,
    );
  }
  // Snapshots naming machines: every absorb is the whole day, and exact.
  const named: Capture = {
    ...d.capture,
    snapshots: d.capture.snapshots.map((s) => ({
      ...s,
      machine: s.display === "monitor_1" ? "a" : "b",
    })),
    events: d.capture.events.map((e) => ({ ...e, machine: "a" })),
  };
  const cuts = randomCuts(named, 11, 8);
  const session = startIncremental(prefixCapture(named, cuts[0]), opts);
  for (let c = 1; c < cuts.length; c++) {
    const doc = session.absorb(deltaBetween(named, cuts[c - 1], cuts[c]));
    equal(
      emitJson(doc),
      emitJson(compile(prefixCapture(named, cuts[c]), opts)),
      `machines cut ${c}`,
    );
  }
  equal(absorbPaths(session)!.tail, 0, "machines named: never the tail path");
});

Deno.test("a checkpoint one step too late is caught (the tests can fail)", () => {
  const d = DAYS.find((x) => x.displays > 1) ?? DAYS[0];
  TAIL_TEST_HOOKS.lateMs = 1;
  try {
    let caught = false;
    try {
      driveStages(d, randomCuts(d.capture, 3, 40), false, true);
    } catch {
      caught = true;
    }
    ok(caught, "an off-by-one checkpoint must differ from the whole build");
  } finally {
    TAIL_TEST_HOOKS.lateMs = 0;
  }
});

Deno.test("a new snapshot where the look-ahead was takes a stale event from the kept last slot", () => {
  // The last kept snapshot's dwell ends at the look-ahead (30 s) and stays the same when a
  // snapshot arrives exactly there; the event at 28 s disagrees with it (stale) and is now
  // nearer to the new snapshot, so the kept last slot changes although its dwell did not.
  const capture = makeCapture([[0, "Code"], [10, "Code"], [20, "Slack"], [30, "Mail"]], {
    events: [[5, "key"], [28, "key"]],
  });
  capture.events[1] = { ...capture.events[1], app: "Mail" };
  const last = capture.snapshots[3];
  const base: Capture = { ...capture, snapshots: capture.snapshots.slice(0, 3), after: [last] };
  const full: Capture = { ...capture, after: [last] };
  const opts = { tz: TZ, minMinutes: 0 };
  const session = startIncremental(base, opts);
  const doc = session.absorb({ snapshots: [last] });
  equal(absorbPaths(session)!.tail, 1);
  equal(emitJson(doc), emitJson(compile(full, opts)));
  equal(doc.coverage.reattributed_input, 1, "the event moved");
});

Deno.test("a kept snapshot whose credit drops to nothing leaves the tally's unions and sums", () => {
  // The last kept Slack heartbeat earns dwell up to the look-ahead; a snapshot arriving at
  // the very same instant leaves it no dwell at all, so the Slack union, its title and the
  // presence union lose their only interval.
  const rows: SnapRow[] = [
    [0, "Code", undefined, undefined, "heartbeat"],
    [10, "Slack", undefined, undefined, "heartbeat"],
    // Slack on a second display too, so its union is measured across displays.
    [0, "Slack", undefined, "monitor_2"],
    [5, "Code", undefined, "monitor_2"],
  ];
  const capture = makeCapture(rows, { events: [[2, "key", "monitor_1"]] });
  capture.snapshots[1] = { ...capture.snapshots[1], title: "only here" };
  capture.after = [{
    ref: 9_999,
    at: capture.snapshots[1].at + 10_000,
    display: "monitor_1",
    app: "Code",
  }];
  const late = { ...capture.snapshots[0], ref: 50, at: capture.snapshots[1].at };
  const cap = redactCapture({
    ...capture,
    snapshots: [...capture.snapshots],
    events: [...capture.events],
  });
  const session = tailSession(cachedSiteOf());
  const first = session.tally(session.build(cap, DEFAULT_RULES, {}, false));
  ok(first.union.unionMs("app:Slack") > 0 && first.union.unionMs("presence:") > 0);
  cap.snapshots.push(late);
  const got = session.build(cap, DEFAULT_RULES, {}, true);
  equal(session.counts.tail, 1);
  const whole = buildFrames(cap, DEFAULT_RULES, {});
  deepStrictEqual(stages(got), stages(whole));
  deepStrictEqual(tallied(session.tally(got)), tallied(tallyCredit(whole)));
  equal(session.tally(got).union.unionMs("app:Slack"), 5_000, "monitor_2's Slack only");
  equal(session.tally(got).union.unionMs("presence:"), 10_000, "only the new Code heartbeat");
  // A snapshot past the look-ahead (bad data: its dwell comes out negative) is kept as a
  // whole compile keeps it, an empty interval in no union.
  cap.snapshots.push({ ...late, ref: 51, at: late.at + 400_000 });
  const odd = session.build(cap, DEFAULT_RULES, {}, true);
  const oddWhole = buildFrames(cap, DEFAULT_RULES, {});
  deepStrictEqual(stages(odd), stages(oddWhole));
  deepStrictEqual(tallied(session.tally(odd)), tallied(tallyCredit(oddWhole)));
});

const APPS = ["Code", "Slack", "Chrome", "Zoom"];
const URLS = [undefined, "https://github.com/a/b", "https://mail.google.com/mail/u/0"];

/** A random synthetic day: 1–3 displays, flicker, focus, idle heartbeats, stale input, markers. */
const synthArb = fc.record({
  displays: fc.integer({ min: 1, max: 3 }),
  steps: fc.array(
    fc.record({
      gap: fc.oneof(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 400 })),
      app: fc.integer({ min: 0, max: 3 }),
      url: fc.integer({ min: 0, max: 2 }),
      display: fc.integer({ min: 0, max: 2 }),
      heartbeat: fc.boolean(),
      focused: fc.boolean(),
      idle: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 400_000 })),
    }),
    { minLength: 1, maxLength: 70 },
  ),
  events: fc.array(
    fc.record({
      at: fc.integer({ min: -50, max: 9_000 }),
      app: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 3 })),
      display: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 2 })),
    }),
    { maxLength: 70 },
  ),
  markers: fc.array(fc.integer({ min: 0, max: 9_000 }), { maxLength: 3 }),
  focus: fc.boolean(),
  after: fc.boolean(),
  cuts: fc.array(fc.integer({ min: 0, max: 9_500 }), { minLength: 1, maxLength: 12 }),
});

Deno.test("random synthetic days: the tail path's stages and tally equal a whole build at every cut", () => {
  let tails = 0;
  fc.assert(
    fc.property(synthArb, (r) => {
      let t = 0;
      const snapshots: Snapshot[] = r.steps.map((s, i) => {
        t += s.gap;
        return {
          ref: i + 1,
          at: T0 + t * 1000,
          display: `monitor_${(s.display % r.displays) + 1}`,
          app: APPS[s.app],
          ...(URLS[s.url] ? { url: URLS[s.url] } : {}),
          ...(s.heartbeat ? { trigger: "heartbeat" as const } : {}),
          focused: s.focused,
          title: `${APPS[s.app]} ${i % 3}`,
          ...(s.idle !== undefined ? { idleMs: s.idle } : {}),
        };
      });
      const events: InputEvent[] = r.events.map((e, i) => ({
        ref: 10_000 + i,
        at: T0 + e.at * 1000,
        kind: "key" as const,
        ...(e.app !== undefined ? { app: APPS[e.app] } : {}),
        ...(e.display !== undefined ? { display: `monitor_${(e.display % r.displays) + 1}` } : {}),
      }));
      const capture = makeCapture([], { capabilities: { focus: r.focus } });
      capture.snapshots = snapshots;
      capture.events = events;
      capture.markers = r.markers.map((m, i) => ({
        ref: 90_000 + i,
        at: T0 + m * 1000,
        kind: "away" as const,
      }));
      if (r.after) {
        capture.after = [{
          ref: 99_999,
          at: T0 + (t + 30) * 1000,
          display: "monitor_1",
          app: "Code",
        }];
      }
      const cuts = [...new Set(r.cuts.map((c) => T0 + c * 1000))].sort((a, b) => a - b);
      cuts.push(Infinity);
      const day: Day = { seed: 0, day: "synthetic", capture, displays: r.displays };
      const counts = driveStages(day, [-Infinity, ...cuts], r.after, true);
      tails += counts.tail;
    }),
    { seed: 7, numRuns: 400 },
  );
  ok(tails > 1000, `tail path ran ${tails} times`);
});

Deno.test("a focus claim that began before the checkpoint keeps when it began", () => {
  // monitor_1 claims focus from 0 s, monitor_2 from 50 s; where they overlap, the claim
  // that began last (monitor_2) holds focus — also after a cut at 75 s reopens both.
  const rows: [number, string, string?, string?, undefined?, boolean?][] = [];
  for (let s = 0; s <= 100; s += 10) {
    rows.push([s, "Code", undefined, "monitor_1", undefined, true]);
  }
  for (let s = 50; s <= 150; s += 10) {
    rows.push([s, "Slack", undefined, "monitor_2", undefined, true]);
  }
  const capture = makeCapture(rows, { capabilities: { focus: true } });
  const cut = T0 + 75_000;
  const day: Day = { seed: 0, day: "claims", capture, displays: 2 };
  const counts = driveStages(day, [-Infinity, cut, Infinity], false, true);
  equal(counts.tail, 1);
  const tl = buildFrames(capture, DEFAULT_RULES).focus;
  equal(tl.holder[tl.holder.length - 1], 1, "monitor_2 holds focus at the end");
});

Deno.test("a live tail read's delta (facts, geometry, look-ahead and elements passed anew) takes the tail path", () => {
  // cli/_delta.ts passes the window's facts with moved counts, the same display geometry
  // and look-ahead as new objects, the element lookup and a typer with every delta: none of
  // them is read by the measuring half, so the tail path still runs, exactly.
  const d = DAYS.find((x) => x.displays > 1) ?? DAYS[0];
  const opts = { tz: TZ, day: d.day, minMinutes: 0 };
  const cuts = randomCuts(d.capture, 23, 12);
  const session = startIncremental(prefixCapture(d.capture, cuts[0]), opts);
  for (let c = 1; c < cuts.length; c++) {
    const rows = deltaBetween(d.capture, cuts[c - 1], cuts[c]);
    const facts = {
      ...d.capture.facts,
      rows: { ...d.capture.facts.rows, frames: (d.capture.facts.rows.frames ?? 0) + c },
    };
    const doc = session.absorb({
      ...rows,
      markers: [],
      after: [],
      facts,
      displays: d.capture.displays.map((g) => ({ ...g })),
      elements: d.capture.elements,
      typer: typePage,
      observedUntil: cuts[c],
    });
    const all = session.capture();
    const want = compile({ ...all, snapshots: [...all.snapshots], events: [...all.events] }, {
      ...opts,
      typer: typePage,
      observedUntil: cuts[c],
    });
    equal(emitJson(doc), emitJson(want), `cut ${c}`);
  }
  equal(absorbPaths(session)!.tail, cuts.length - 1);
});
