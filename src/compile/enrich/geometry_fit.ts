/**
 * The search behind inferred display geometry (infer_geometry.ts): the placement of one
 * display — its four edges in the clicks' own units — under which its weighed clicks land
 * best inside the element boxes of their own snapshots. Coarse grid, then a pattern search
 * one edge at a time, then each edge to the middle of its plateau. Pure and deterministic:
 * fixed candidate orders, the first of equals wins, sums in the clicks' fixed order.
 *
 * Cheap without finding anything else: the coarse grid scores each axis alone first and
 * scores a pair only when both axes' bounds let it enter; a score stops once what is left
 * cannot reach the question's floor; a click's far boxes are skipped while it stays in
 * reach (each shortcut gives the very same answers, bench/README.md "w6-geom").
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
  const starts = coarse(few, axisCandidates(xs), axisCandidates(ys));
  // Several starts, each refined on the same few clicks (a coarse optimum can sit on the
  // wrong slope); the best (the first of equals) is refined again on every click.
  const all = prepare(weighed, starts), fewSet = prepare(few, starts);
  let g: Candidate | undefined, best = -1;
  for (const start of starts) {
    const [c, s] = refine(fewSet, start, score(fewSet, start, -1));
    if (s > best) [g, best] = [c, s];
  }
  [g, best] = refine(all, g!, score(all, g!, -1));
  g = centre(all, g, best);
  return { edges: g, landed: weighed.filter((c) => lands(c, g!)).length };
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

/**
 * Where a click's boxes cover one axis: the union of their spans on it (each widened by
 * the 1e-9 of landing, computed as landing computes it), as sorted disjoint `from, to`
 * pairs. Found by a sweep over the spans' starts and ends sorted apart (touching spans
 * join), so a point is inside the union exactly when some box covers it on that axis.
 */
function axisUnion(b: Float64Array, axis: 0 | 1): Float64Array {
  const n = b.length / 4, starts = new Float64Array(n), ends = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    // Ordered, so that a box no point lands in can only widen the union (a bound stays one).
    const lo = b[4 * j + axis] - 1e-9, hi = b[4 * j + 2 + axis] + 1e-9;
    starts[j] = Math.min(lo, hi), ends[j] = Math.max(lo, hi);
  }
  starts.sort();
  ends.sort();
  const out: number[] = [];
  for (let i = 0, k = 0, open = 0; i < n;) {
    if (starts[i] <= ends[k]) {
      if (open++ === 0) out.push(starts[i]);
      i++;
    } else if (--open === 0) out.push(ends[k++]);
    else k++;
  }
  if (n > 0) out.push(ends[n - 1]);
  return Float64Array.from(out);
}

function inUnion(u: Float64Array, v: number): boolean {
  for (let j = 0; j < u.length && u[j] <= v; j += 2) if (v <= u[j + 1]) return true;
  return false;
}

/**
 * Which of each click's boxes cover it on one axis under one candidate, as a bit set of
 * `words` 32-bit words per click; a click lands under a pair of axis candidates exactly
 * when its two sets meet.
 */
function axisCover(
  weighed: readonly Weighed[],
  [lo, hi]: readonly [number, number],
  words: number,
  axis: 0 | 1,
): Uint32Array {
  const out = new Uint32Array(weighed.length * words);
  for (let i = 0; i < weighed.length; i++) {
    const w = weighed[i], b = w.boxes, at = i * words;
    const v = ((axis === 0 ? w.x : w.y) - lo) / (hi - lo);
    for (let j = 0, m = 0; j < b.length; j += 4, m++) {
      if (v >= b[j + axis] - 1e-9 && v <= b[j + 2 + axis] + 1e-9) {
        out[at + (m >>> 5)] |= 1 << (m & 31);
      }
    }
  }
  return out;
}

/** Per axis candidate, the weight of the clicks some box covers on that axis (in order). */
function axisBounds(
  weighed: readonly Weighed[],
  cands: readonly [number, number][],
  axis: 0 | 1,
): number[] {
  const unions = weighed.map((w) => axisUnion(w.boxes, axis));
  return cands.map(([lo, hi]) => {
    let s = 0;
    for (let i = 0; i < weighed.length; i++) {
      const w = weighed[i];
      if (inUnion(unions[i], ((axis === 0 ? w.x : w.y) - lo) / (hi - lo))) s += w.weight;
    }
    return s;
  });
}

/**
 * The {@linkcode STARTS} best pairs of axis candidates by the weight of the clicks landing
 * inside one of their boxes, best first; of equals, the first in (vertical, horizontal)
 * order wins. Each axis is scored alone first: the weight of the clicks some box covers on
 * that axis bounds every pair's score from above (a sum of fewer of the same non-negative
 * terms, in the same order, rounds no higher), so a pair whose bound falls below the
 * fourth best so far cannot enter and is never scored.
 */
function coarse(
  weighed: readonly Weighed[],
  xs: readonly [number, number][],
  ys: readonly [number, number][],
): Candidate[] {
  const n = weighed.length;
  const bx = axisBounds(weighed, xs, 0), by = axisBounds(weighed, ys, 1);
  const ox = xs.map((_, a) => a).sort((p, q) => bx[q] - bx[p] || p - q);
  const oy = ys.map((_, b) => b).sort((p, q) => by[q] - by[p] || p - q);
  // Which boxes cover each click on one axis under one candidate, made when first needed.
  let most = 0;
  for (const w of weighed) most = Math.max(most, w.boxes.length / 4);
  const words = Math.max(1, Math.ceil(most / 32));
  const covers = [new Map<number, Uint32Array>(), new Map<number, Uint32Array>()];
  const cover = (axis: 0 | 1, k: number): Uint32Array => {
    let c = covers[axis].get(k);
    if (c === undefined) {
      covers[axis].set(k, c = axisCover(weighed, (axis === 0 ? xs : ys)[k], words, axis));
    }
    return c;
  };
  // The best so far by (score descending, grid order ascending).
  const top: { g: Candidate; s: number; o: number }[] = [];
  const floor = (): number => (top.length < STARTS ? -Infinity : top[STARTS - 1].s);
  const before = (s: number, o: number, t: { s: number; o: number }): boolean =>
    s > t.s || (s === t.s && o < t.o);
  for (const b of oy) {
    if (by[b] < floor()) break;
    for (const a of ox) {
      if (Math.min(bx[a], by[b]) < floor()) break;
      const cx = cover(0, a), cy = cover(1, b);
      let s = 0;
      for (let i = 0; i < n; i++) {
        for (let q = i * words; q < (i + 1) * words; q++) {
          if ((cx[q] & cy[q]) !== 0) {
            s += weighed[i].weight;
            break;
          }
        }
      }
      const o = b * xs.length + a;
      if (top.length === STARTS && !before(s, o, top[STARTS - 1])) continue;
      let at = top.length;
      while (at > 0 && before(s, o, top[at - 1])) at--;
      top.splice(at, 0, { g: [xs[a][0], xs[a][1], ys[b][0], ys[b][1]], s, o });
      if (top.length > STARTS) top.pop();
    }
  }
  return top.map((c) => c.g);
}

/** How far beyond the coarse starts a click's reach extends, as a share of the display. */
const REACH_MARGIN = 0.05;

/**
 * Clicks ready for scoring: their boxes as `left, top, half width, half height` and the
 * divisors of {@linkcode score}; beside them only the boxes that meet the click's reach
 * (where it falls under the coarse starts, widened by {@linkcode REACH_MARGIN}), which
 * score uses whenever a candidate puts the click inside that reach (a box that does not
 * meet it cannot hold the click there), all of them otherwise.
 */
interface Prepared {
  clicks: readonly Weighed[];
  full: Float64Array[]; // per click, its boxes (6 numbers each)
  near: Float64Array[]; // per click, the boxes meeting its reach
  reach: Float64Array; // per click, `x0, x1, y0, y1` (normalised)
  rest: Float64Array; // per click, the weight of it and every click after it
}

function prepare(clicks: readonly Weighed[], starts: readonly Candidate[]): Prepared {
  const n = clicks.length;
  const full: Float64Array[] = new Array(n), near: Float64Array[] = new Array(n);
  const reach = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    const c = clicks[i];
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const g of starts) {
      const nx = (c.x - g[0]) / (g[1] - g[0]), ny = (c.y - g[2]) / (g[3] - g[2]);
      x0 = Math.min(x0, nx), x1 = Math.max(x1, nx), y0 = Math.min(y0, ny), y1 = Math.max(y1, ny);
    }
    x0 -= REACH_MARGIN, x1 += REACH_MARGIN, y0 -= REACH_MARGIN, y1 += REACH_MARGIN;
    reach[4 * i] = x0, reach[4 * i + 1] = x1, reach[4 * i + 2] = y0, reach[4 * i + 3] = y1;
    const b = c.boxes, all = new Float64Array(b.length * 1.5), kept = new Float64Array(all.length);
    let k = 0;
    for (let j = 0, m = 0; j < b.length; j += 4, m += 6) {
      const hw = (b[j + 2] - b[j]) / 2, hh = (b[j + 3] - b[j + 1]) / 2;
      all[m] = b[j], all[m + 1] = b[j + 1], all[m + 2] = hw, all[m + 3] = hh;
      all[m + 4] = hw + 1e-9, all[m + 5] = hh + 1e-9;
      // Generous (1e-6 against landing's 1e-9): a box kept too many changes no score.
      const x = b[j] - 1e-6 <= x1 && b[j + 2] + 1e-6 >= x0;
      if (x && b[j + 1] - 1e-6 <= y1 && b[j + 3] + 1e-6 >= y0) {
        for (let q = 0; q < 6; q++) kept[k++] = all[m + q];
      }
    }
    full[i] = all;
    near[i] = kept.subarray(0, k);
  }
  const rest = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) rest[i] = rest[i + 1] + clicks[i].weight;
  return { clicks, full, near, reach, rest };
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
 *
 * Every caller asks only whether the score beats or equals `floor`: once even every click
 * left landing dead centre could not reach it (by a margin far above rounding), the sum
 * stops and −1 is returned.
 */
function score(set: Prepared, g: Candidate, floor: number): number {
  const w = g[1] - g[0], h = g[3] - g[2];
  const { clicks, reach, rest } = set;
  const short = floor - 1e-7 * (1 + Math.abs(floor));
  let sum = 0;
  for (let i = 0; i < clicks.length; i++) {
    if (sum + rest[i] < short) return -1;
    const c = clicks[i];
    const nx = (c.x - g[0]) / w, ny = (c.y - g[2]) / h;
    const r = i * 4;
    const inside = nx >= reach[r] && nx <= reach[r + 1] && ny >= reach[r + 2] && ny <= reach[r + 3];
    const b = inside ? set.near[i] : set.full[i];
    let best = -1;
    for (let j = 0; j < b.length; j += 6) {
      const ox = Math.abs(nx - b[j] - b[j + 2]) / b[j + 4];
      if (ox > 1) continue;
      const oy = Math.abs(ny - b[j + 1] - b[j + 3]) / b[j + 5];
      if (oy > 1) continue;
      const off = Math.max(ox, oy);
      if (1 - off > best) best = 1 - off;
    }
    if (best >= 0) sum += c.weight * (0.5 + 0.5 * best);
  }
  return sum;
}

/**
 * Pattern search from the coarse optimum: one edge at a time (left, right, top, bottom),
 * a step down then up; only a strictly better score moves; the step halves when nothing
 * moves, down to one unit.
 */
function refine(set: Prepared, start: Candidate, startScore: number): [Candidate, number] {
  let g: Candidate = [...start], best = startScore;
  let step = Math.max(1, Math.round(Math.max(g[1] - g[0], g[3] - g[2]) * 0.02));
  for (;;) {
    let moved = false;
    for (let p = 0; p < 4; p++) {
      for (const d of [-step, step]) {
        const c: Candidate = [...g];
        c[p] += d;
        if (!valid(c)) continue;
        const s = score(set, c, best);
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
function centre(set: Prepared, start: Candidate, best: number): Candidate {
  const g: Candidate = [...start];
  for (let p = 0; p < 4; p++) {
    const at = (d: number): number => {
      const c: Candidate = [...g];
      c[p] += d;
      return valid(c) ? score(set, c, best) : -1;
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
