/**
 * Growing an accepted pattern: the automaton sees only runs that recur exactly, so a step
 * that follows (or precedes) most occurrences is missed when extra steps broke too many of
 * the exact runs. Here the step beside each occurrence is read, and a named step beside most
 * occurrences joins the pattern, as long as the grown pattern still occurs often enough.
 *
 * @module
 */

import type { PatternToken } from "./candidates.ts";
import { MAX_ROUTINE_STEPS, OPTIONAL_PRESENCE, SLOT_VARIANTS } from "../compile/rules.ts";
import { binomialTail, END_CHANCE } from "./refine.ts";
import {
  following,
  type Hit,
  matchPattern,
  postings,
  preceding,
  release,
  startsOf,
} from "./match.ts";
import type { StepStream } from "./streams.ts";

/** The shares of occurrences a neighbour must sit beside to join (right, left). */
const RIGHT_SHARE = 0.5, LEFT_SHARE = 0.8;
/** The share of occurrences a slot neighbour's role must be beside to join. */
const SLOT_SHARE = 0.8;

function lastOf(h: Hit): number {
  let end = h[0];
  for (const q of h) if (q > end) end = q;
  return end;
}

function commonNeighbour(
  hits: readonly Hit[],
  stream: StepStream,
  claimed: Int32Array,
  side: "left" | "right",
  uses: ReadonlyMap<number, readonly number[]>,
): PatternToken | undefined {
  const counts = new Map<number, number>();
  for (const h of hits) {
    // Only the adjacent step: within the matcher's reach, a busy stream's generic names sit
    // beside half of any pattern's occurrences by chance.
    const near = side === "right"
      ? following(stream, claimed, lastOf(h), 1)
      : preceding(stream, claimed, h[0], 1);
    for (const q of near) {
      if (stream.exact[q] >= 0) counts.set(stream.exact[q], (counts.get(stream.exact[q]) ?? 0) + 1);
    }
  }
  // Only a leading slot (what was picked from a list before the routine began); after
  // the last step, whatever comes next is the next task.
  const slot = side === "left" ? slotNeighbour(hits, stream, claimed, side) : undefined;
  let best = -1, bestCount = 0;
  for (const [e, n] of counts) {
    if (n > bestCount || (n === bestCount && e < best)) [best, bestCount] = [e, n];
  }
  const need = Math.ceil(hits.length * (side === "right" ? RIGHT_SHARE : LEFT_SHARE));
  if (best < 0) return slot;
  if (bestCount < need && !(side === "right" && rareBeside(best, bestCount, hits, stream, uses))) {
    return slot;
  }
  const at = stream.exact.indexOf(best);
  return { exact: best, role: stream.role[at] };
}

/**
 * An optional last step: a named step beside fewer than half the occurrences still joins
 * when it is beside at least the share an optional step needs ({@linkcode OPTIONAL_PRESENCE})
 * and chance would put it beside that many this rarely — the test `trimEnds` keeps an end
 * step by (its rate among the stream's other steps, one try: it is adjacent). A step the
 * stream uses mostly there (Refund after Payments) joins; a generic one (Send, Search)
 * sits beside many occurrences by chance and does not.
 */
function rareBeside(
  key: number,
  beside: number,
  hits: readonly Hit[],
  stream: StepStream,
  uses: ReadonlyMap<number, readonly number[]>,
): boolean {
  if (beside < 2 || beside < hits.length * OPTIONAL_PRESENCE) return false;
  let covered = 0;
  for (const h of hits) for (const q of h) if (q >= 0) covered++;
  const rest = Math.max(1, stream.steps.length - covered);
  const rate = Math.max(0, (uses.get(key)?.length ?? 0) - beside) / rest;
  return binomialTail(beside, hits.length, Math.min(1, rate)) <= END_CHANCE;
}

/**
 * A slot beside the occurrences: nearly all of them have a step of one role there whose
 * names are many and none dominates (the issue picked from a list before Status).
 */
function slotNeighbour(
  hits: readonly Hit[],
  stream: StepStream,
  claimed: Int32Array,
  side: "left" | "right",
): PatternToken | undefined {
  const roles = new Map<number, number>();
  const names = new Map<number, Map<number, number>>();
  for (const h of hits) {
    const [q] = side === "right"
      ? following(stream, claimed, lastOf(h), 1)
      : preceding(stream, claimed, h[0], 1);
    if (q === undefined || stream.steps[q].op !== "click") continue;
    const r = stream.role[q];
    roles.set(r, (roles.get(r) ?? 0) + 1);
    let m = names.get(r);
    if (!m) names.set(r, m = new Map());
    m.set(stream.exact[q], (m.get(stream.exact[q]) ?? 0) + 1);
  }
  for (const [r, n] of roles) {
    if (n < hits.length * SLOT_SHARE) continue;
    const m = names.get(r)!;
    const top = Math.max(...m.values());
    if (m.size >= SLOT_VARIANTS && top <= 0.5 * n) return { exact: -1, role: r };
  }
  return undefined;
}

/** Grows `tokens` (whose `hits` are claimed by `owner`) while neighbours agree. */
export function extendPattern(
  tokens: PatternToken[],
  hits: Hit[],
  stream: StepStream,
  claimed: Int32Array,
  opts: { owner: number; minOccurrences: number },
): { tokens: PatternToken[]; hits: Hit[] } {
  const index = postings(stream);
  for (const side of ["right", "left"] as const) {
    while (tokens.length < MAX_ROUTINE_STEPS) {
      const t = commonNeighbour(hits, stream, claimed, side, index.exact);
      if (t === undefined) break;
      const grown = side === "right" ? [...tokens, t] : [t, ...tokens];
      release(hits, claimed, opts.owner);
      const again = matchPattern(grown, stream, claimed, startsOf(grown[0], index), opts.owner);
      // A first step cannot be missing: growing left must keep nearly every occurrence.
      const keep = side === "right" ? RIGHT_SHARE : LEFT_SHARE;
      if (again.length >= opts.minOccurrences && again.length >= keep * hits.length) {
        tokens = grown;
        hits = again;
        if (t.exact < 0) break; // one slot at an end; beyond it nothing is anchored
        continue;
      }
      release(again, claimed, opts.owner);
      hits = matchPattern(tokens, stream, claimed, startsOf(tokens[0], index), opts.owner);
      break;
    }
  }
  return { tokens, hits };
}
