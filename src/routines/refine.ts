/**
 * Refining accepted patterns. Generalising: a named step whose name varies freely becomes
 * a slot. Trimming: an end step that only a minority of the rest's
 * occurrences have is a coincidence (a generic Send before a real routine's first step) and
 * goes. Joining: two patterns whose occurrences follow each other nearly always are one
 * routine that extra steps had cut in two (the automaton only sees exact runs).
 *
 * @module
 */

import { named, type PatternToken } from "./candidates.ts";
import { MAX_EXTRA, MAX_STEP_GAP_MS, MIN_NAMED, SLOT_VARIANTS } from "../compile/rules.ts";
import { type Hit, matchPattern, release, startsOf } from "./match.ts";
import type { StepStream } from "./streams.ts";

/** A pattern with its claimed occurrences. */
export interface Claimed {
  tokens: PatternToken[];
  hits: Hit[];
  owner: number;
}

/** Shared state of one stream's mining. */
export interface Ground {
  stream: StepStream;
  claimed: Int32Array;
  index: { exact: Map<number, number[]>; role: Map<number, number[]> };
  /** Named steps in the stream's projection. */
  size: number;
  /** Uses of each exact key in the stream. */
  freq: ReadonlyMap<number, number>;
}

/** An end step stays only when chance would put it beside that many occurrences this rarely. */
export const END_CHANCE = 0.05;
/** Two patterns join when this share of the larger one's occurrences are adjacent. */
const JOIN_SHARE = 2 / 3;

function match(g: Ground, tokens: readonly PatternToken[], owner: number): Hit[] {
  return matchPattern(tokens, g.stream, g.claimed, startsOf(tokens[0], g.index), owner);
}

function lastOf(h: Hit): number {
  let end = h[0];
  for (const q of h) if (q > end) end = q;
  return end;
}

/** P(X ≥ k) for X ~ Binomial(n, p). */
export function binomialTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let logC = 0;
  for (let i = 0; i < k; i++) logC += Math.log(n - i) - Math.log(i + 1);
  let sum = 0;
  for (let j = k; j <= n; j++) {
    sum += Math.exp(logC + j * Math.log(p) + (n - j) * Math.log(1 - p));
    logC += Math.log(n - j) - Math.log(j + 1);
  }
  return Math.min(1, sum);
}

/**
 * Drops end steps that the rest of the pattern's complete occurrences have no more often
 * than chance would put them there: a binomial test against the step's rate outside the
 * pattern's occurrences, over the matcher's reach.
 */
export function trimEnds(p: Claimed, g: Ground, share: (t: PatternToken) => number): Claimed {
  let { tokens, hits } = p;
  for (let changed = true; changed;) {
    changed = false;
    for (const side of ["first", "last"] as const) {
      const sub = side === "first" ? tokens.slice(1) : tokens.slice(0, -1);
      while (sub.length > 0 && sub[0].exact < 0) sub.shift();
      while (sub.length > 0 && sub[sub.length - 1].exact < 0) sub.pop();
      if (named(sub) < MIN_NAMED) continue;
      release(hits, g.claimed, p.owner);
      const subHits = match(g, sub, p.owner);
      const at = side === "first" ? 0 : tokens.length - 1;
      const end = tokens[at];
      // The end step's rate outside this pattern's own occurrences is what chance offers.
      let inside = 0, covered = 0;
      for (const h of hits) {
        if (h[at] >= 0) inside++;
        for (const q of h) if (q >= 0) covered++;
      }
      // Per action step of the stream (unnamed ones too): what sits beside a step.
      const rest = Math.max(1, g.stream.steps.length - covered);
      const rate = Math.max(0, share(end) * g.size - inside) / rest;
      // Chance gets as many tries as the widest gap the occurrences show between the end
      // step and its neighbour (1 when it is always adjacent, as a slot end must be).
      const complete = hits.filter((h) => h.every((q) => q >= 0));
      let reach = 1;
      for (const h of complete) {
        reach = Math.max(reach, side === "first" ? h[1] - h[0] : h[at] - h[at - 1]);
      }
      const chance = 1 - Math.pow(1 - Math.min(1, rate), Math.min(reach, MAX_EXTRA + 1));
      const k = complete.length;
      const n = subHits.filter((h) => h.every((q) => q >= 0)).length;
      const keep = binomialTail(Math.min(k, n), n, chance) <= END_CHANCE;
      if (keep) {
        release(subHits, g.claimed, p.owner);
        hits = match(g, tokens, p.owner);
        continue;
      }
      tokens = sub;
      hits = subHits;
      changed = true;
    }
  }
  return { tokens, hits, owner: p.owner };
}

function adjacent(g: Ground, a: readonly Hit[], b: readonly Hit[]): number {
  const starts = new Set(b.map((h) => h[0]));
  const s = g.stream;
  let n = 0;
  for (const h of a) {
    const end = lastOf(h);
    for (let q = end + 1; q <= end + MAX_EXTRA + 1 && q < s.steps.length; q++) {
      if (s.seg[q] !== s.seg[end] || s.steps[q].at - s.steps[end].at > MAX_STEP_GAP_MS) break;
      if (starts.has(q)) {
        n++;
        break;
      }
    }
  }
  return n;
}

/**
 * Joins patterns whose occurrences nearly always follow each other, while the joined one
 * passes `accept`; returns the patterns left.
 */
export function joinAdjacent(
  list: Claimed[],
  g: Ground,
  accept: (tokens: PatternToken[], hits: readonly Hit[]) => boolean,
): Claimed[] {
  for (let changed = true; changed;) {
    changed = false;
    outer: for (const a of list) {
      for (const b of list) {
        if (a === b) continue;
        const n = adjacent(g, a.hits, b.hits);
        if (n < JOIN_SHARE * Math.max(a.hits.length, b.hits.length)) continue;
        release(a.hits, g.claimed, a.owner);
        release(b.hits, g.claimed, b.owner);
        const tokens = [...a.tokens, ...b.tokens];
        const hits = match(g, tokens, a.owner);
        if (accept(tokens, hits)) {
          list = list.filter((x) => x !== b).map((x) =>
            x === a ? { tokens, hits, owner: a.owner } : x
          );
          changed = true;
          break outer;
        }
        release(hits, g.claimed, a.owner);
        a.hits = match(g, a.tokens, a.owner);
        b.hits = match(g, b.tokens, b.owner);
      }
    }
  }
  return list;
}

/** A slot's most common value may fill at most this share of its occurrences. */
const SLOT_TOP_SHARE = 0.5;
/** At least this share of its values' uses in the stream must be in the slot. */
const SLOT_OWN_SHARE = 0.5;

/**
 * Turns an interior named step into a slot when, with its name free, the pattern occurs at
 * least as often, the names there are many, none dominates and they are mostly used there
 * (a recipient picked from a list); two or so names stay as they are (near-duplicates:
 * Approve vs Request changes).
 */
export function generalise(p: Claimed, g: Ground): Claimed {
  let { tokens, hits } = p;
  for (let k = 1; k + 1 < tokens.length; k++) {
    if (tokens[k].exact < 0) continue;
    const wild = tokens.map((t, i) => i === k ? { exact: -1, role: t.role } : t);
    release(hits, g.claimed, p.owner);
    const wider = match(g, wild, p.owner);
    const values = new Map<number, number>();
    for (const h of wider) {
      if (h[k] < 0) continue;
      const v = g.stream.exact[h[k]];
      values.set(v, (values.get(v) ?? 0) + 1);
    }
    const top = Math.max(0, ...values.values());
    // Slot values are specific (an issue, a customer): mostly used right here, unlike
    // generic names (Send, Open) that merely happen to sit in that position.
    let used = 0, inSlot = 0;
    for (const [v, n] of values) {
      inSlot += n;
      used += v >= 0 ? g.freq.get(v) ?? n : n;
    }
    if (
      wider.length >= hits.length && values.size >= SLOT_VARIANTS &&
      top <= SLOT_TOP_SHARE * wider.length && inSlot >= SLOT_OWN_SHARE * used
    ) {
      tokens = wild;
      hits = wider;
      continue;
    }
    release(wider, g.claimed, p.owner);
    hits = match(g, tokens, p.owner);
  }
  return { tokens, hits, owner: p.owner };
}
