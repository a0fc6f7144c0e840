/**
 * Candidate routines of one stream: the maximal repeats (suffix automaton) of its named
 * steps, where a name too rare to recur is replaced by its role (`click|menuitem|*`) so a
 * position whose name varies (a slot) does not cut the run in two; then siblings that
 * differ only at one position collapse into a slot when there are enough of them, while two
 * alone stay apart (near-duplicates: Approve vs Request changes).
 *
 * @module
 */

import { maximalRepeats } from "./automaton.ts";
import { MAX_ROUTINE_STEPS, MIN_NAMED, SLOT_VARIANTS } from "../compile/rules.ts";
import type { Interner, StepStream } from "./streams.ts";

/** One step of a pattern: an exact key, or any step of a role (a slot). */
export interface PatternToken {
  /** Interned `op|role|name`, or -1 for a slot. */
  exact: number;
  /** Interned `op|role`. */
  role: number;
}

/** A candidate run of one stream. */
export interface Candidate {
  tokens: PatternToken[];
  /** Occurrences the automaton counted (overlapping ones included). */
  count: number;
}

/** The named-step projection of a stream, with each token's frequency in it. */
export interface Projection {
  /** Projected tokens (interned; a slot token is interned `op|role|*`); separators < 0. */
  seq: Int32Array;
  /** Projected token → pattern token. */
  token: Map<number, PatternToken>;
  /** Projected token → occurrences in `seq`. */
  freq: Map<number, number>;
  /** Non-separator tokens in `seq`. */
  size: number;
}

/** Projects a stream onto its named steps; names seen fewer than `minCount` times become slots. */
export function project(stream: StepStream, interner: Interner, minCount: number): Projection {
  const exactFreq = new Map<number, number>();
  for (const e of stream.exact) if (e >= 0) exactFreq.set(e, (exactFreq.get(e) ?? 0) + 1);
  const seq: number[] = [];
  const token = new Map<number, PatternToken>();
  const freq = new Map<number, number>();
  let sep = -1, lastSeg = -1, size = 0;
  for (let i = 0; i < stream.steps.length; i++) {
    const e = stream.exact[i];
    if (e < 0) continue;
    if (stream.seg[i] !== lastSeg) {
      if (lastSeg >= 0) seq.push(sep--);
      lastSeg = stream.seg[i];
    }
    let t = e;
    if ((exactFreq.get(e) ?? 0) < minCount) {
      t = interner.id(interner.key(stream.role[i]) + "\u0001*");
      if (!token.has(t)) token.set(t, { exact: -1, role: stream.role[i] });
    } else if (!token.has(t)) token.set(t, { exact: e, role: stream.role[i] });
    seq.push(t);
    freq.set(t, (freq.get(t) ?? 0) + 1);
    size++;
  }
  return { seq: Int32Array.from(seq), token, freq, size };
}

/** The candidates of a projection, slots merged, best first (most named steps, then count). */
export function candidates(p: Projection, minCount: number): Candidate[] {
  const reps = maximalRepeats(p.seq, {
    minCount,
    minLength: MIN_NAMED,
    maxLength: MAX_ROUTINE_STEPS,
  });
  const found = new Map<string, Candidate>();
  for (const r of reps) {
    let ids = Array.from(p.seq.subarray(r.end - r.length + 1, r.end + 1));
    // A slot is bounded by named steps: one at either end identifies nothing.
    let a = 0, b = ids.length;
    while (a < b && p.token.get(ids[a])!.exact < 0) a++;
    while (b > a && p.token.get(ids[b - 1])!.exact < 0) b--;
    ids = ids.slice(a, b);
    const tokens = ids.map((t) => p.token.get(t)!);
    if (named(tokens) < MIN_NAMED || ids.every((t) => t === ids[0])) continue;
    const key = ids.join(",");
    const seen = found.get(key);
    if (seen === undefined || seen.count < r.count) found.set(key, { tokens, count: r.count });
  }
  return mergeSlots([...found.values()]).sort((a, b) =>
    named(b.tokens) - named(a.tokens) || b.tokens.length - a.tokens.length ||
    b.count - a.count || compareTokens(a.tokens, b.tokens)
  );
}

/** Steps with a fixed name. */
export function named(tokens: readonly PatternToken[]): number {
  let n = 0;
  for (const t of tokens) if (t.exact >= 0) n++;
  return n;
}

function compareTokens(a: readonly PatternToken[], b: readonly PatternToken[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = a[i].exact - b[i].exact || a[i].role - b[i].role;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function keyOf(tokens: readonly PatternToken[], wild: number): string {
  return tokens.map((t, i) => i === wild || t.exact < 0 ? `r${t.role}` : `e${t.exact}`).join(",");
}

/**
 * Candidates equal but at one position of the same role: with at least SLOT_VARIANTS
 * distinct names there (a slot candidate counts as one), they become one candidate with a
 * slot; fewer stay separate, as near-duplicates do.
 */
function mergeSlots(list: Candidate[]): Candidate[] {
  const groups = new Map<string, { at: number; members: Set<Candidate> }>();
  for (const c of list) {
    for (let k = 0; k < c.tokens.length; k++) {
      const key = `${k}:${keyOf(c.tokens, k)}`;
      let g = groups.get(key);
      if (!g) groups.set(key, g = { at: k, members: new Set() });
      g.members.add(c);
    }
  }
  const absorbed = new Set<Candidate>();
  const merged: Candidate[] = [];
  for (const g of [...groups.values()].sort((a, b) => b.members.size - a.members.size)) {
    const members = [...g.members].filter((c) => !absorbed.has(c));
    if (members.length < SLOT_VARIANTS) continue;
    const base = members[0].tokens;
    const tokens = base.map((t, i) => i === g.at ? { exact: -1, role: t.role } : t);
    if (named(tokens) < MIN_NAMED) continue;
    for (const m of members) absorbed.add(m);
    merged.push({ tokens, count: members.reduce((n, m) => n + m.count, 0) });
  }
  return [...list.filter((c) => !absorbed.has(c)), ...merged];
}
