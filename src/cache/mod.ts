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
 * const hit = lookupDay(dir, key, { version, watermark: (prev) => source.watermark!(w, prev) });
 * ```
 *
 * @module
 */

import type { Watermark } from "../../adapters/types.ts";
import { readEntry, sameWatermark, writeEntry } from "./store.ts";

export { cacheKey, type CacheKeyParts, keyText } from "./key.ts";
export { bodyHash, CACHE_MAGIC, type CacheFile, type CacheHeader } from "./file.ts";
export {
  cacheDir,
  clearCache,
  type EntryToWrite,
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
  /** The source's watermark now, to store with a rebuilt entry. */
  watermark: Watermark;
}

/** Looks an entry up and checks it against the source's current watermark. */
export function lookupDay(dir: string, key: string, opts: LookupOptions): Lookup {
  const entry = readEntry(dir, key, opts.version);
  const now = opts.watermark(entry?.header.watermark);
  if (entry !== undefined && sameWatermark(entry.header.watermark, now)) {
    return { body: entry.body, watermark: now };
  }
  return { watermark: now };
}

/** Stores a freshly compiled document under `key` (false when the folder is not writable). */
export function storeDay(
  dir: string,
  key: string,
  entry: { version: string; watermark: Watermark; body: string },
): boolean {
  return writeEntry(dir, { key, ...entry });
}
