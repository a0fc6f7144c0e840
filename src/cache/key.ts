/**
 * The day cache's key: everything a compiled document depends on besides the rows
 * themselves (those are the watermark's job) — source, window, zone, options and the
 * frames version — hashed to a file name.
 *
 * @module
 */

import { bodyHash } from "./file.ts";

/** What a cached document was compiled from (besides the rows). */
export interface CacheKeyParts {
  /** Adapter scheme and absolute location of the source. */
  source: string;
  /** The source's schema fingerprint, as its watermark states it. */
  fingerprint: string;
  /** The window, UTC epoch ms. */
  start: number;
  /** Exclusive end, UTC epoch ms. */
  end: number;
  /** The local day the window is, when it is one. */
  day?: string;
  /** The IANA zone the document is written in. */
  tz: string;
  /** Every compile and read option that changes bytes (min minutes, typed text, geometry…). */
  options: Record<string, unknown>;
  /** The frames version that compiled it. */
  version: string;
}

/** The key as stable text: fixed field order, options sorted by name. */
export function keyText(parts: CacheKeyParts): string {
  const options: Record<string, unknown> = {};
  for (const k of Object.keys(parts.options).sort()) options[k] = parts.options[k];
  return JSON.stringify([
    parts.version,
    parts.source,
    parts.fingerprint,
    parts.start,
    parts.end,
    parts.day ?? null,
    parts.tz,
    options,
  ]);
}

/** The SHA-256 of the key text, as 64 hex digits (the cache file's name). */
export function cacheKey(parts: CacheKeyParts): Promise<string> {
  return bodyHash(keyText(parts));
}
