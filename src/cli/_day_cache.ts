/**
 * The CLI's use of the day cache (src/cache): which runs may use it, the key of a run,
 * and a cached run whose capture is read only if a command asks for it.
 *
 * @module
 */

import type { ResolvedSource } from "../../adapters/resolve.ts";
import { cacheDir, cacheKey, lookupDay, storeDay, type Watermark } from "../cache/mod.ts";
import type { ActivityDocument, Capture } from "../compile/mod.ts";
import type { SourceFacts } from "../model.ts";
import { jsonText } from "../text/sanitize.ts";
import { VERSION } from "../version.ts";
import type { Settings } from "./_settings.ts";
import type { ResolvedWindow } from "./_window.ts";

/** A run's settings, window and source, as `prepareWindow()` resolves them. */
export interface CacheableRun {
  settings: Settings;
  window: ResolvedWindow;
  source: ResolvedSource;
  readAt: number;
}

/** A run's cache entry: look it up, or store a fresh document under it. */
export interface RunCache {
  /** The cached document when the entry is valid, else `undefined`. */
  lookup(): Promise<CachedDoc | undefined>;
  /**
   * Stores a fresh document (with the watermark measured before its rows were read) and the
   * read's counts, so `--stats` of a later cached run needs no read.
   */
  store(doc: ActivityDocument, facts: SourceFacts): Promise<void>;
}

/** The read's facts `--stats` prints: kept in the entry beside the document. */
export type ReadStats = Pick<SourceFacts, "adapter" | "location" | "rows" | "rejected">;

/** A document served from the cache. */
export interface CachedDoc {
  doc: ActivityDocument;
  /** Its text as the json emitter writes it, without the final newline (the entry's body). */
  json: string;
  /** The counts of the read it was compiled from. */
  stats: ReadStats;
}

/** Test hook: the version the cache keys and checks entries by. */
export const cacheVersion = { value: VERSION };

/**
 * The run's cache, or `undefined` when the run may not use one: the source has no
 * watermark, the window is still happening (its trailing gap moves with the clock), or
 * typed text is loaded (never written to disk).
 */
export async function dayCacheFor(
  run: CacheableRun,
  includeText: boolean,
): Promise<RunCache | undefined> {
  const { source, window, settings, readAt } = run;
  const measure = source.watermark;
  if (measure === undefined || includeText || window.end > readAt) return undefined;
  const read = { start: window.start, end: window.end };
  let measured: Watermark | undefined;
  const watermark = (prev?: Watermark) => measured = measure(read, prev);
  const dir = cacheDir(settings.home);
  const version = cacheVersion.value;
  // The schema is part of the watermark; the file's identity guards a path reused by a
  // different database with the same row counts.
  const key = await cacheKey({
    source: `${source.adapter}:${source.path}:${fileIdentity(source.path)}`,
    fingerprint: "",
    start: window.start,
    end: window.end,
    day: window.day,
    tz: settings.tz,
    options: { minMinutes: settings.minMinutes, displays: settings.displays ?? null },
    version,
  });
  return {
    async lookup() {
      let hit: Awaited<ReturnType<typeof lookupDay>>;
      try {
        hit = await lookupDay(dir, key, { version, watermark });
      } catch {
        // The watermark could not be read (a locked vault, not a database, …): a miss, so
        // the read that follows reports what is wrong in the adapter's own words.
        return undefined;
      }
      const stats = readStats(hit.meta);
      if (hit.body === undefined || stats === undefined) return undefined;
      try {
        // Parsed even when only the text is written: a body that is not a document is a miss.
        return { doc: JSON.parse(hit.body) as ActivityDocument, json: hit.body, stats };
      } catch {
        return undefined;
      }
    },
    async store(doc, facts) {
      let wm: Watermark;
      try {
        wm = measured ?? watermark();
      } catch {
        return; // no watermark, no cache entry: the next run compiles afresh
      }
      const { adapter, location, rows, rejected } = facts;
      // The json emitter's text (emitJson without its newline), so a json run answered from
      // the cache writes the body as it is, with no second stringify.
      await storeDay(dir, key, {
        version,
        watermark: wm,
        meta: { stats: { adapter, location, rows, rejected } },
        body: jsonText(doc),
      });
    },
  };
}

/** The read's counts an entry keeps (`meta.stats`), or `undefined` when they are not whole. */
function readStats(meta: unknown): ReadStats | undefined {
  const stats = (meta as { stats?: unknown } | undefined)?.stats as ReadStats | undefined;
  if (typeof stats !== "object" || stats === null) return undefined;
  const { adapter, location, rows, rejected } = stats;
  if (typeof adapter !== "string" || typeof location !== "string") return undefined;
  return counts(rows) && counts(rejected) ? { adapter, location, rows, rejected } : undefined;
}

function counts(value: unknown): value is Record<string, number> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((n) => Number.isSafeInteger(n) && n >= 0);
}

function fileIdentity(path: string): string {
  try {
    const info = Deno.statSync(path);
    return `${info.dev ?? ""}.${info.ino ?? ""}`;
  } catch {
    return "";
  }
}

/**
 * A run answered from the cache; its capture is read from the source on first use. With
 * `capture: false` (a caller that never asks for it) title redaction is not even loaded,
 * and asking for the capture throws.
 */
export async function cachedRun(
  run: CacheableRun,
  hit: CachedDoc,
  readMs: number,
  opts: { capture: boolean },
): Promise<{
  settings: Settings;
  window: ResolvedWindow;
  readAt: number;
  readMs: number;
  doc: ActivityDocument;
  json: string;
  stats: ReadStats;
  compileMs: number;
  cached: true;
  capture: Capture;
}> {
  let capture: Capture | undefined;
  const { settings, window, readAt, source } = run;
  const read = opts.capture ? await captureReader(source) : undefined;
  return {
    settings,
    window,
    readAt,
    readMs,
    doc: hit.doc,
    json: hit.json,
    stats: hit.stats,
    compileMs: 0,
    cached: true,
    get capture(): Capture {
      if (read === undefined) {
        throw new Error("Cannot read the capture of a cached run: it was not asked for");
      }
      capture ??= read(source, window, settings);
      return capture;
    },
  };
}

/** The synchronous read of a cached run's capture, with its modules (and reader) loaded. */
async function captureReader(source: ResolvedSource): Promise<
  (source: ResolvedSource, window: ResolvedWindow, settings: Settings) => Capture
> {
  const [{ mergeDisplays, suppliedDisplays }, { redactCapture }] = await Promise.all([
    import("../compile/enrich/geometry.ts"),
    import("../entities/redact_capture.ts"),
    source.prepare?.(),
  ]);
  return (source, window, settings) => {
    const capture = source.read({ start: window.start, end: window.end, includeText: false });
    if (settings.displays !== undefined) {
      capture.displays = mergeDisplays(capture.displays, suppliedDisplays(settings.displays));
    }
    return redactCapture(capture);
  };
}
