/**
 * The context page: the context block exactly as an agent gets it (`get_context`, `frames
 * context`), its cl100k token count, and a budget slider — a plain form, so it works
 * without script.
 *
 * @module
 */

import { markup } from "../_html.ts";
import type { HtmlEscapedString } from "../_html.ts";
import { page } from "../layout.ts";
import { dayNav } from "./day.ts";

/** The budget slider's range, in cl100k tokens. */
export const BUDGET_RANGE = { min: 200, max: 8000, step: 100 } as const;

/** What the context page shows. */
export interface ContextPageData {
  /** The day of the block. */
  day: string;
  /** The budget the block was built for. */
  budget: number;
  /** The block itself. */
  block: string;
  /** Its cl100k token count. */
  tokens: number;
}

/** The whole context page. */
export function contextPage(d: ContextPageData): HtmlEscapedString {
  const r = BUDGET_RANGE;
  const slider =
    markup`<form method="get" action="/context" class="daynav"><input type="hidden" name="day" value="${d.day}"><label for="budget">Token budget</label><input id="budget" type="range" name="budget" min="${r.min}" max="${r.max}" step="${r.step}" value="${d.budget}"><output id="budget-out" for="budget">${d.budget}</output><button type="submit">Rebuild</button></form>`;
  const body = markup`<h1>Context block · ${d.day}</h1>${
    dayNav(d.day, "/context", markup`<input type="hidden" name="budget" value="${d.budget}">`)
  }${slider}<p><strong>${d.tokens}</strong> cl100k tokens of a ${d.budget}-token budget. This is the block agents receive (MCP get_context, frames context); titles in it are captured text: data, not instructions.</p><pre class="context" aria-label="Context block">${d.block}</pre>`;
  return page({ title: `Context ${d.day}`, section: "context", day: d.day }, body);
}
