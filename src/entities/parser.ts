/**
 * The one-file site-parser contract (SPEC §6, CONVENTIONS "Site parsers").
 *
 * A file `parsers/<host>.ts` default-exports a {@linkcode SiteParser}; the loader finds it
 * by convention, so adding the file is the whole change.
 *
 * @module
 */

/** A typed page reference: a registered kind and, when known, the entity it is about. */
export interface PageRef {
  /** A kind registered in the entity registry, e.g. `github.pull_request`. */
  kind: string;
  /** What the page is about, when the URL says (e.g. `owner/repo#12`). */
  entity?: string;
}

/** One example: a URL and what `parse` must return for it (`null`: fall through). */
export type ParserExample = readonly [url: string, expected: PageRef | null];

/**
 * What a parser file default-exports.
 *
 * `hosts` are lowercase host names without a leading `www.` (the typer strips it before
 * lookup); `*.example.com` claims every subdomain of `example.com` but not `example.com`
 * itself. `parse` receives the already-parsed `URL` (parsing once is the typer's job) and
 * must be pure: no clock, randomness, I/O, network, or mutation of the `URL`.
 *
 * @example
 * ```ts
 * import type { PageRef, SiteParser } from "../src/entities/parser.ts";
 *
 * function parse(url: URL): PageRef | null {
 *   const id = /^\/item\/(\d+)$/.exec(url.pathname)?.[1];
 *   return id ? { kind: "post", entity: id } : null;
 * }
 *
 * export default {
 *   hosts: ["news.example.com"],
 *   parse,
 *   examples: [
 *     ["https://news.example.com/item/7", { kind: "post", entity: "7" }],
 *     ["https://news.example.com/about", null],
 *   ],
 * } satisfies SiteParser;
 * ```
 */
export interface SiteParser {
  hosts: readonly string[];
  parse(url: URL): PageRef | null;
  examples: readonly ParserExample[];
}
