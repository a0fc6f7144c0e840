/**
 * The cache folder (`$FRAMES_HOME/cache/`): read an entry, write one atomically with
 * user-only permissions, clear the folder. Every failure to read is a miss, never an error:
 * the cache can only make a run faster, not make it fail or change its bytes.
 *
 * @module
 */

import type { Watermark } from "../../adapters/types.ts";
import {
  type CacheFile,
  decodeCacheFile,
  encodeCacheFile,
  openCacheFile,
  type OpenedCacheFile,
} from "./file.ts";

/** The cache folder under frames' own folder. */
export function cacheDir(framesHome: string): string {
  return `${framesHome.replace(/[\\/]+$/, "")}/cache`;
}

function entryPath(dir: string, key: string): string {
  return `${dir}/${key}.day`;
}

/** The entry stored under `key` by this version, or `undefined` (missing, foreign, torn). */
export async function readEntry(
  dir: string,
  key: string,
  version: string,
): Promise<CacheFile | undefined> {
  const bytes = entryBytes(dir, key);
  return bytes === undefined ? undefined : await decodeCacheFile(bytes, { key, version });
}

/**
 * The entry stored under `key` by this version with its header checked and its body's hash
 * under way (see {@linkcode openCacheFile}), or `undefined` (missing, foreign, torn).
 */
export function openEntry(dir: string, key: string, version: string): OpenedCacheFile | undefined {
  const bytes = entryBytes(dir, key);
  return bytes === undefined ? undefined : openCacheFile(bytes, { key, version });
}

function entryBytes(dir: string, key: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Deno.readFileSync(entryPath(dir, key));
  } catch {
    return undefined;
  }
}

/** What {@linkcode writeEntry} stores. */
export interface EntryToWrite {
  /** The entry's key (also its file name). */
  key: string;
  /** The frames version writing it. */
  version: string;
  /** The source's watermark, measured before the rows were read. */
  watermark: Watermark;
  /** What the writer keeps beside the document (JSON; the CLI: the read's counts). */
  meta?: unknown;
  /** The document's JSON text. */
  body: string;
}

/**
 * Writes an entry atomically: a temporary file (0600) in the cache folder (0700), then a
 * rename over the entry, so concurrent writers and readers never see a torn file. Returns
 * false when the folder cannot be written (the run goes on uncached).
 */
export async function writeEntry(dir: string, entry: EntryToWrite): Promise<boolean> {
  const bytes = await encodeCacheFile(entry, entry.body);
  const tmp = `${dir}/.${entry.key}.${Deno.pid}.${crypto.randomUUID()}.tmp`;
  try {
    Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
    Deno.writeFileSync(tmp, bytes, { mode: 0o600, createNew: true });
    Deno.renameSync(tmp, entryPath(dir, entry.key));
    return true;
  } catch {
    try {
      Deno.removeSync(tmp);
    } catch { /* never created */ }
    return false;
  }
}

/** Removes every entry (and stray temporary file); returns how many files went. */
export function clearCache(dir: string): number {
  let removed = 0;
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return 0;
    throw new Error(`Cannot clear the cache "${dir}": ${(err as Error).message}`);
  }
  for (const e of entries) {
    if (!e.isFile || !(e.name.endsWith(".day") || e.name.endsWith(".tmp"))) continue;
    Deno.removeSync(`${dir}/${e.name}`);
    removed++;
  }
  return removed;
}

/**
 * Whether two watermarks describe the same rows: same schema and parts, where a cursor
 * part compares by its row count and last timestamp only (its `maxRef` is a scan position).
 */
export function sameWatermark(a: Watermark, b: Watermark): boolean {
  if (a.schema !== b.schema) return false;
  const ka = Object.keys(a.parts), kb = Object.keys(b.parts);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    const x = a.parts[k], y = b.parts[k];
    if (y === undefined || x.rows !== y.rows || x.lastAt !== y.lastAt) return false;
    if (x.cursor !== true && x.maxRef !== y.maxRef) return false;
    if ((x.cursor === true) !== (y.cursor === true)) return false;
  }
  return true;
}
