/**
 * hono's `html` tagged template, typed as what it is here: every value it escapes is a
 * string, a number or an already-escaped fragment, never a promise, so a page renders
 * synchronously. Escaping is hono's own (`&`, `<`, `>`, `"`, `'`).
 *
 * @module
 */

import { html as honoHtml, raw } from "hono/html";

export { raw };
import type { HtmlEscapedString } from "hono/utils/html";
export type { HtmlEscapedString };

/**
 * hono's `html`, returning the escaped string itself (a promise inside is a programming
 * error). Named `markup`, not `html`, so the formatter leaves the markup byte for byte.
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): HtmlEscapedString {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) {
    throw new TypeError("Cannot render a page: a template held a promise");
  }
  return out;
}
