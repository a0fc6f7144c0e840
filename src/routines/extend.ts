/**
 * Growing an accepted pattern: the automaton sees only runs that recur exactly, so a step
 * that follows (or precedes) most occurrences is missed when extra steps broke too many of
 * the exact runs. Here the step beside each occurrence is read, and a named step beside most
 * occurrences joins the pattern, as long as the grown pattern still occurs often enough.
 *
 * @module
 */

import type { PatternToken } from "./candidates.ts";
import { MAX_ROUTINE_STEPS } from "./constants.ts";
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
  let best = -1, bestCount = 0;
  for (const [e, n] of counts) {
    if (n > bestCount || (n === bestCount && e < best)) [best, bestCount] = [e, n];
  }
  const need = Math.ceil(hits.length * (side === "right" ? RIGHT_SHARE : LEFT_SHARE));
  if (best < 0 || bestCount < need) return undefined;
  const at = stream.exact.indexOf(best);
  return { exact: best, role: stream.role[at] };
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
      const t = commonNeighbour(hits, stream, claimed, side);
      if (t === undefined) break;
      const grown = side === "right" ? [...tokens, t] : [t, ...tokens];
      release(hits, claimed, opts.owner);
      const again = matchPattern(grown, stream, claimed, startsOf(grown[0], index), opts.owner);
      if (again.length >= opts.minOccurrences && again.length * 2 >= hits.length) {
        tokens = grown;
        hits = again;
        continue;
      }
      release(again, claimed, opts.owner);
      hits = matchPattern(tokens, stream, claimed, startsOf(tokens[0], index), opts.owner);
      break;
    }
  }
  return { tokens, hits };
}
