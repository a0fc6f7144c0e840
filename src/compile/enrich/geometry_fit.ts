/**
 * The search behind inferred display geometry (infer_geometry.ts): the placement of one
 * display — its four edges in the clicks' own units — under which its weighed clicks land
 * best inside the element boxes of their own snapshots. Coarse grid, then a pattern search
 * one edge at a time, then each edge to the middle of its plateau. Pure and deterministic:
 * fixed candidate orders, the first of equals wins, sums in the clicks' fixed order.
 *
 * @module
 */

/** Coarse shares of the display the clicks' spread may cover (clicks rarely reach both edges). */
const SPANS = [1, 0.95, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5, 0.4];
/** Coarse shares of the display before the spread's low end (ascending). */
const LEADS = [-0.02, 0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6];
/** At most this many clicks weigh the coarse grid; the search after it weighs them all. */
const COARSE_CLICKS = 48;
/** The pattern search starts from this many of the best coarse candidates. */
const STARTS = 4;
/** Share of the clicks at each end left out of the spread (strays from another display). */
const TRIM = 0.01;
/** Farthest a plateau is followed from the search's optimum, as a share of the size. */
const PLATEAU_REACH = 0.25;

/** One weighed click: its global point and the boxes it may land in. */
export interface Weighed {
  /** Global x, in the clicks' units. */
  x: number;
  /** Global y, in the clicks' units. */
  y: number;
  /** `left, top, right, bottom` of each box, normalised, flattened. */
  boxes: Float64Array;
  /**
   * What landing proves: −ln of the share of the display its boxes cover (at most 1), the
   * surprise of a uniformly random point landing there. A click allowed one small named
   * button weighs much; one allowed half the screen, little; one allowed all of it, nothing.
   */
  weight: number;
}

/**
 * A candidate geometry by its edges, in the clicks' units: each edge is pinned by the
 * clicks near it, so the edges (not origin and size) are searched and centred one by one.
 */
export type Edges = [left: number, right: number, top: number, bottom: number];
type Candidate = Edges;

/** The best edges for the weighed clicks and how many land under them (undefined: a flat spread). */
export function bestPlacement(
  weighed: readonly Weighed[],
): { edges: Edges; landed: number } | undefined {
  const xs = spread(weighed.map((w) => w.x)), ys = spread(weighed.map((w) => w.y));
  if (xs === undefined || ys === undefined) return undefined;
  // The coarse grid needs only a spread of the clicks: every k-th, at most COARSE_CLICKS.
  const k = Math.ceil(weighed.length / COARSE_CLICKS);
  const few = weighed.filter((_, i) => i % k === 0);
  // Several starts, each refined on the same few clicks (a coarse optimum can sit on the
  // wrong slope); the best (the first of equals) is refined again on every click.
  let g: Candidate | undefined, best = -1;
  for (const start of coarse(few, axisCandidates(xs), axisCandidates(ys))) {
    const [c, s] = refine(few, start, score(few, start));
    if (s > best) [g, best] = [c, s];
  }
  [g, best] = refine(weighed, g!, score(weighed, g!));
  g = centre(weighed, g, best);
  return { edges: g, landed: landedAt(weighed, g) };
}

/** The clicks' spread on one axis without its stray ends, or undefined when it is flat. */
function spread(values: number[]): [number, number] | undefined {
  values.sort((a, b) => a - b);
  const last = values.length - 1;
  const lo = values[Math.floor(TRIM * last)], hi = values[Math.ceil((1 - TRIM) * last)];
  return hi - lo >= 1 ? [lo, hi] : undefined;
}

/**
 * Coarse edge pairs on one axis: the clicks' spread taken as each of {@linkcode SPANS} of
 * the display, with each of {@linkcode LEADS} of it before the spread's low end.
 */
function axisCandidates([lo, hi]: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (const f of SPANS) {
    const size = (hi - lo) / f;
    for (const a of LEADS) {
      if (a > 1 - f + 0.02) break;
      out.push([Math.round(lo - a * size), Math.round(lo + (1 - a) * size)]);
    }
  }
  return out;
}

/** Every pair of axis candidates; the first of the best wins. */
function coarse(
  weighed: readonly Weighed[],
  xs: readonly [number, number][],
  ys: readonly [number, number][],
): Candidate[] {
  // The best STARTS candidates, best first; a later one replaces only a strictly worse.
  const top: { g: Candidate; s: number }[] = [];
  for (const [t, b] of ys) {
    // The rows each click's height falls in, once per vertical candidate.
    const rows = weighed.map((w) => rowSpans(w, (w.y - t) / (b - t)));
    for (const [l, r] of xs) {
      let s = 0;
      for (let i = 0; i < weighed.length; i++) {
        if (inSpans(rows[i], (weighed[i].x - l) / (r - l))) s += weighed[i].weight;
      }
      if (top.length === STARTS && s <= top[STARTS - 1].s) continue;
      let at = top.length;
      while (at > 0 && top[at - 1].s < s) at--;
      top.splice(at, 0, { g: [l, r, t, b], s });
      if (top.length > STARTS) top.pop();
    }
  }
  return top.map((c) => c.g);
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

/** Whether a click lands inside one of its boxes under a candidate. */
function lands(c: Weighed, g: Candidate): boolean {
  const nx = (c.x - g[0]) / (g[1] - g[0]), ny = (c.y - g[2]) / (g[3] - g[2]);
  const b = c.boxes;
  for (let j = 0; j < b.length; j += 4) {
    if (
      nx >= b[j] - 1e-9 && nx <= b[j + 2] + 1e-9 && ny >= b[j + 1] - 1e-9 &&
      ny <= b[j + 3] + 1e-9
    ) return true;
  }
  return false;
}

/**
 * The evidence of a candidate: each landing click's weight, scaled from ½ on a box's edge
 * to 1 at its centre (its best box), summed in the clicks' fixed order. People aim at the
 * middle of what they click, so among placements that land the same clicks the one that
 * puts them nearer their targets' middles is the likelier; without that term an edge no
 * click comes near would drift freely across the span its boxes' widths allow.
 */
function score(weighed: readonly Weighed[], g: Candidate): number {
  const w = g[1] - g[0], h = g[3] - g[2];
  let sum = 0;
  for (const c of weighed) {
    const nx = (c.x - g[0]) / w, ny = (c.y - g[2]) / h;
    const b = c.boxes;
    let best = -1;
    for (let j = 0; j < b.length; j += 4) {
      const hw = (b[j + 2] - b[j]) / 2, hh = (b[j + 3] - b[j + 1]) / 2;
      const off = Math.max(
        Math.abs(nx - b[j] - hw) / (hw + 1e-9),
        Math.abs(ny - b[j + 1] - hh) / (hh + 1e-9),
      );
      if (off <= 1 && 1 - off > best) best = 1 - off;
    }
    if (best >= 0) sum += c.weight * (0.5 + 0.5 * best);
  }
  return sum;
}

/** How many clicks land under a candidate. */
function landedAt(weighed: readonly Weighed[], g: Candidate): number {
  let n = 0;
  for (const c of weighed) if (lands(c, g)) n++;
  return n;
}

/**
 * Pattern search from the coarse optimum: one edge at a time (left, right, top, bottom),
 * a step down then up; only a strictly better score moves; the step halves when nothing
 * moves, down to one unit.
 */
function refine(
  weighed: readonly Weighed[],
  start: Candidate,
  startScore: number,
): [Candidate, number] {
  let g: Candidate = [...start], best = startScore;
  let step = Math.max(1, Math.round(Math.max(g[1] - g[0], g[3] - g[2]) * 0.02));
  for (;;) {
    let moved = false;
    for (let p = 0; p < 4; p++) {
      for (const d of [-step, step]) {
        const c: Candidate = [...g];
        c[p] += d;
        if (!valid(c)) continue;
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
 * Moves each edge in turn to the middle of the run of positions that keep the best score:
 * an optimum is a plateau, and its middle keeps the clicks farthest from their boxes'
 * edges (the widest margin), where one end would sit on the brink. Each end is found by
 * doubling steps, then halving them, up to {@linkcode PLATEAU_REACH} of the size.
 */
function centre(weighed: readonly Weighed[], start: Candidate, best: number): Candidate {
  const g: Candidate = [...start];
  for (let p = 0; p < 4; p++) {
    const at = (d: number): number => {
      const c: Candidate = [...g];
      c[p] += d;
      return valid(c) ? score(weighed, c) : -1;
    };
    const reach = Math.max(1, Math.round(PLATEAU_REACH * (p < 2 ? g[1] - g[0] : g[3] - g[2])));
    const lo = plateauEnd((d) => at(-d), best, reach), hi = plateauEnd(at, best, reach);
    const shift = Math.floor((hi - lo) / 2);
    if (shift !== 0 && at(shift) === best) g[p] += shift;
  }
  return g;
}

/** How far (≤ reach) the score stays at `best` in one direction: doubling, then halving. */
function plateauEnd(at: (d: number) => number, best: number, reach: number): number {
  let ok = 0, step = 1;
  while (ok < reach && at(Math.min(reach, ok + step)) === best) {
    ok = Math.min(reach, ok + step);
    step *= 2;
  }
  for (step = Math.floor(step / 2); step >= 1; step = Math.floor(step / 2)) {
    const next = Math.min(reach, ok + step);
    if (next > ok && at(next) === best) ok = next;
  }
  return ok;
}

function valid(c: Candidate): boolean {
  return c[1] - c[0] >= 1 && c[3] - c[2] >= 1;
}
