/**
 * Layer 3 of SPEC §6: subdomain and path heuristics for sites without a parser, and
 * layer 4, the `page` fallback.
 *
 * Subdomains are found with the Public Suffix List (tldts), so `bbc.co.uk` has none and
 * `accounts.example.co.uk` has `accounts`.
 *
 * @module
 */

// The ESM bundle loads in a third of the time of the package's CommonJS entry.
// tldts from the generated typer bundle (`deno task parsers:index`): the same npm package,
// loaded as one plain module with the parsers instead of through npm resolution (~3 ms).
import { getSubdomain } from "./_typer_bundle.js";
import type { PageRef } from "./parser.ts";
import { isOpaque } from "./entity_text.ts";

// The rules in priority order; a lower rank wins when a URL matches several.
const SIGN_IN = 0, EMAIL = 1, CALENDAR = 2, MEETING = 3, DASHBOARD = 4, DOCS = 5, BLOG = 6;
const NONE = 99;

/** Subdomain label → rule. */
const LABELS: ReadonlyMap<string, number> = table([
  [SIGN_IN, "accounts auth id identity idp login oauth signin signup sso"],
  [EMAIL, "mail webmail email"],
  [CALENDAR, "calendar cal"],
  [MEETING, "meet meeting meetings zoom webex call"],
  [DASHBOARD, "admin app apps console dash dashboard my panel portal"],
  [DOCS, "developer developers doc docs documentation help kb support wiki"],
  [BLOG, "blog"],
]);

/** First path segment (lowercase) → rule. */
const FIRST: ReadonlyMap<string, number> = table([
  [CALENDAR, "calendar"],
  [DASHBOARD, "account admin dashboard preferences settings"],
  [DOCS, "docs documentation"],
  [BLOG, "blog"],
]);

// Anywhere in the path.
const SIGN_IN_PATH =
  /\/(?:auth|authorize|login|logon|oauth2?|register|saml|sign[-_]?in|sign[-_]?up|sso)(?:\/|$)/;
const INBOX_PATH = /\/inbox(?:\/|$)/;

/** The reference the heuristics give a parsed http(s) URL, or `null`. */
export function heuristicRef(url: URL): PageRef | null {
  const host = url.hostname;
  const path = url.pathname.toLowerCase();
  let rule = NONE;
  // A host with at most one dot, or `www.` and two, has no subdomain that could match a
  // rule: skip the Public Suffix List for it.
  const dots = dotCount(host);
  if (dots >= 3 || dots === 2 && !host.startsWith("www.")) {
    const sub = getSubdomain(host, { extractHostname: false, validateHostname: false });
    if (sub) {
      for (const label of sub.split(".")) rule = Math.min(rule, LABELS.get(label) ?? NONE);
    }
  }
  if (rule > SIGN_IN && SIGN_IN_PATH.test(path)) rule = SIGN_IN;
  if (rule > EMAIL && INBOX_PATH.test(path)) rule = EMAIL;
  const first = firstSegment(path);
  const firstRule = FIRST.get(first) ?? NONE;
  const fromPath = firstRule < rule;
  if (fromPath) rule = firstRule;
  switch (rule) {
    case SIGN_IN:
      return { kind: "sign_in" };
    case EMAIL:
      return { kind: "email" };
    case CALENDAR:
      return { kind: "calendar" };
    case MEETING:
      return { kind: "meeting" };
    case DASHBOARD:
      return withEntity("dashboard", url.pathname, 0);
    case DOCS:
      return withEntity("docs", url.pathname, fromPath ? 1 : 0);
    case BLOG:
      return articleRef(url.pathname);
  }
  return first === "search" ? { kind: "search" } : null;
}

/** The fallback reference: `page` with the first path segment as entity. */
export function fallbackRef(url: URL): PageRef {
  return withEntity("page", url.pathname, 0);
}

function withEntity(kind: string, path: string, index: number): PageRef {
  const segment = index === 0 ? firstSegment(path) : segments(path)[index];
  if (!segment || isOpaque(segment)) return { kind };
  const entity = decode(segment);
  return entity ? { kind, entity } : { kind };
}

function articleRef(path: string): PageRef {
  const segs = segments(path);
  const slug = segs.length > 1 || segs[0]?.toLowerCase() !== "blog" ? segs.at(-1) : undefined;
  if (slug === undefined || /^\d+$/.test(slug) || isOpaque(slug)) return { kind: "article" };
  const title = decode(slug).replace(/\.html?$/i, "").replace(/[-_+\s]+/g, " ").trim();
  return title ? { kind: "article", entity: title } : { kind: "article" };
}

function firstSegment(path: string): string {
  let start = 0;
  while (path.charCodeAt(start) === 47) start++; // "/"
  const end = path.indexOf("/", start);
  return end < 0 ? path.slice(start) : path.slice(start, end);
}

function dotCount(host: string): number {
  let n = 0;
  for (let i = host.indexOf("."); i >= 0; i = host.indexOf(".", i + 1)) n++;
  return n;
}

function segments(path: string): string[] {
  if (path.length < 2) return [];
  return path.split("/").filter((s) => s.length > 0);
}

function table(rows: readonly [number, string][]): Map<string, number> {
  const map = new Map<string, number>();
  for (const [rule, words] of rows) for (const word of words.split(" ")) map.set(word, rule);
  return map;
}

function decode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
