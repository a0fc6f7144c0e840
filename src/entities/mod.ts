/**
 * Entity typing seam: a URL becomes a typed page reference (SPEC §6).
 *
 * Minimal built-in typer (host + first path segment) until the site-parser system lands;
 * the compiler only calls {@linkcode typePage}.
 *
 * @module
 */

/** A typed page reference. */
export interface PageRef {
  kind: string;
  entity?: string;
}

/**
 * Types a URL; never throws and always returns a reference.
 *
 * @example
 * ```ts
 * typePage("https://example.com/docs/intro"); // { kind: "page", entity: "docs" }
 * ```
 */
export function typePage(url: string): PageRef {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: "page" };
  }
  const first = parsed.pathname.split("/").find((s) => s.length > 0);
  return first ? { kind: "page", entity: first } : { kind: "page" };
}
