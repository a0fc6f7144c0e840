/**
 * One cache file: a header line (magic, key, version, watermark, what the caller keeps
 * beside the body, body length and hash) and the document's JSON. Written atomically (a
 * user-only temporary file in the same folder, then rename), so a reader sees the old file
 * or the new one, never half of one; anything that is not exactly such a file for this key
 * and version is ignored.
 *
 * @module
 */

import type { Watermark } from "../../adapters/types.ts";

/**
 * The first field of every cache file: a file without it is foreign. `/3`: the body is
 * checked by SHA-256 over its UTF-8 bytes and its length counts those bytes (`/2` used
 * FNV-1a and UTF-16 code units), so older files are rebuilt once.
 */
export const CACHE_MAGIC = "frames-day-cache/3";

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
  /** What the writer kept beside the document (the CLI: the read's counts for `--stats`). */
  meta?: unknown;
  /** Length of the body in UTF-8 bytes. */
  length: number;
  /** SHA-256 of the body's UTF-8 bytes, as 64 hex digits: a torn or edited body fails it. */
  hash: string;
}

/** A cache file's header and its body text. */
export interface CacheFile {
  /** The checked header. */
  header: CacheHeader;
  /** The body: the document's JSON text. */
  body: string;
}

/**
 * A cache file whose header is checked and whose body is being checked: the hash runs off
 * the main thread (WebCrypto), so a caller can measure the source's watermark meanwhile.
 */
export interface OpenedCacheFile {
  /** The checked header. */
  header: CacheHeader;
  /** The body text once its length and hash hold, `undefined` when they do not (never rejects). */
  body: Promise<string | undefined>;
}

const UTF8 = new TextEncoder();
const FROM_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** SHA-256 of bytes, as 64 hex digits. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  let hex = "";
  for (let i = 0; i < digest.length; i++) hex += digest[i].toString(16).padStart(2, "0");
  return hex;
}

/** The body hash of a text: SHA-256 over its UTF-8 bytes (lone surrogates as U+FFFD). */
export function bodyHash(text: string): Promise<string> {
  return sha256Hex(UTF8.encode(text));
}

/** Encodes a header and body as the file's bytes. */
export async function encodeCacheFile(
  head: Omit<CacheHeader, "magic" | "length" | "hash">,
  body: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = UTF8.encode(body);
  const header: CacheHeader = {
    magic: CACHE_MAGIC,
    key: head.key,
    version: head.version,
    watermark: head.watermark,
    ...(head.meta !== undefined ? { meta: head.meta } : {}),
    length: bytes.length,
    hash: await sha256Hex(bytes),
  };
  const line = UTF8.encode(JSON.stringify(header) + "\n");
  const out = new Uint8Array(line.length + bytes.length);
  out.set(line);
  out.set(bytes, line.length);
  return out;
}

/**
 * Opens a cache file's bytes: `undefined` for anything foreign, from another key or
 * version, or whose body has another length; otherwise the header and the body's check,
 * which yields `undefined` for a body that fails its hash or is not UTF-8.
 */
export function openCacheFile(
  bytes: Uint8Array<ArrayBuffer>,
  expect: { key: string; version: string },
): OpenedCacheFile | undefined {
  const nl = bytes.indexOf(10);
  if (nl < 0) return undefined;
  let header: CacheHeader;
  try {
    header = JSON.parse(FROM_UTF8.decode(bytes.subarray(0, nl)));
  } catch {
    return undefined;
  }
  if (typeof header !== "object" || header === null || header.magic !== CACHE_MAGIC) {
    return undefined;
  }
  if (header.key !== expect.key || header.version !== expect.version) return undefined;
  if (typeof header.watermark !== "object" || header.watermark === null) return undefined;
  const raw = bytes.subarray(nl + 1);
  if (raw.length !== header.length || typeof header.hash !== "string") return undefined;
  const body = sha256Hex(raw).then((hash) => {
    if (hash !== header.hash) return undefined;
    return FROM_UTF8.decode(raw);
  }).catch(() => undefined);
  return { header, body };
}

/** {@linkcode openCacheFile} with the body's check awaited: the whole file, or `undefined`. */
export async function decodeCacheFile(
  bytes: Uint8Array<ArrayBuffer>,
  expect: { key: string; version: string },
): Promise<CacheFile | undefined> {
  const opened = openCacheFile(bytes, expect);
  const body = await opened?.body;
  return opened === undefined || body === undefined ? undefined : { header: opened.header, body };
}
