/**
 * Completions for day arguments: `today` and `yesterday`, then every day that holds
 * capture, most recent first, matching what has been typed so far.
 *
 * @module
 */

import type { McpBackend } from "./backend.ts";

/** The most values one completion answer carries (the protocol's limit). */
export const MAX_COMPLETIONS = 100;

/** A `completion/complete` answer. */
export interface Completion {
  /** Matching values, at most {@linkcode MAX_COMPLETIONS}. */
  values: string[];
  /** How many values match in all. */
  total: number;
  /** Whether more match than are listed. */
  hasMore: boolean;
}

/** Cuts `candidates` to those starting with `typed` (case-insensitive), capped. */
export function completion(candidates: string[], typed: string): Completion {
  const v = typed.toLowerCase();
  const all = [...new Set(candidates)].filter((c) => c.toLowerCase().startsWith(v));
  return {
    values: all.slice(0, MAX_COMPLETIONS),
    total: all.length,
    hasMore: all.length > MAX_COMPLETIONS,
  };
}

/** Day completions: the day words (unless `datesOnly`), then the days holding capture. */
export async function completeDay(
  backend: McpBackend,
  typed: string,
  opts: { datesOnly?: boolean; from?: string } = {},
): Promise<Completion> {
  let days = await backend.days();
  if (opts.from !== undefined && /^\d{4}-\d{2}-\d{2}/.test(opts.from)) {
    const from = opts.from.slice(0, 10);
    days = days.filter((d) => d >= from);
  }
  return completion(opts.datesOnly ? days : ["today", "yesterday", ...days], typed);
}
