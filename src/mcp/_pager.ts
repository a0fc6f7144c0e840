/**
 * The hard size cap: a result is cut to at most `maxTokens` cl100k tokens (as the compact
 * JSON a client shows the model), with `next_cursor` for the rest.
 *
 * @module
 */

import { countTokensCached as countTokens } from "../text/token_count.ts";
import { untrustedBlock } from "../text/untrusted.ts";

/** The smallest cap the server accepts (a page must hold its fixed part and one item). */
export const MIN_MAX_TOKENS = 1000;

/** One paged list of a result, in the order it appears. */
export interface PageSection {
  key: string;
  items: readonly unknown[];
}

/** Options of {@linkcode fitPage}. */
export interface FitPageOptions {
  /** Items of all sections, counted as one sequence, already returned. */
  offset: number;
  /** The cap, in cl100k tokens. */
  maxTokens: number;
  /** Mints the cursor that continues after `offset` items. */
  cursorFor: (offset: number) => string;
}

/** Paging facts every paged result carries. */
export interface PageInfo {
  offset: number;
  count: number;
  total: number;
}

// The untrusted-data fence around a result's text mirror (`src/text/untrusted.ts`), with
// room for the 12 hex digits of its tag however they tokenize.
let fenceTokens: number | undefined;
function fenceCost(): number {
  return fenceTokens ??= countTokens(untrustedBlock("")) + 12;
}

/** Tokens of a value as compact JSON. */
export function jsonTokens(value: unknown): number {
  return countTokens(JSON.stringify(value));
}

function assemble(
  head: Record<string, unknown>,
  sections: readonly PageSection[],
  from: number,
  to: number,
  total: number,
  cursor: string | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...head };
  let base = 0;
  for (const s of sections) {
    const lo = Math.min(Math.max(from - base, 0), s.items.length);
    const hi = Math.min(Math.max(to - base, 0), s.items.length);
    out[s.key] = s.items.slice(lo, hi);
    base += s.items.length;
  }
  const page: PageInfo = { offset: from, count: to - from, total };
  out.page = page;
  if (cursor !== undefined) out.next_cursor = cursor;
  return out;
}

/**
 * Builds one page: `head` in full, then as many items of `sections` (from `offset`) as fit
 * under the cap, then `page` and, when items remain, `next_cursor`.
 */
export function fitPage(
  head: Record<string, unknown>,
  sections: readonly PageSection[],
  opts: FitPageOptions,
): Record<string, unknown> {
  const items = sections.flatMap((s) => s.items);
  const total = items.length;
  const from = Math.min(opts.offset, total);
  // The fixed part at its largest: empty sections, widest page numbers and cursor.
  let used = jsonTokens(assemble(head, sections, 0, 0, total, opts.cursorFor(total))) + 8 +
    fenceCost();
  if (used > opts.maxTokens) {
    throw new RangeError(
      `Cannot fit the result in ${opts.maxTokens} tokens: its fixed part alone takes ${used}; ask the operator to raise frames mcp --max-tokens`,
    );
  }
  let to = from;
  while (to < total) {
    const cost = jsonTokens(items[to]) + 1;
    if (used + cost > opts.maxTokens) break;
    used += cost;
    to++;
  }
  // Tokens of parts do not add up exactly to tokens of the whole: verify, then trim.
  for (;;) {
    const page = assemble(
      head,
      sections,
      from,
      to,
      total,
      to < total ? opts.cursorFor(to) : undefined,
    );
    if (jsonTokens(page) + fenceCost() <= opts.maxTokens) {
      if (to === from && from < total) {
        throw new RangeError(
          `Cannot fit one item of the result in ${opts.maxTokens} tokens; ask the operator to raise frames mcp --max-tokens`,
        );
      }
      return page;
    }
    if (to === from) {
      throw new RangeError(
        `Cannot fit the result in ${opts.maxTokens} tokens; ask the operator to raise frames mcp --max-tokens`,
      );
    }
    to--;
  }
}
