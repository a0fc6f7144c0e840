/**
 * Layer 2 of SPEC §6: a generic search parameter makes any page a `search`.
 *
 * @module
 */

import type { PageRef } from "./parser.ts";

/** Query parameter names that carry a search query on any site, in priority order. */
export const SEARCH_PARAMS: readonly string[] = [
  "q",
  "query",
  "search_query",
  "search",
  "keywords",
  "keyword",
  "term",
  "searchTerm",
];

/** The `search` reference for a URL with a search parameter, or `null`. */
export function searchParamRef(url: URL): PageRef | null {
  if (url.search.length < 3) return null;
  const params = url.searchParams;
  for (const name of SEARCH_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return { kind: "search", entity: value };
  }
  // `p` is a page number on most sites; it is a query only on search pages (Yahoo).
  const p = params.get("p")?.trim();
  if (p && (url.hostname.startsWith("search.") || url.pathname.includes("search"))) {
    return { kind: "search", entity: p };
  }
  return null;
}
