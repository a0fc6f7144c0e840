/**
 * Finding a pattern's occurrences in a stream, left to right, without overlap: each step of
 * the pattern must follow the previous one within MAX_EXTRA extra action steps and within
 * the segment; at most MAX_SKIPS steps (never the first) may be missing — a deletion, so
 * a step of the missing one's role and another name in its place (a substitution: Request
 * changes where Approve was) is no match. Positions an occurrence spans are claimed, so
 * no step counts for two occurrences or two routines.
 *
 * @module
 */

import type { PatternToken } from "./candidates.ts";
import { MAX_EXTRA, MAX_SKIPS, MAX_STEP_GAP_MS } from "../compile/rules.ts";
import type { StepStream } from "./streams.ts";

/** An occurrence: per pattern step, the stream position matched, or -1 when missing. */
export type Hit = Int32Array;

function fits(t: PatternToken, s: StepStream, i: number): boolean {
  return t.exact >= 0 ? s.exact[i] === t.exact : s.role[i] === t.role;
}

/** Up to `reach` unclaimed positions after `from`, in its segment and time reach. */
export function following(
  s: StepStream,
  claimed: Int32Array,
  from: number,
  reach: number,
): number[] {
  const out: number[] = [];
  for (let q = from + 1; q < s.steps.length && out.length < reach; q++) {
    if (s.seg[q] !== s.seg[from] || s.steps[q].at - s.steps[from].at > MAX_STEP_GAP_MS) break;
    if (claimed[q] === 0) out.push(q);
  }
  return out;
}

/** Up to `reach` unclaimed positions before `from`, in its segment and time reach, nearest first. */
export function preceding(
  s: StepStream,
  claimed: Int32Array,
  from: number,
  reach: number,
): number[] {
  const out: number[] = [];
  for (let q = from - 1; q >= 0 && out.length < reach; q--) {
    if (s.seg[q] !== s.seg[from] || s.steps[from].at - s.steps[q].at > MAX_STEP_GAP_MS) break;
    if (claimed[q] === 0) out.push(q);
  }
  return out;
}

function tryAt(
  tokens: readonly PatternToken[],
  s: StepStream,
  claimed: Int32Array,
  p: number,
  clicks: ReadonlySet<number>,
) {
  const hit = new Int32Array(tokens.length).fill(-1);
  hit[0] = p;
  let pos = p, skips = 0;
  for (let k = 1; k < tokens.length; k++) {
    const ahead = following(s, claimed, pos, MAX_EXTRA + 1);
    const q = ahead.find((i) => fits(tokens[k], s, i));
    // The next step comes first: this one is missing, not further on.
    const r = k + 1 < tokens.length ? ahead.find((i) => fits(tokens[k + 1], s, i)) : undefined;
    if (q !== undefined && (r === undefined || q < r || skips >= MAX_SKIPS)) {
      hit[k] = q;
      pos = q;
      continue;
    }
    // A deletion leaves no click of the missing click's role before the next step matches
    // (another field typed into decides nothing; another button clicked does).
    const resume = k + 1 < tokens.length ? ahead.findIndex((i) => fits(tokens[k + 1], s, i)) : -1;
    const between = resume < 0 ? ahead : ahead.slice(0, resume);
    const substituted = clicks.has(tokens[k].role) &&
      between.some((i) => s.role[i] === tokens[k].role);
    if (skips >= MAX_SKIPS || tokens.length < 3 || substituted) return undefined;
    skips++;
  }
  return hit;
}

/**
 * Occurrences of `tokens` in `s`, earliest first, skipping and then claiming positions in
 * `claimed` (marked with `owner`, a positive number).
 */
export function matchPattern(
  tokens: readonly PatternToken[],
  s: StepStream,
  claimed: Int32Array,
  starts: readonly number[],
  owner: number,
): Hit[] {
  const out: Hit[] = [];
  let free = 0;
  for (const p of starts) {
    if (p < free || claimed[p] !== 0) continue;
    const hit = tryAt(tokens, s, claimed, p, s.clickRoles);
    if (hit === undefined) continue;
    let end = p;
    for (const q of hit) if (q > end) end = q;
    for (let i = p; i <= end; i++) if (claimed[i] === 0) claimed[i] = owner;
    free = end + 1;
    out.push(hit);
  }
  return out;
}

/** Releases the positions `owner` claimed. */
export function release(hits: readonly Hit[], claimed: Int32Array, owner: number): void {
  for (const h of hits) {
    let end = h[0];
    for (const q of h) if (q > end) end = q;
    for (let i = h[0]; i <= end; i++) if (claimed[i] === owner) claimed[i] = 0;
  }
}

/** Stream positions whose step fits the pattern's first token, in order. */
export function startsOf(
  first: PatternToken,
  index: { exact: Map<number, number[]>; role: Map<number, number[]> },
): number[] {
  return (first.exact >= 0 ? index.exact.get(first.exact) : index.role.get(first.role)) ?? [];
}

/** Positions per exact key and per role key of a stream. */
export function postings(
  s: StepStream,
): { exact: Map<number, number[]>; role: Map<number, number[]> } {
  const exact = new Map<number, number[]>(), role = new Map<number, number[]>();
  for (let i = 0; i < s.steps.length; i++) {
    if (s.exact[i] >= 0) {
      let l = exact.get(s.exact[i]);
      if (!l) exact.set(s.exact[i], l = []);
      l.push(i);
    }
    let r = role.get(s.role[i]);
    if (!r) role.set(s.role[i], r = []);
    r.push(i);
  }
  return { exact, role };
}
