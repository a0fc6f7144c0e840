/**
 * Mining one run: per app/site stream, candidates from the suffix automaton, matched best
 * first without overlap, grown by agreeing neighbours and pruned of slots most occurrences
 * lack; a candidate becomes a routine when it occurs often enough, keeps at least two named
 * steps in every occurrence, and is not a coincidence: its rarest named step mostly occurs
 * inside it, or chance would rarely produce that many occurrences.
 *
 * @module
 */

import { type Candidate, candidates, named, type PatternToken, project } from "./candidates.ts";
import {
  MAX_CHANCE,
  MAX_EXTRA,
  MIN_CONFIDENCE,
  MIN_NAMED,
  OPTIONAL_PRESENCE,
  SLOT_PRESENCE,
} from "../compile/rules.ts";
import { extendPattern } from "./extend.ts";
import { type Hit, matchPattern, postings, release, startsOf } from "./match.ts";
import { type Claimed, generalise, type Ground, joinAdjacent, trimEnds } from "./refine.ts";
import type { Interner, StepStream } from "./streams.ts";

/** A pattern that recurs, with its occurrences in the stream it was mined from. */
export interface MinedPattern {
  stream: StepStream;
  tokens: PatternToken[];
  hits: Hit[];
}

/** P(X ≥ k) for X ~ Poisson(λ). */
export function poissonTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (lambda <= 0) return 0;
  // Sum the upper tail from k on, in log space so tiny λ does not underflow the first term.
  let logTerm = -lambda + k * Math.log(lambda) - logFactorial(k);
  let sum = 0;
  for (let j = k; j < k + 200; j++) {
    sum += Math.exp(logTerm);
    logTerm += Math.log(lambda) - Math.log(j + 1);
    if (j > lambda && Math.exp(logTerm) < sum * 1e-12) break;
  }
  return Math.min(1, sum);
}

function logFactorial(n: number): number {
  let s = 0;
  for (let i = 2; i <= n; i++) s += Math.log(i);
  return s;
}

/** Mines the routines of one stream; `owner` numbers its claims (each routine one more). */
export function mineStream(
  stream: StepStream,
  interner: Interner,
  opts: { minOccurrences: number; firstOwner: number },
): MinedPattern[] {
  const proj = project(stream, interner, opts.minOccurrences);
  if (proj.size < MIN_NAMED) return [];
  const list = candidates(proj, opts.minOccurrences);
  const roleFreq = new Map<number, number>();
  for (const [t, n] of proj.freq) {
    const r = proj.token.get(t)!.role;
    roleFreq.set(r, (roleFreq.get(r) ?? 0) + n);
  }
  // Uses of every named key in the stream (a key grown into a pattern may be too rare to
  // be a projection token of its own).
  const exactFreq = new Map<number, number>();
  for (const e of stream.exact) if (e >= 0) exactFreq.set(e, (exactFreq.get(e) ?? 0) + 1);
  const claimed = new Int32Array(stream.steps.length);
  const index = postings(stream);
  const ground: Ground = { stream, claimed, index, size: proj.size, freq: exactFreq };
  const share = (t: PatternToken) =>
    (t.exact >= 0 ? exactFreq.get(t.exact) ?? 0 : roleFreq.get(t.role) ?? 0) / proj.size;
  const kept: Claimed[] = [];
  let owner = opts.firstOwner;
  const accept = (c: Candidate, hits: readonly Hit[]) =>
    hits.length >= opts.minOccurrences && namedInAll(c, hits) &&
    (confidence(c, hits, exactFreq) >= MIN_CONFIDENCE ||
      poissonTail(hits.length, chance(c, proj.size, exactFreq, roleFreq)) <= MAX_CHANCE);
  for (const c of list) {
    if (!promising(c, proj.size, exactFreq, roleFreq)) continue;
    const first = matchPattern(c.tokens, stream, claimed, startsOf(c.tokens[0], index), owner);
    if (!accept(c, first)) {
      release(first, claimed, owner);
      continue;
    }
    const grown = extendPattern(c.tokens, first, stream, claimed, {
      owner,
      minOccurrences: opts.minOccurrences,
    });
    const pruned = prune(grown.tokens, grown.hits);
    if (pruned.length < grown.tokens.length) {
      release(grown.hits, claimed, owner);
      grown.tokens = pruned;
      grown.hits = matchPattern(pruned, stream, claimed, startsOf(pruned[0], index), owner);
    }
    const general = generalise({ ...grown, owner }, ground);
    const regrown = general.tokens === grown.tokens ? general : {
      ...extendPattern(general.tokens, general.hits, stream, claimed, {
        owner,
        minOccurrences: opts.minOccurrences,
      }),
      owner,
    };
    const trimmed = trimEnds(regrown, ground, share);
    if (!accept({ tokens: trimmed.tokens, count: c.count }, trimmed.hits)) {
      release(trimmed.hits, claimed, owner);
      continue;
    }
    kept.push(trimmed);
    owner++;
  }
  const joined = joinAdjacent(kept, ground, (tokens, hits) => accept({ tokens, count: 0 }, hits));
  return joined.map((p) => ({ stream, tokens: p.tokens, hits: p.hits }));
}

/**
 * The pattern without slot steps that most occurrences lack: a slot is a position whose
 * role is stable, so it must be there nearly always; an optional named step needs less.
 */
function prune(tokens: PatternToken[], hits: readonly Hit[]): PatternToken[] {
  const kept = tokens.filter((t, k) => {
    if (k === 0) return true;
    let present = 0;
    for (const h of hits) if (h[k] >= 0) present++;
    return present >= hits.length * (t.exact >= 0 ? OPTIONAL_PRESENCE : SLOT_PRESENCE);
  });
  return named(kept) >= MIN_NAMED ? kept : tokens;
}

/**
 * Complete occurrences (no step missing) over the uses of the pattern's rarest named step
 * in the stream: near 1 when that step is hardly ever used outside the routine.
 */
function confidence(c: Candidate, hits: readonly Hit[], exactFreq: Map<number, number>): number {
  let rarest = Infinity;
  for (const t of c.tokens) {
    if (t.exact >= 0) rarest = Math.min(rarest, exactFreq.get(t.exact) ?? 0);
  }
  const complete = hits.filter((h) => h.every((q) => q >= 0)).length;
  return rarest === Infinity || rarest === 0 ? 0 : complete / rarest;
}

/**
 * Worth matching at all: its contiguous count (from the automaton) is already unlikely by
 * chance, or near the uses of its rarest named step (extras may halve the contiguous
 * count). Keeps the matcher off the thousands of coincidental repeats of busy streams.
 */
function promising(
  c: Candidate,
  size: number,
  exactFreq: Map<number, number>,
  roleFreq: Map<number, number>,
): boolean {
  let rarest = Infinity, lambda = Math.max(1, size - c.tokens.length + 1);
  for (const t of c.tokens) {
    const n = t.exact >= 0 ? exactFreq.get(t.exact) ?? 0 : roleFreq.get(t.role) ?? 0;
    if (t.exact >= 0) rarest = Math.min(rarest, n);
    lambda *= Math.max(n, 1) / size;
  }
  return c.count / rarest >= MIN_CONFIDENCE / 2 || poissonTail(c.count, lambda) <= MAX_CHANCE;
}

/** Every occurrence matched at least MIN_NAMED of the pattern's named steps. */
function namedInAll(c: Candidate, hits: readonly Hit[]): boolean {
  if (named(c.tokens) < MIN_NAMED) return false;
  return hits.every((h) => {
    let n = 0;
    for (let k = 0; k < h.length; k++) if (h[k] >= 0 && c.tokens[k].exact >= 0) n++;
    return n >= MIN_NAMED;
  });
}

/**
 * Occurrences expected by chance: positions × the product of each step's share of the
 * projection, times the ways extra steps may sit between them, for every run the matcher
 * accepts.
 */
function chance(
  c: Candidate,
  size: number,
  exactFreq: Map<number, number>,
  roleFreq: Map<number, number>,
): number {
  const p = c.tokens.map((t) =>
    Math.max(t.exact >= 0 ? exactFreq.get(t.exact) ?? 0 : roleFreq.get(t.role) ?? 0, 1) / size
  );
  const runs = (skip: number) => {
    let lambda = Math.max(1, size - c.tokens.length + 1);
    let length = 0;
    p.forEach((x, k) => {
      if (k === skip) return;
      lambda *= x;
      length++;
    });
    return lambda * Math.pow(MAX_EXTRA + 1, length - 1);
  };
  // The matcher also accepts an occurrence missing one step (never the first): the
  // expected count is the union bound over the full run and each one-step-shorter run.
  let total = runs(-1);
  if (c.tokens.length >= 3) { for (let k = 1; k < c.tokens.length; k++) total += runs(k); }
  return total;
}

/** Matches already-mined patterns in another run's stream of the same app/site. */
export function matchAgain(tokens: readonly PatternToken[][], stream: StepStream): Hit[][] {
  const claimed = new Int32Array(stream.steps.length);
  const index = postings(stream);
  return tokens.map((t, i) => matchPattern(t, stream, claimed, startsOf(t[0], index), i + 1));
}
