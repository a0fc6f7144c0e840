/**
 * One string per distinct URL of a read. A day repeats a few hundred URLs on thousands of
 * rows, and SQLite hands each row a string of its own; once every row holds the same
 * string, each later lookup keyed by it (site, page type, redaction counts) finds its hash
 * already computed.
 *
 * @module
 */

const NUMBER_ONLY = /^\s*[\d.]+\s*$/;

/**
 * The page URL of a `browser_url` value, or `undefined`, memoised in `memo`. A number (an
 * integer stored in the TEXT column reads back as "42") names no page: read as a host it
 * would become 0.0.0.42, so it is ignored.
 */
export function pageUrl(memo: Map<string, string | undefined>, raw: string): string | undefined {
  let url = memo.get(raw);
  if (url === undefined && !memo.has(raw)) {
    url = raw !== "" && !NUMBER_ONLY.test(raw) ? raw : undefined;
    memo.set(raw, url);
  }
  return url;
}

/** `text`, or the equal string `memo` met first. */
export function interned(memo: Map<string, string>, text: string): string {
  let hit = memo.get(text);
  if (hit === undefined) memo.set(text, hit = text);
  return hit;
}
