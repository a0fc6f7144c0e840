/**
 * Display geometry inferred from the capture (src/compile/enrich/infer_geometry.ts): it
 * recovers the demo's true geometry (computed from DEMO_DISPLAYS), an operator's geometry
 * always wins, thin evidence infers nothing and says so, shuffled input gives the same
 * bytes, monitors left of and above the primary are found, and window-relative bounds (as
 * screenpipe records them on Linux, crates/screenpipe-a11y/src/tree/linux.rs) fit no
 * display and are declined.
 *
 * The synthetic captures are built here from a seeded generator: element boxes normalised
 * to their display (as screenpipe does on macOS and Windows, tree/macos.rs and
 * tree/windows.rs `normalize_bounds`), clicks near a box's middle in global coordinates.
 */

import { deepEqual, equal, ok } from "node:assert/strict";
import { rng } from "./_routines_synth.ts";
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { buildFrames, compile, DEFAULT_RULES, startIncremental } from "../src/compile/mod.ts";
import { deltaBetween, prefixCapture } from "../src/cache/replay.ts";
import type {
  Capture,
  DisplayGeometry,
  Element,
  ElementProbe,
  InputEvent,
  Snapshot,
} from "../src/model.ts";
import {
  elementLookupFromRows,
  geometryMemo,
  parseDisplays,
  settleFrameGeometry,
} from "../src/compile/enrich/mod.ts";
import { GEOMETRY_MIN_CLICKS, GEOMETRY_MIN_FIT } from "../src/compile/rules.ts";
import { dayWindow } from "../src/compile/time.ts";
import { DEMO_DISPLAYS, writeDemoDatabase } from "../src/demo/mod.ts";
import { memoryFacts, T0 } from "./_capture.ts";
import { assertValidDocument } from "./_schema.ts";

interface SynthOptions {
  displays: DisplayGeometry[];
  /** Snapshots per display (one every 10 s); each gets a few clicks. */
  snaps: number;
  seed?: number;
  /** Normalise boxes to a random window per snapshot instead of the display. */
  windowRelative?: boolean;
  /** Clicks per snapshot (default 2). */
  clicksPerSnap?: number;
}

/**
 * A capture: per display, snapshots with 24 named buttons each, and clicks in global
 * coordinates near a random button's middle (within ±30% of its half-size); one click in
 * six lands anywhere on the display, as clicks on empty space do.
 */
function synth(opts: SynthOptions): Capture {
  const r = rng(opts.seed ?? 7);
  const snapshots: Snapshot[] = [], events: InputEvent[] = [], rows: Element[] = [];
  let ref = 1, evRef = 1;
  opts.displays.forEach((d, k) => {
    for (let i = 0; i < opts.snaps; i++) {
      const at = T0 + i * 10_000 + k * 1000;
      const sref = ref++;
      snapshots.push({ ref: sref, at, display: d.display, app: `App${k}`, trigger: "input" });
      // The reference frame the boxes are normalised to: the display, or a window on it.
      const win = opts.windowRelative
        ? {
          x: d.x + r() * d.width * 0.5,
          y: d.y + r() * d.height * 0.5,
          width: d.width * (0.3 + r() * 0.5),
          height: d.height * (0.3 + r() * 0.5),
        }
        : d;
      const boxes: [number, number, number, number][] = [];
      for (let b = 0; b < 24; b++) {
        const w = 0.04 + r() * 0.08, h = 0.02 + r() * 0.03;
        const box: [number, number, number, number] = [r() * (1 - w), r() * (1 - h), w, h];
        boxes.push(box);
        rows.push({
          snapshotRef: sref,
          role: "AXButton",
          name: `b${b}`,
          bounds: { x: box[0], y: box[1], width: w, height: h },
          units: "normalized",
          source: "accessibility",
        });
      }
      for (let c = 0; c < (opts.clicksPerSnap ?? 2); c++) {
        let gx: number, gy: number;
        if (r() < 1 / 6) {
          gx = d.x + r() * d.width;
          gy = d.y + r() * d.height;
        } else {
          const [bx, by, bw, bh] = boxes[Math.floor(r() * boxes.length)];
          const nx = bx + bw / 2 + (r() - 0.5) * 0.6 * bw / 2 * 2;
          const ny = by + bh / 2 + (r() - 0.5) * 0.6 * bh / 2 * 2;
          gx = win.x + nx * win.width;
          gy = win.y + ny * win.height;
        }
        events.push({
          ref: evRef++,
          at: at + 2000 + c * 2000,
          kind: "click",
          display: d.display,
          x: Math.round(gx),
          y: Math.round(gy),
        });
      }
    }
    // A last snapshot closes the last dwell interval, so every click is attributed.
    const end = T0 + opts.snaps * 10_000 + k * 1000;
    snapshots.push({ ref: ref++, at: end, display: d.display, app: `App${k}`, trigger: "input" });
  });
  return {
    window: { start: T0 - 3_600_000, end: T0 + 86_400_000 },
    snapshots,
    events,
    displays: [],
    facts: memoryFacts(snapshots, events, { urls: false }),
    elements: elementLookupFromRows(rows),
  };
}

function settle(capture: Capture) {
  const built = buildFrames(capture, DEFAULT_RULES, { stale: true });
  return settleFrameGeometry(built.frames, capture, built.stale);
}

/** Each edge of `got` within `share` of the true size of its axis. */
function near(got: DisplayGeometry, truth: DisplayGeometry, share: number): boolean {
  const dx = share * truth.width, dy = share * truth.height;
  return Math.abs(got.x - truth.x) <= dx &&
    Math.abs(got.x + got.width - truth.x - truth.width) <= dx &&
    Math.abs(got.y - truth.y) <= dy &&
    Math.abs(got.y + got.height - truth.y - truth.height) <= dy;
}

const TOLERANCE = 0.01; // every edge within 1% of the display's size on that axis

const made: string[] = [];
globalThis.addEventListener("unload", () => {
  for (const d of made) {
    try {
      Deno.removeSync(d, { recursive: true });
    } catch { /* already gone */ }
  }
});

Deno.test("inferred geometry recovers the demo's true geometry day by day, and resolves clicks as it does", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames_geometry_demo_" });
  made.push(dir);
  const path = join(dir, "db.sqlite");
  const demo = writeDemoDatabase(path, { seed: 42, days: 3, tz: "Europe/Berlin" });
  const truth = parseDisplays(DEMO_DISPLAYS);
  let days = 0;
  for (const { day } of demo.days) {
    const capture = readScreenpipe(path, dayWindow(day, "Europe/Berlin"));
    equal(capture.displays.length, 0, "screenpipe records no geometry");
    const settled = settle(capture);
    if (settled.inferred.length === 0) continue; // a day without enough clicks
    days++;
    for (const e of settled.inferred) {
      const t = truth.find((d) => d.display === e.display)!;
      ok(near(e.geometry!, t, TOLERANCE), `${day}: ${JSON.stringify(e)} vs ${JSON.stringify(t)}`);
      ok(e.landed >= GEOMETRY_MIN_FIT * e.clicks);
    }
    // The document resolves the same clicks it resolves with the true geometry of the
    // displays inferred (a display with too few clicks is declined: its clicks stay unplaced).
    const opts = { tz: "Europe/Berlin", day, inferDisplays: true };
    const inferred = compile(capture, opts);
    assertValidDocument(inferred);
    const same = truth.filter((t) => settled.inferred.some((e) => e.display === t.display));
    const told = compile({ ...capture, displays: same }, opts);
    deepEqual(
      inferred.coverage.click_resolution,
      told.coverage.click_resolution,
      `${day} ${JSON.stringify(settled)}`,
    );
    ok(inferred.coverage.click_resolution!.exact > 50, JSON.stringify(inferred.coverage));
    const note = inferred.blind_spots.find((b) => b.startsWith("display geometry inferred"));
    ok(note !== undefined && note.includes(`from ${settled.inferred[0].clicks} clicks`), note);
    equal(inferred.source.displays, undefined, "inferred geometry is not reported as measured");
    ok(!told.blind_spots.some((b) => b.startsWith("display geometry inferred")));
  }
  ok(days >= 2, `${days} days inferred`);
});

Deno.test("an operator's geometry wins over inference, even a wrong one", () => {
  const truth = parseDisplays("monitor_1=1920x1080+0+0");
  const capture = synth({ displays: truth, snaps: 60 });
  const given = parseDisplays("monitor_1=1280x800+100+50");
  const settled = settle({ ...capture, displays: given });
  deepEqual(settled.displays, given);
  deepEqual(settled.inferred, []);
  deepEqual(settled.declined, []);
  const doc = compile({ ...capture, displays: given }, {
    tz: "UTC",
    minMinutes: 0,
    inferDisplays: true,
  });
  deepEqual(doc.source.displays, given);
  ok(!doc.blind_spots.some((b) => b.includes("inferred")), doc.blind_spots.join("\n"));
  // Without it, the same capture's geometry is inferred.
  const alone = settle(capture);
  ok(near(alone.inferred[0].geometry!, truth[0], TOLERANCE), JSON.stringify(alone));
});

Deno.test("thin evidence infers nothing and the document says so", () => {
  const truth = parseDisplays("monitor_1=1920x1080+0+0");
  const few = Math.floor((GEOMETRY_MIN_CLICKS - 1) / 2); // 2 clicks a snapshot
  const capture = synth({ displays: truth, snaps: few });
  const settled = settle(capture);
  deepEqual(settled.inferred, []);
  equal(settled.declined.length, 1);
  equal(settled.declined[0].clicks, few * 2);
  const doc = compile(capture, { tz: "UTC", minMinutes: 0, inferDisplays: true });
  const line = doc.blind_spots.find((b) => b.startsWith("display geometry unknown (monitor_1)"));
  ok(
    line?.includes(
      `not inferred from the capture (monitor_1: ${few * 2} clicks with element rows, ` +
        `${GEOMETRY_MIN_CLICKS} needed)`,
    ),
    doc.blind_spots.join("\n"),
  );
  const r = doc.coverage.click_resolution!;
  equal(r.exact + r.tolerance + r.zone, 0, JSON.stringify(r));
});

Deno.test("shuffled input order gives the same geometry and the same document bytes", () => {
  const displays = parseDisplays("monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0");
  const capture = synth({ displays, snaps: 50, seed: 11 });
  const r = rng(99);
  const shuffle = <T>(xs: T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
  const shuffled = {
    ...capture,
    snapshots: shuffle(capture.snapshots),
    events: shuffle(capture.events),
  };
  deepEqual(settle(shuffled), settle(capture));
  const opts = { tz: "UTC", minMinutes: 0, inferDisplays: true };
  equal(JSON.stringify(compile(shuffled, opts)), JSON.stringify(compile(capture, opts)));
  equal(settle(capture).inferred.length, 2);
});

Deno.test("a monitor left of the primary (negative x) and one stacked above it are found", () => {
  const displays = parseDisplays(
    "monitor_1=1920x1080+0+0,monitor_2=1680x1050-1680+30,monitor_3=2560x1440-320-1440",
  );
  const settled = settle(synth({ displays, snaps: 80, seed: 3 }));
  deepEqual(settled.inferred.map((e) => e.display), ["monitor_1", "monitor_2", "monitor_3"]);
  for (const e of settled.inferred) {
    const t = displays.find((d) => d.display === e.display)!;
    ok(near(e.geometry!, t, TOLERANCE), `${JSON.stringify(e.geometry)} vs ${JSON.stringify(t)}`);
  }
  // The document names them in the --displays spelling, negative origins included.
  const doc = compile(synth({ displays, snaps: 80, seed: 3 }), {
    tz: "UTC",
    minMinutes: 0,
    inferDisplays: true,
  });
  const spelled = doc.blind_spots
    .filter((b) => b.startsWith("display geometry inferred"))
    .map((b) => /not measured: (\S+) /.exec(b)![1]);
  deepEqual(parseDisplays(spelled.join(",")), settled.inferred.map((e) => e.geometry!));
});

Deno.test("window-relative bounds (screenpipe on Linux) fit no display: nothing is inferred, and the document says why", () => {
  const displays = parseDisplays("monitor_1=1920x1080+0+0");
  const capture = synth({ displays, snaps: 80, windowRelative: true, seed: 5 });
  const settled = settle(capture);
  deepEqual(settled.inferred, []);
  equal(settled.declined.length, 1);
  const e = settled.declined[0];
  ok(e.clicks >= GEOMETRY_MIN_CLICKS && e.landed < GEOMETRY_MIN_FIT * e.clicks, JSON.stringify(e));
  const doc = compile(capture, { tz: "UTC", minMinutes: 0, inferDisplays: true });
  ok(
    doc.blind_spots.some((b) =>
      b.includes(
        `not inferred from the capture (monitor_1: no placement fits its ${e.clicks} clicks`,
      )
    ),
    doc.blind_spots.join("\n"),
  );
  // The same clicks with display-relative boxes are placed.
  const same = settle(synth({ displays, snaps: 80, seed: 5 }));
  ok(near(same.inferred[0].geometry!, displays[0], TOLERANCE), JSON.stringify(same));
});

Deno.test("frames steps and routines place clicks with the inferred geometry", async () => {
  const { actionSteps } = await import("../src/routines/mod.ts");
  const { frameSteps } = await import("../src/steps/mod.ts");
  const { renderSteps } = await import("../src/steps/render.ts");
  const displays = parseDisplays("monitor_1=1920x1080+0+0,monitor_2=2560x1440-2560-200");
  const capture = synth({ displays, snaps: 60, seed: 21 });
  const told = { ...capture, displays };
  // Routines: the action steps name the same targets as with the true geometry.
  const got = actionSteps(capture), want = actionSteps(told);
  equal(got.geometry.inferred.length, 2);
  equal(got.steps.length, want.steps.length);
  const named = want.steps.filter((s) => s.norm !== "").length;
  const same = got.steps.filter((s, i) => s.norm !== "" && s.norm === want.steps[i].norm).length;
  ok(named > 150 && same >= 0.97 * named, `${same}/${named}`);
  ok(actionSteps({ ...capture, elements: undefined }).steps.every((s) => s.norm === ""));
  // Steps: a frame's clicks resolve to the same targets.
  const frame = `monitor_2:${capture.snapshots.find((s) => s.display === "monitor_2")!.ref}`;
  const a = frameSteps(capture, frame, { tz: "UTC" }), b = frameSteps(told, frame, { tz: "UTC" });
  const names = (f: typeof a) => f.steps.map((s) => s.target?.name ?? "");
  const agree = names(a).filter((n, i) => n !== "" && n === names(b)[i]).length;
  const resolved = names(b).filter((n) => n !== "").length;
  ok(resolved > 50 && agree >= 0.97 * resolved, `${agree}/${resolved}`);
  // The inferred script says how its display's clicks were placed; the told one need not.
  equal(a.notes?.length, 1);
  ok(
    a.notes![0].startsWith("display geometry inferred from the capture, not measured: monitor_2="),
  );
  equal(b.notes, undefined);
  ok(renderSteps([a]).split("\n")[1].startsWith("  note: display geometry inferred"));
});

/** A lookup that counts the whole-display probes (the inference's) it is asked. */
function counting(capture: Capture): { capture: Capture; asked: () => number } {
  const inner = capture.elements!;
  let asked = 0;
  const elements = {
    units: inner.units,
    near: (probes: readonly ElementProbe[]) => {
      asked += probes.filter((p) => p.dx === 0.5 && p.dy === 0.5).length;
      return inner.near(probes);
    },
    ...(inner.levels !== undefined ? { levels: inner.levels.bind(inner) } : {}),
  };
  return { capture: { ...capture, elements }, asked: () => asked };
}

Deno.test("a session's geometry memo: reused while the sample stands, recomputed when a click ranks into it, always what a fresh inference gives", () => {
  const displays = parseDisplays("monitor_1=1920x1080+0+0");
  const full = synth({ displays, snaps: 340, seed: 11 });
  const memo = geometryMemo();
  const settleWith = (c: Capture) => {
    const built = buildFrames(c, DEFAULT_RULES, { stale: true });
    return settleFrameGeometry(built.frames, c, built.stale, memo);
  };
  let reused = 0, recomputed = 0, lastComputed = 0;
  // One snapshot (and its clicks) more at a time, from 300 snapshots on (a new one ranks
  // into the 64 sampled with chance about 64 / 300).
  for (let n = 300; n <= 340; n++) {
    const cut = T0 + n * 10_000;
    const prefix = prefixCapture(full, cut);
    const { capture, asked } = counting(prefix);
    const got = settleWith(capture);
    deepEqual(got, settle(prefix)); // the memo never changes the answer
    if (memo.computed === lastComputed) {
      reused++;
      equal(asked(), 0, `n=${n}: a reused fit asks for no rows`);
    } else recomputed++;
    lastComputed = memo.computed;
  }
  // Most appended snapshots do not rank into the sample; some do.
  ok(reused > recomputed, `reused ${reused}, recomputed ${recomputed}`);
  ok(recomputed > 1, `recomputed ${recomputed}`);
});

Deno.test("an incremental session with inferred geometry equals a fresh compile byte for byte after every absorb", () => {
  const displays = parseDisplays("monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0");
  const full = synth({ displays, snaps: 90, seed: 5 });
  const opts = { tz: "UTC", minMinutes: 0, inferDisplays: true };
  const start = T0 + 60 * 10_000;
  const { capture: base, asked } = counting(prefixCapture(full, start));
  const session = startIncremental(base, opts);
  let fresh = 0;
  for (let at = start; at <= T0 + 92 * 10_000; at += 10_000) {
    const doc = session.absorb({ ...deltaBetween(full, at, at + 10_000) });
    const whole = counting(prefixCapture(full, at + 10_000));
    const want = compile(whole.capture, opts);
    fresh += whole.asked();
    equal(JSON.stringify(doc), JSON.stringify(want), `absorbed up to ${at + 10_000}`);
  }
  ok(doc_inferred(session.document()), "the session's document says geometry was inferred");
  // The session asks for the rows of newly sampled snapshots only.
  ok(asked() * 4 < fresh, `session asked ${asked()} whole-display probes, fresh compiles ${fresh}`);
});

function doc_inferred(doc: { blind_spots: string[] }): boolean {
  return doc.blind_spots.some((b) => b.startsWith("display geometry inferred"));
}
