/**
 * Display geometry inferred from the capture itself (SPEC §8), for sources that record
 * none (screenpipe) when the operator supplied none: without it a click (a point in global
 * screen coordinates) cannot be compared with its snapshot's element rows, whose bounds
 * are fractions of the display, and click resolution loses most clicks.
 *
 * What upstream records (screenpipe/screenpipe at 67f4c43, 2026-03-15):
 * - `crates/screenpipe-a11y/src/tree/macos.rs` `normalize_bounds`: an element's frame
 *   (AXPosition/AXSize, global screen points) is normalised to the captured monitor
 *   (`TreeWalkerConfig.monitor_x/y/width/height`, `tree/mod.rs`, filled per monitor from
 *   its virtual-desktop origin and size in points by
 *   `crates/screenpipe-engine/src/vision_manager/manager.rs`); only when the monitor's size
 *   is unknown (0) is it normalised to the window instead.
 * - `crates/screenpipe-a11y/src/tree/windows.rs` `normalize_bounds`: UIA screen bounds
 *   normalised to the monitor holding the window (`MonitorFromWindow`, `rcMonitor`).
 * - `crates/screenpipe-a11y/src/tree/linux.rs` `normalize_bounds`: AT-SPI extents
 *   normalised to the focused window — a box that moves with the window.
 * - Click `x, y` (`ui_events`): macOS `CGEvent.location()` (`platform/macos.rs`: global
 *   points, the main display's top-left the origin); Windows `MSLLHOOKSTRUCT.pt`
 *   (`platform/windows.rs`: virtual-screen coordinates, negative left of or above the
 *   primary monitor); Linux (`platform/linux.rs`) sums evdev relative motion from (0, 0)
 *   at start — a dead-reckoned count, not a screen position.
 *
 * So on macOS and Windows one fixed map per monitor — its origin and size in the clicks'
 * own units — takes a click to its element rows, and the clicks reveal it: the candidate
 * under which the most clicks land inside an element of their own snapshot wins. On
 * Linux no fixed map exists, no candidate fits, and nothing is inferred (the fit
 * threshold says so). Inferred geometry only places clicks for resolution; it never moves
 * an event to another display (attribution, SPEC §3.5, keeps the source's evidence).
 *
 * Pure and deterministic: clicks are weighed in (time, ref) order whatever order they come
 * in, every tie goes to the first candidate in a fixed order, no clock, no randomness.
 *
 * @module
 */

import type { DisplayGeometry, Element, ElementLookup, ElementProbe } from "../../model.ts";
import type { ClickInput } from "./resolve.ts";
import {
  GEOMETRY_MIN_CLICKS,
  GEOMETRY_MIN_FIT,
  GEOMETRY_SAMPLE_CLICKS,
  GEOMETRY_TARGET_MAX_SIDE,
} from "../rules.ts";

/** What the clicks of one display said about its geometry. */
export interface DisplayEvidence {
  /** The display, as snapshots name it. */
  display: string;
  /** Clicks weighed: sampled clicks whose snapshot has element rows. */
  clicks: number;
  /** Of them, those inside an element of their snapshot under the best candidate. */
  landed: number;
  /** The inferred geometry (absent: the evidence was too thin or nothing fitted). */
  geometry?: DisplayGeometry;
}

/** The geometry click resolution uses, and how the inferred part was found. */
export interface SettledGeometry {
  /** Measured or supplied geometry, plus the inferred entries; sorted by display name. */
  displays: DisplayGeometry[];
  /** Displays whose geometry was inferred, by name. */
  inferred: DisplayEvidence[];
  /** Displays whose geometry was sought but not inferred, by name. */
  declined: DisplayEvidence[];
}

/** Coarse margins (share of the display outside the clicks' spread) tried on each side. */
const MARGINS = [-0.02, 0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.12];
/** Share of the clicks at each end left out of the spread (strays from another display). */
const TRIM = 0.01;
/** Farthest a plateau is followed from the search's optimum, in units of the clicks. */
const PLATEAU_REACH = 64;

/** One weighed click: its global point and the target-sized boxes of its snapshot. */
interface Weighed {
  x: number;
  y: number;
  /** `left, top, right, bottom` of each box, normalised, flattened. */
  boxes: Float64Array;
}

/** A candidate geometry: origin and size on each axis. */
type Candidate = [ox: number, w: number, oy: number, h: number];

function byName(a: { display: string }, b: { display: string }): number {
  return a.display < b.display ? -1 : a.display > b.display ? 1 : 0;
}

function refOf(c: ClickInput): number {
  return c.event.snapshotRef ?? c.stream.snaps[c.index].ref;
}

/**
 * Settles display geometry for click resolution: `known` (the source's measured geometry,
 * then the operator's) always wins; a display without it is inferred from its clicks when
 * the lookup's bounds are normalised, or declined when the evidence is thin or nothing fits.
 */
export function inferDisplays(
  clicks: readonly ClickInput[],
  lookup: ElementLookup | undefined,
  known: readonly DisplayGeometry[],
): SettledGeometry {
  const displays = [...known].sort(byName);
  const none: SettledGeometry = { displays, inferred: [], declined: [] };
  if (lookup === undefined || lookup.units !== "normalized") return none;
  const have = new Set(known.map((d) => d.display));
  const groups = new Map<string, ClickInput[]>();
  for (const c of clicks) {
    const d = c.stream.display;
    if (have.has(d) || c.event.x === undefined || c.event.y === undefined) continue;
    let g = groups.get(d);
    if (g === undefined) groups.set(d, g = []);
    g.push(c);
  }
  if (groups.size === 0) return none;
  const names = [...groups.keys()].sort();
  const samples = names.map((d) => sample(groups.get(d)!));
  const refs = [...new Set(samples.flat().map(refOf))].sort((a, b) => a - b);
  // One batch: every named row of each sampled snapshot (a probe covering the display).
  const probes: ElementProbe[] = refs.map((r) => ({
    snapshotRef: r,
    x: 0.5,
    y: 0.5,
    dx: 0.5,
    dy: 0.5,
  }));
  const hits = lookup.near(probes);
  const rows = new Map<number, Float64Array | undefined>();
  refs.forEach((r, i) => rows.set(r, hits[i].any ? targetBoxes(hits[i].elements) : undefined));
  const inferred: DisplayEvidence[] = [], declined: DisplayEvidence[] = [];
  names.forEach((display, k) => {
    const weighed: Weighed[] = [];
    for (const c of samples[k]) {
      const boxes = rows.get(refOf(c));
      if (boxes !== undefined) weighed.push({ x: c.event.x!, y: c.event.y!, boxes });
    }
    const found = fit(display, weighed);
    (found.geometry !== undefined ? inferred : declined).push(found);
  });
  for (const e of inferred) displays.push(e.geometry!);
  displays.sort(byName);
  return { displays, inferred, declined };
}

/** At most {@linkcode GEOMETRY_SAMPLE_CLICKS} clicks, evenly spread over time order. */
function sample(clicks: readonly ClickInput[]): ClickInput[] {
  const sorted = [...clicks].sort((a, b) => a.event.at - b.event.at || a.event.ref - b.event.ref);
  const n = sorted.length, s = GEOMETRY_SAMPLE_CLICKS;
  if (n <= s) return sorted;
  const out: ClickInput[] = new Array(s);
  for (let k = 0; k < s; k++) out[k] = sorted[Math.floor(k * n / s)];
  return out;
}

/** The boxes a click can aim at: accessibility rows no larger than a target. */
function targetBoxes(elements: readonly Element[]): Float64Array {
  const out: number[] = [];
  for (const e of elements) {
    const b = e.bounds;
    if (e.source !== "accessibility" || !(b.width > 0) || !(b.height > 0)) continue;
    if (b.width > GEOMETRY_TARGET_MAX_SIDE || b.height > GEOMETRY_TARGET_MAX_SIDE) continue;
    out.push(b.x, b.y, b.x + b.width, b.y + b.height);
  }
  return Float64Array.from(out);
}

/** The best candidate for one display's weighed clicks, or the reason there is none. */
function fit(display: string, weighed: readonly Weighed[]): DisplayEvidence {
  const n = weighed.length;
  if (n < GEOMETRY_MIN_CLICKS) return { display, clicks: n, landed: 0 };
  const xs = spread(weighed.map((w) => w.x)), ys = spread(weighed.map((w) => w.y));
  if (xs === undefined || ys === undefined) return { display, clicks: n, landed: 0 };
  let [g, best] = coarse(weighed, axisCandidates(xs), axisCandidates(ys));
  [g, best] = refine(weighed, g, best);
  g = centre(weighed, g, best);
  if (best < GEOMETRY_MIN_FIT * n) return { display, clicks: n, landed: best };
  const geometry: DisplayGeometry = {
    display,
    x: g[0],
    y: g[2],
    width: g[1],
    height: g[3],
    scale: 1,
  };
  return { display, clicks: n, landed: best, geometry };
}

/** The clicks' spread on one axis without its stray ends, or undefined when it is flat. */
function spread(values: number[]): [number, number] | undefined {
  values.sort((a, b) => a - b);
  const last = values.length - 1;
  const lo = values[Math.floor(TRIM * last)], hi = values[Math.ceil((1 - TRIM) * last)];
  return hi - lo >= 1 ? [lo, hi] : undefined;
}

/** Origin and size pairs that leave each coarse margin outside the spread. */
function axisCandidates([lo, hi]: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (const a of MARGINS) {
    for (const b of MARGINS) {
      const size = Math.round((hi - lo) / (1 - a - b));
      out.push([Math.round(lo - a * size), size]);
    }
  }
  return out;
}

/** Every pair of axis candidates; the first of the best wins. */
function coarse(
  weighed: readonly Weighed[],
  xs: readonly [number, number][],
  ys: readonly [number, number][],
): [Candidate, number] {
  let best = -1, g: Candidate = [xs[0][0], xs[0][1], ys[0][0], ys[0][1]];
  for (const [oy, h] of ys) {
    // The rows each click's height falls in, once per vertical candidate.
    const rows = weighed.map((w) => rowSpans(w, (w.y - oy) / h));
    for (const [ox, wd] of xs) {
      let count = 0;
      for (let i = 0; i < weighed.length; i++) {
        if (inSpans(rows[i], (weighed[i].x - ox) / wd)) count++;
      }
      if (count > best) {
        best = count;
        g = [ox, wd, oy, h];
      }
    }
  }
  return [g, best];
}

function rowSpans(w: Weighed, ny: number): number[] {
  const out: number[] = [];
  const b = w.boxes;
  for (let j = 0; j < b.length; j += 4) {
    if (ny >= b[j + 1] - 1e-9 && ny <= b[j + 3] + 1e-9) out.push(b[j], b[j + 2]);
  }
  return out;
}

function inSpans(spans: readonly number[], nx: number): boolean {
  for (let j = 0; j < spans.length; j += 2) {
    if (nx >= spans[j] - 1e-9 && nx <= spans[j + 1] + 1e-9) return true;
  }
  return false;
}

/** Clicks inside a box of their own snapshot under a candidate. */
function score(weighed: readonly Weighed[], g: Candidate): number {
  const [ox, w, oy, h] = g;
  let count = 0;
  for (const c of weighed) {
    const nx = (c.x - ox) / w, ny = (c.y - oy) / h;
    const b = c.boxes;
    for (let j = 0; j < b.length; j += 4) {
      if (
        nx >= b[j] - 1e-9 && nx <= b[j + 2] + 1e-9 && ny >= b[j + 1] - 1e-9 &&
        ny <= b[j + 3] + 1e-9
      ) {
        count++;
        break;
      }
    }
  }
  return count;
}

/**
 * Pattern search from the coarse optimum: one parameter at a time (origin x, width,
 * origin y, height), a step down then up; only a strictly better score moves; the step
 * halves when nothing moves, down to one unit.
 */
function refine(
  weighed: readonly Weighed[],
  start: Candidate,
  startScore: number,
): [Candidate, number] {
  let g: Candidate = [...start], best = startScore;
  let step = Math.max(1, Math.round(Math.max(g[1], g[3]) * 0.02));
  for (;;) {
    let moved = false;
    for (let p = 0; p < 4; p++) {
      for (const d of [-step, step]) {
        const c: Candidate = [...g];
        c[p] += d;
        if (c[1] < 1 || c[3] < 1) continue;
        const s = score(weighed, c);
        if (s > best) {
          best = s;
          g = c;
          moved = true;
        }
      }
    }
    if (moved) continue;
    if (step === 1) return [g, best];
    step = Math.max(1, Math.floor(step / 2));
  }
}

/**
 * Moves each parameter in turn to the middle of the run of values that keep the best
 * score (an optimum is a plateau: every unit in it explains the clicks equally well).
 */
function centre(weighed: readonly Weighed[], start: Candidate, best: number): Candidate {
  const g: Candidate = [...start];
  for (let p = 0; p < 4; p++) {
    const at = (d: number): number => {
      const c: Candidate = [...g];
      c[p] += d;
      return c[1] < 1 || c[3] < 1 ? -1 : score(weighed, c);
    };
    let lo = 0, hi = 0;
    while (lo < PLATEAU_REACH && at(-(lo + 1)) === best) lo++;
    while (hi < PLATEAU_REACH && at(hi + 1) === best) hi++;
    const shift = Math.floor((hi - lo) / 2);
    if (shift !== 0 && at(shift) === best) g[p] += shift;
  }
  return g;
}

/** A geometry in the `--displays` spelling, `NAME=WxH+X+Y`. */
export function geometrySpec(d: DisplayGeometry): string {
  const sign = (n: number): string => (n < 0 ? `${n}` : `+${n}`);
  return `${d.display}=${d.width}x${d.height}${sign(d.x)}${sign(d.y)}`;
}

/** Blind-spot lines: what was inferred, from how much, and what was declined and why. */
export function geometryNotes(s: SettledGeometry): string[] {
  const out: string[] = [];
  for (const e of s.inferred) {
    out.push(
      `display geometry inferred from the capture, not measured: ${
        geometrySpec(e.geometry!)
      } (from ${e.clicks} clicks, ${percent(e)}% inside an element under it); ` +
        "pass --displays NAME=WxH+X+Y to set it",
    );
  }
  for (const e of s.declined) {
    out.push(
      e.clicks < GEOMETRY_MIN_CLICKS
        ? `display geometry of ${e.display} not inferred: ${e.clicks} clicks with element rows, ` +
          `${GEOMETRY_MIN_CLICKS} needed`
        : `display geometry of ${e.display} not inferred: no placement fits its ${e.clicks} ` +
          `clicks (best ${percent(e)}% inside an element, ${
            Math.round(GEOMETRY_MIN_FIT * 100)
          }% needed; window-relative bounds, as screenpipe records on Linux, fit none)`,
    );
  }
  return out;
}

function percent(e: DisplayEvidence): number {
  return e.clicks === 0 ? 0 : Math.floor(100 * e.landed / e.clicks);
}
