/**
 * Small pure helpers for parser files, so each `parsers/<host>.ts` stays a few lines.
 *
 * Parser files may import only this module and types from `parser.ts` (the purity test
 * enforces it).
 *
 * @module
 */

import type { PageRef } from "./parser.ts";

export type { PageRef, ParserExample, SiteParser } from "./parser.ts";

/** A page reference; an empty or missing entity is left out. */
export function ref(kind: string, entity?: string): PageRef {
  return entity ? { kind, entity } : { kind };
}

/** The non-empty path segments of a URL, still percent-encoded. */
export function segments(url: URL): string[] {
  const path = url.pathname;
  if (path === "/" || path === "") return [];
  return path.split("/").filter((s) => s.length > 0);
}

/** The non-empty segments of a fragment route (`#/a/b?x=1` or `#a/b` → `a`, `b`). */
export function hashSegments(url: URL): string[] {
  const hash = url.hash;
  if (hash.length < 2) return [];
  const q = hash.indexOf("?");
  return (q < 0 ? hash.slice(1) : hash.slice(1, q)).split("/").filter((s) => s.length > 0);
}

/** Percent-decodes text, returning it unchanged when the encoding is broken. */
export function decode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Turns a URL slug into words: decoded, with `-`, `_` and `+` as spaces. */
export function words(slug: string): string {
  return decode(slug.replace(/\+/g, " ")).replace(/[-_\s]+/g, " ").trim();
}

/** A query parameter's trimmed value, or `undefined` when absent or blank. */
export function param(url: URL, name: string): string | undefined {
  if (url.search.length < 2) return undefined;
  const value = url.searchParams.get(name)?.trim();
  return value ? value : undefined;
}

/** The first of `names` present as a non-blank query parameter. */
export function firstParam(url: URL, names: readonly string[]): string | undefined {
  if (url.search.length < 2) return undefined;
  for (const name of names) {
    const value = param(url, name);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** A set of words given as space-separated lines (keeps long lists compact). */
export function wordSet(...lines: string[]): ReadonlySet<string> {
  return new Set(lines.join(" ").split(/\s+/).filter((w) => w.length > 0));
}
