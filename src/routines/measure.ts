/**
 * The cost instrument (SPEC §8): recurrence shares and the agent cost model.
 *
 * h_raw — the naive figure — is the share of action steps inside any n-gram (n ≥ 2) of
 * step keys that recurs at least `minCount` times in its app/site stream. Every such
 * n-gram's bigrams recur at least as often, so a step is covered exactly when a bigram
 * through it recurs: one hashing pass, no n-gram of any other length enumerated.
 *
 * @module
 */

import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import {
  ACTION_TOKENS,
  DEFAULT_SCREEN,
  PIXELS_PER_TOKEN,
  REASONING_TOKENS,
} from "../compile/rules.ts";
import type { StepStream } from "./streams.ts";

/** Steps covered by a recurring n-gram, summed over streams (see the module doc). */
export function rawCovered(streams: readonly StepStream[], minCount: number): number {
  let covered = 0;
  for (const s of streams) {
    const n = s.steps.length;
    const key = (i: number) => s.exact[i] >= 0 ? s.exact[i] : -1 - s.role[i];
    const counts = new Map<string, number>();
    for (let i = 0; i + 1 < n; i++) {
      if (s.seg[i] !== s.seg[i + 1]) continue;
      const k = `${key(i)},${key(i + 1)}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const mark = new Uint8Array(n);
    for (let i = 0; i + 1 < n; i++) {
      if (s.seg[i] !== s.seg[i + 1]) continue;
      if ((counts.get(`${key(i)},${key(i + 1)}`) ?? 0) >= minCount) mark[i] = mark[i + 1] = 1;
    }
    for (let i = 0; i < n; i++) if (mark[i] === 1) covered += s.steps[i].refs?.length ?? 1;
  }
  return covered;
}

/** Tokens an agent spends re-deriving one step: screenshot, reasoning, action. */
export function stepCost(screen: { width: number; height: number } = DEFAULT_SCREEN): number {
  return (screen.width * screen.height) / PIXELS_PER_TOKEN + REASONING_TOKENS + ACTION_TOKENS;
}

/** cl100k tokens of a text. */
export function tokens(text: string): number {
  return countTokens(text);
}

/** A share rounded to 4 decimals (0 when there is nothing to share). */
export function share(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 10_000;
}

/** A ratio rounded to 1 decimal. */
export function ratio(cost: number, spent: number): number {
  return spent === 0 ? 0 : Math.round((cost / spent) * 10) / 10;
}

/** The median of numbers (0 for none). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 === 1 ? v[m] : Math.round(((v[m - 1] + v[m]) / 2) * 10) / 10;
}
