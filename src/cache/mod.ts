/**
 * The day cache (SPEC §11): compiled documents under `$FRAMES_HOME/cache/`, keyed by
 * source, window, zone, options and frames version, and valid while the source's watermark
 * for the window is unchanged. Atomic, user-only, and never trusted: a foreign, torn or
 * stale file is a miss and is rebuilt.
 *
 * @example
 * ```ts
 * import { cacheDir, cacheKey, lookupDay, storeDay } from "./src/cache/mod.ts";
 *
 * const dir = cacheDir("/home/ada/.frames");
 * const key = await cacheKey(parts);
 * const hit = await lookupDay(dir, key, { version, watermark: (prev) => source.watermark!(w, prev) });
 * ```
 *
 * @module
 */

import type { Watermark } from "../../adapters/types.ts";
import { openEntry, sameWatermark, writeEntry } from "./store.ts";

export { cacheKey, type CacheKeyParts, keyText } from "./key.ts";
export {
  bodyHash,
  CACHE_MAGIC,
  type CacheFile,
  type CacheHeader,
  type OpenedCacheFile,
  sha256Hex,
} from "./file.ts";
export {
  cacheDir,
  clearCache,
  type EntryToWrite,
  openEntry,
  readEntry,
  sameWatermark,
  writeEntry,
} from "./store.ts";
export type { Watermark, WatermarkPart } from "../../adapters/types.ts";

/** What {@linkcode lookupDay} needs besides the folder and key. */
export interface LookupOptions {
  /** The running frames version: an entry of another version is a miss. */
  version: string;
  /** Measures the source's watermark now (given the entry's, so cursors count only news). */
  watermark: (previous?: Watermark) => Watermark;
}

/** The outcome of a lookup: the document text on a hit, and the watermark measured now. */
export interface Lookup {
  /** The cached document's JSON text, when the entry is valid. */
  body?: string;
  /** What the writer kept beside the document, on a hit. */
  meta?: unknown;
  /** The source's watermark now, to store with a rebuilt entry. */
  watermark: Watermark;
}

/**
 * Looks an entry up and checks it against the source's current watermark. The body's hash
 * is computed off the main thread while the watermark is measured (a synchronous query).
 */
export async function lookupDay(dir: string, key: string, opts: LookupOptions): Promise<Lookup> {
  const entry = openEntry(dir, key, opts.version);
  const now = opts.watermark(entry?.header.watermark);
  if (entry === undefined || !sameWatermark(entry.header.watermark, now)) return { watermark: now };
  const body = await entry.body;
  if (body === undefined) return { watermark: now };
  return {
    body,
    watermark: now,
    ...(entry.header.meta !== undefined && { meta: entry.header.meta }),
  };
}

/** Stores a freshly compiled document under `key` (false when the folder is not writable). */
export function storeDay(
  dir: string,
  key: string,
  entry: { version: string; watermark: Watermark; body: string; meta?: unknown },
): Promise<boolean> {
  return writeEntry(dir, { key, ...entry });
}
