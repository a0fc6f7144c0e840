/**
 * The site half of the frame key (SPEC §3.3): a URL's hostname, lower-cased, leading
 * `www.` removed, subdomains kept — so `docs.github.com` and `github.com` stay apart.
 *
 * @module
 */

/** A URL → site function; segmentation takes one so a compile can cache its answers. */
export type SiteOf = (url: string | undefined) => string | undefined;

/**
 * Site of a URL: hostname, lower-cased, leading `www.` removed, subdomains kept; undefined
 * when the URL has no host. Scheme-less `host/path` values are read as https.
 */
export function siteOf(url: string | undefined): string | undefined {
  if (url === undefined || url === "") return undefined;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    try {
      host = new URL("https://" + url).hostname;
    } catch {
      return undefined;
    }
  }
  if (host === "") return undefined;
  // The URL parser reads a bare number as an IPv4 address ("42" → 0.0.0.42, "0x7f000001" →
  // 127.0.0.1); only an address written out as such names a site.
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) && !url.includes(host)) return undefined;
  host = host.toLowerCase();
  return host.startsWith("www.") ? host.slice(4) : host;
}

/**
 * A {@linkcode siteOf} that parses each distinct URL once: a day repeats a few thousand URLs.
 * At `limit` distinct URLs the memo starts over (a long-lived session's stays bounded).
 */
export function cachedSiteOf(limit = Infinity): SiteOf {
  const cache = new Map<string, string | undefined>();
  return (url) => {
    if (url === undefined) return undefined;
    if (cache.has(url)) return cache.get(url);
    const site = siteOf(url);
    if (cache.size >= limit) cache.clear();
    cache.set(url, site);
    return site;
  };
}
