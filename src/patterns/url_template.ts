/**
 * URL templates: a URL's site and path with its variable segments named — numbers become
 * `{n}`, long hex strings, UUIDs and other digit-bearing ids become `{id}`. Query strings
 * and fragments are dropped, so no secret or search text reaches a template.
 *
 * @module
 */

import { siteOf } from "../compile/build.ts";
import { REDACTED, redactUrl } from "../entities/redact.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function segmentTemplate(seg: string): string {
  if (/^\d+$/.test(seg)) return "{n}";
  if (seg.endsWith(REDACTED)) return "{id}"; // a withheld id is still a variable segment
  if (UUID.test(seg) || /^[0-9a-f]{8,}$/i.test(seg)) return "{id}";
  if (seg.length >= 6 && /\d/.test(seg) && /[a-z]/i.test(seg) && /^[A-Za-z0-9_-]+$/.test(seg)) {
    return "{id}";
  }
  return seg;
}

/**
 * The template of a URL, or undefined when it has no host.
 *
 * @example
 * ```ts
 * urlTemplate("https://github.com/acme/api/pull/412?x=1"); // "github.com/acme/api/pull/{n}"
 * ```
 */
export function urlTemplate(raw: string): string | undefined {
  // Templates show paths: redacted here (and a `redactedPathKey` digest dropped).
  const nul = raw.indexOf("\u0000");
  const url = redactUrl(nul < 0 ? raw : raw.slice(0, nul));
  const site = siteOf(url);
  if (site === undefined) return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    try {
      path = new URL("https://" + url).pathname;
    } catch {
      return undefined;
    }
  }
  const segs = path.split("/").filter((s) => s !== "").map(segmentTemplate);
  return segs.length === 0 ? site : `${site}/${segs.join("/")}`;
}
