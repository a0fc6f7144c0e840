/**
 * URL templates for guards: the URLs a step saw across occurrences, with `*` where they
 * differ (one or more characters). Queries and fragments are dropped, so no search text or
 * token reaches a plan.
 *
 * @module
 */

interface Parts {
  origin: string;
  segments: string[];
}

function parts(url: string): Parts | undefined {
  try {
    const u = new URL(url);
    if (u.host === "") return undefined;
    const host = u.hostname.toLowerCase();
    const port = u.port === "" ? "" : `:${u.port}`;
    return {
      origin: `${u.protocol}//${host}${port}`,
      segments: u.pathname.split("/").filter((s) => s !== ""),
    };
  } catch {
    return undefined;
  }
}

/** A segment that names one thing among many (numbers, ids, hashes). */
function variable(seg: string): boolean {
  return /\d/.test(seg) && /^[A-Za-z0-9_.~%-]+$/.test(seg);
}

/**
 * A URL's shape for comparing navigations: origin and path with digit-bearing segments as
 * `*` (`https://github.com/acme/api/pull/412` → `https://github.com/acme/api/pull/*`).
 */
export function urlShape(url: string): string {
  const p = parts(url);
  if (p === undefined) return url;
  return p.origin + "/" + p.segments.map((s) => variable(s) ? "*" : s).join("/");
}

/**
 * One template matching every URL given: common segments kept, differing ones `*`; paths of
 * different lengths keep their common prefix and end in `*`. Null when the URLs are on
 * different origins or none is a URL.
 *
 * @example
 * ```ts
 * urlGlob(["https://linear.app/acme/issue/ENG-1", "https://linear.app/acme/issue/ENG-7"]);
 * // "https://linear.app/acme/issue/*"
 * ```
 */
export function urlGlob(urls: readonly (string | undefined)[]): string | null {
  const all = urls.filter((u): u is string => u !== undefined).map(parts);
  if (all.length === 0 || all.some((p) => p === undefined)) return null;
  const ps = all as Parts[];
  if (ps.some((p) => p.origin !== ps[0].origin)) return null;
  const same = ps.every((p) => p.segments.length === ps[0].segments.length);
  const length = Math.min(...ps.map((p) => p.segments.length));
  const out: string[] = [];
  for (let i = 0; i < length; i++) {
    const s = ps[0].segments[i];
    out.push(ps.every((p) => p.segments[i] === s) ? s : "*");
  }
  if (!same) out.push("*");
  return ps[0].origin + "/" + out.join("/");
}
