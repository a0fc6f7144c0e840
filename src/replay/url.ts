/**
 * URL guards: a page matches a step's URL template when both, normalised, agree — host
 * case, a default port, a trailing slash, the query and the fragment never make a
 * mismatch (a mirror serving `/inbox/` for `/inbox` is the same page); otherwise the path
 * must match exactly, `*` standing for one or more characters. And `--url-map`: prefix
 * rewrites, so a plan recorded on a live site runs against a staging copy or local mirror.
 *
 * @module
 */

/** One `--url-map FROM=TO` rewrite. */
export interface UrlMapping {
  /** The URL prefix the plan was recorded on. */
  from: string;
  /** The prefix to use instead (a staging copy, a local mirror). */
  to: string;
}

// Stands in for `*` while the URL parser normalises a template; letters only, so it
// survives host lower-casing and path encoding unchanged.
const STAR = "framesstarx";

/** `scheme://host[:port]/path` without query, fragment, default port or trailing slash. */
export function normaliseUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    // Not absolute (a bare path): compare it as a path.
    const path = url.replace(/[?#].*$/, "");
    return path.length > 1 ? path.replace(/\/+$/, "") : path;
  }
  if (u.origin === "null" || !u.host) return `${u.protocol}${u.pathname}`;
  const path = u.pathname.length > 1 ? u.pathname.replace(/\/+$/, "") : "";
  return `${u.protocol}//${u.host}${path}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether the page at `url` matches `template` (normalised; `*` = one or more characters). */
export function urlMatches(url: string, template: string): boolean {
  const t = normaliseUrl(template.replaceAll("*", STAR));
  const pattern = escapeRegExp(t).replaceAll(STAR, ".+");
  const page = /^[a-z][a-z0-9+.-]*:/i.test(template) ? normaliseUrl(url) : pathOf(url);
  return new RegExp(`^${pattern}$`).test(page);
}

function pathOf(url: string): string {
  try {
    return normaliseUrl(new URL(url).pathname);
  } catch {
    return normaliseUrl(url);
  }
}

/** Parses `FROM=TO`; throws a `SyntaxError` saying what is wrong. */
export function parseUrlMapping(spec: string): UrlMapping {
  const eq = spec.indexOf("=");
  const from = eq < 0 ? "" : spec.slice(0, eq).trim();
  const to = eq < 0 ? "" : spec.slice(eq + 1).trim();
  if (from === "" || to === "") {
    throw new SyntaxError(
      `Invalid --url-map "${spec}": expected FROM=TO, e.g. https://app.example.com=http://127.0.0.1:8080`,
    );
  }
  return { from, to };
}

// Scheme and host compare case-insensitively; the path keeps its case.
function origin(s: string): [string, string] {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is.exec(s);
  return m ? [m[1].toLowerCase(), m[2]] : ["", s];
}

/** Rewrites the longest mapped prefix of `url` (or a URL template); unmapped URLs pass through. */
export function mapUrl(url: string, mappings: readonly UrlMapping[]): string {
  const [uo, ur] = origin(url);
  let best: UrlMapping | undefined;
  for (const m of mappings) {
    const [fo, fr] = origin(m.from);
    // A prefix ends at a path boundary: /app maps /app/x, never /apple.
    const rest = ur.slice(fr.replace(/\/$/, "").length);
    const bounded = rest === "" || /^[/?#]/.test(rest) || fr.endsWith("/");
    if (uo === fo && ur.startsWith(fr.replace(/\/$/, "")) && bounded) {
      if (!best || m.from.length > best.from.length) best = m;
    }
  }
  if (!best) return url;
  const [, fr] = origin(best.from);
  const rest = ur.slice(fr.replace(/\/$/, "").length);
  return best.to.replace(/\/$/, "") + rest;
}
