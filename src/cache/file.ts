/**
 * One cache file: a header line (magic, key, version, watermark, body length and hash)
 * and the document's JSON. Written atomically (a user-only temporary file in the same
 * folder, then rename), so a reader sees the old file or the new one, never half of one;
 * anything that is not exactly such a file for this key and version is ignored.
 *
 * @module
 */

import type { Watermark } from "../../adapters/types.ts";
import { fnv1aUtf8 } from "./_fnv.ts";

/**
 * The first field of every cache file: a file without it is foreign. `/2`: the body hash
 * is over UTF-8 bytes (`/1` hashed UTF-16 code units), so older files are rebuilt once.
 */
export const CACHE_MAGIC = "frames-day-cache/2";

/** What a cache file holds besides its body. */
export interface CacheHeader {
  /** Always {@linkcode CACHE_MAGIC}. */
  magic: string;
  /** The key the file was written under (its name is the same key). */
  key: string;
  /** The frames version that wrote it. */
  version: string;
  /** The source's watermark when the document was read. */
  watermark: Watermark;
  /** Length of the body in UTF-16 code units. */
  length: number;
  /** FNV-1a of the body's UTF-8 bytes: a torn or edited body fails it. */
  hash: string;
}

/** A cache file's header and its body text. */
export interface CacheFile {
  /** The checked header. */
  header: CacheHeader;
  /** The body: the document's JSON text. */
  body: string;
}

/** FNV-1a 32-bit over the text's UTF-8 bytes, as 8 hex digits. */
export function bodyHash(text: string): string {
  return fnv1aUtf8(text).toString(16).padStart(8, "0");
}

/** Encodes a header and body as the file's text. */
export function encodeCacheFile(
  head: Omit<CacheHeader, "magic" | "length" | "hash">,
  body: string,
): string {
  const header: CacheHeader = {
    magic: CACHE_MAGIC,
    key: head.key,
    version: head.version,
    watermark: head.watermark,
    length: body.length,
    hash: bodyHash(body),
  };
  return JSON.stringify(header) + "\n" + body;
}

/**
 * Decodes a cache file's text; `undefined` for anything foreign, torn, from another key or
 * version, or whose body does not match its length and hash.
 */
export function decodeCacheFile(
  text: string,
  expect: { key: string; version: string },
): CacheFile | undefined {
  const nl = text.indexOf("\n");
  if (nl < 0) return undefined;
  let header: CacheHeader;
  try {
    header = JSON.parse(text.slice(0, nl));
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null || header.magic !== CACHE_MAGIC) {
    return undefined;
  }
  if (header.key !== expect.key || header.version !== expect.version) return undefined;
  if (typeof header.watermark !== "object" || header.watermark === null) return undefined;
  const body = text.slice(nl + 1);
  if (body.length !== header.length || bodyHash(body) !== header.hash) return undefined;
  return { header, body };
}
