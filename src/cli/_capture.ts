/**
 * The pipeline every compiling command shares: settings → window → source → capture →
 * document, with timings for `--stats`.
 *
 * @module
 */

import { type ResolvedSource, resolveSource } from "../../adapters/resolve.ts";
import { hintEmptyWindow, isEmpty } from "./_empty_window.ts";
import type { ActivityDocument } from "../compile/document.ts";
import type { CompileOptions } from "../compile/options.ts";
import type { PageRef } from "../entities/parser.ts";
import type { Capture, DisplayGeometry } from "../model.ts";
import type { RefFloors } from "../../adapters/types.ts";
import { type OptionTable, type Parsed, str } from "./_args.ts";
import { resolveSettings, type Settings } from "./_settings.ts";
import { type ResolvedWindow, resolveWindow } from "./_window.ts";
import { UsageError } from "./usage_error.ts";
import { refuseOutputOverSource } from "./_out_guard.ts";
import { storePath } from "../store/path.ts";
import { infersDisplays, mergeDisplays, suppliedDisplays } from "../compile/enrich/geometry.ts";
import { cachedRun, dayCacheFor, type ReadStats, type RunCache } from "./_day_cache.ts";
import type { Watermark } from "../cache/mod.ts";
import type { LiveIo } from "./_live.ts";

/** Flags shared by every command that reads a window of capture. */
export const WINDOW_OPTIONS: OptionTable = {
  source: { type: "string" },
  day: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  hours: { type: "string" },
  tz: { type: "string" },
  "include-text": { type: "boolean" },
  displays: { type: "string" },
  "no-cache": { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** Help lines for {@linkcode WINDOW_OPTIONS}. */
export const WINDOW_HELP = [
  "  --source SPEC      screenpipe:PATH (or a bare path), native:PATH, aw:PATH, recall:PATH,",
  "                     ma:DIR; default: FRAMES_SOURCE, config, the native store",
  "                     ($FRAMES_HOME/capture.db) when it exists, then the newest of",
  "                     ~/.screenpipe/db.sqlite, ~/.nocta/db.sqlite, ~/.nocta/data/db.sqlite",
  "  --day DAY          today (default), yesterday, a weekday name or YYYY-MM-DD",
  "  --from T --to T    a window in local time: YYYY-MM-DD or YYYY-MM-DDTHH:MM",
  "  --hours N          the last N hours",
  "  --tz ZONE          IANA timezone (default: FRAMES_TZ, config, then the system zone)",
  "  --include-text     load typed text (privacy: off by default)",
  "  --displays GEOM    display geometry for click resolution when the source has none:",
  "                     NAME=WxH+X+Y[@SCALE],… e.g. monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0,",
  "                     or infer: from the clicks and the element rows they land on (slower)",
  "  --no-cache         compile from the source even when $FRAMES_HOME/cache holds the day",
].join("\n");

/** A window read from a source. */
export interface LoadedCapture {
  settings: Settings;
  window: ResolvedWindow;
  capture: Capture;
  readMs: number;
  /** When the window was read (UTC epoch ms): a window reaching past it is still happening. */
  readAt: number;
}

/** What {@linkcode loadCaptureForCli} takes besides the flags. */
export interface LoadExtra {
  minMinutes?: string;
  budget?: string;
  /** Say nothing on stderr about an empty window (the MCP server answers in its results). */
  quiet?: boolean;
  /**
   * Keep the window's compiled state in memory (src/cli/_live.ts), for processes that ask
   * again: the MCP server and `frames compile --watch`.
   */
  live?: boolean;
  /** The caller never reads the run's capture (a cached day then loads no title redaction). */
  captureUnused?: boolean;
}

/** Settings, window and source of a run, before any row is read. */
export interface PreparedWindow {
  settings: Settings;
  window: ResolvedWindow;
  source: ResolvedSource;
  /** When the run started (UTC epoch ms): a window reaching past it is still happening. */
  readAt: number;
}

/** Resolves settings, window and source from parsed flags (reads no rows). */
export async function prepareWindow(p: Parsed, extra: LoadExtra = {}): Promise<PreparedWindow> {
  const settings = resolveSettings({
    source: str(p, "source"),
    tz: str(p, "tz"),
    minMinutes: extra.minMinutes,
    budget: extra.budget,
    displays: str(p, "displays"),
  });
  const readAt = Date.now();
  const window = resolveWindow(
    { day: str(p, "day"), from: str(p, "from"), to: str(p, "to"), hours: str(p, "hours") },
    readAt,
    settings.tz,
  );
  // A run the day cache may answer binds the adapter's head: a hit never loads the reader.
  const v = p.values, cacheable = !v["no-cache"] && !v["include-text"] && window.end <= readAt;
  const source = await resolveCliSource(settings, cacheable);
  // Before anything is read or written: --out must not name what is being read.
  refuseOutputOverSource(str(p, "out"), [source.path, storePath(settings.home)]);
  return { settings, window, source, readAt };
}

/** Resolves settings, window and source from parsed flags and reads the capture. */
export async function loadCaptureForCli(
  p: Parsed,
  extra: LoadExtra = {},
): Promise<LoadedCapture> {
  return readPrepared(await prepareWindow(p, extra), p, extra);
}

async function readPrepared(
  prep: PreparedWindow,
  p: Parsed,
  extra: LoadExtra,
): Promise<LoadedCapture> {
  const { settings, window, source, readAt } = prep;
  const t0 = performance.now();
  const capture = await readCliWindow(source, window, {
    settings,
    includeText: p.values["include-text"] === true,
    held: extra.quiet !== true,
  });
  const readMs = performance.now() - t0;
  if (extra.quiet !== true && isEmpty(capture)) hintEmptyWindow(source, settings.tz, capture.held);
  return { settings, window, capture, readMs, readAt };
}

/** The settings' capture source (`lazy`: ResolveSourceOptions); a bad `--source` exits 2. */
export async function resolveCliSource(settings: Settings, lazy = false): Promise<ResolvedSource> {
  try {
    const home = settings.userHome;
    return await resolveSource(settings.source, { home, framesHome: settings.home, lazy });
  } catch (err) {
    // A malformed spec is the caller's mistake; a missing file is not (exit 1).
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }
}

/** Options of {@linkcode readCliWindow}. */
export interface ReadCliWindowOptions {
  settings: Settings;
  includeText?: boolean;
  /** Return the rows as the source gave them, not redacted (a live session redacts them). */
  raw?: boolean;
  /** Measure what the source holds when the window is empty (the hint; ReadWindowOptions.held). */
  held?: boolean;
}

/**
 * Reads one window from a source (readAsync serves every source, including network and
 * encrypted ones) and applies the display geometry the settings supply.
 */
export async function readCliWindow(
  source: ResolvedSource,
  window: { start: number; end: number; fromRefs?: RefFloors; read?: Capture },
  opts: ReadCliWindowOptions,
): Promise<Capture> {
  const geometry = opts.settings.displays;
  const supplied = geometry === undefined ? undefined : parseDisplayFlag(geometry);
  const { start, end, fromRefs } = window;
  const includeText = opts.includeText === true;
  // A live session's tail may come read already, on its kept connection (_live.ts).
  const capture = window.read ?? await source.readAsync({
    start,
    end,
    includeText,
    ...fromRefs && { fromRefs },
    ...opts.held === true && { held: true },
  });
  if (supplied !== undefined) capture.displays = mergeDisplays(capture.displays, supplied);
  const why = everythingRejected(capture);
  if (why !== undefined) throw new Error(why);
  if (opts.raw === true) return capture;
  // Imported here, as the compiler is below: a day answered from the cache loads neither.
  const { redactCapture } = await import("../entities/redact_capture.ts");
  return redactCapture(capture); // every command and MCP tool reads titles from here
}

/**
 * Why a window that holds rows yields nothing — every row was rejected — as a one-line
 * error naming the source and the reasons, or `undefined` (SPEC §2: never a silent zero).
 */
export function everythingRejected(capture: Capture): string | undefined {
  if (capture.snapshots.length > 0 || capture.events.length > 0) return undefined;
  const reasons = Object.entries(capture.facts.rejected).filter(([, n]) => n > 0)
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  if (reasons.length === 0) return undefined;
  const total = reasons.reduce((n, [, v]) => n + v, 0);
  return `Cannot read ${capture.facts.adapter} "${capture.facts.location}": all ${total} rows of the window were rejected (${
    reasons.map(([k, v]) => `${k}: ${v}`).join("; ")
  })`;
}

/** Parses `--displays`; a malformed value is a usage error. */
export function parseDisplayFlag(value: string): DisplayGeometry[] {
  try {
    return suppliedDisplays(value);
  } catch (err) {
    throw new UsageError(`Invalid --displays: ${(err as Error).message}`);
  }
}

/** A compiled window with timings. */
export interface CompiledRun extends LoadedCapture {
  doc: ActivityDocument;
  compileMs: number;
  /** True when the document came from the day cache (the capture is then read on demand). */
  cached?: boolean;
  /** The document's text as the json emitter writes it (no final newline), when cached. */
  json?: string;
  /** A cached run's read counts as its entry kept them (`--stats` then reads nothing). */
  stats?: ReadStats;
}

/**
 * Reads and compiles a window for a command — through the day cache (src/cache) unless
 * `--no-cache`: a closed window of a source with a watermark is answered from
 * `$FRAMES_HOME/cache` while its rows are unchanged, and stored after a fresh compile.
 */
export async function compileForCli(
  p: Parsed,
  extra: LoadExtra = {},
): Promise<CompiledRun> {
  const prep = await prepareWindow(p, extra);
  const includeText = p.values["include-text"] === true;
  if (extra.live === true && prep.source.watermark !== undefined && !includeText) {
    return await compileLive(prep, p, extra);
  }
  const cache = p.values["no-cache"] === true ? undefined : await dayCacheFor(prep, includeText);
  if (cache !== undefined) {
    const t0 = performance.now();
    const hit = await cache.lookup();
    if (hit !== undefined) {
      return await cachedRun(prep, hit, performance.now() - t0, {
        capture: extra.captureUnused !== true,
      });
    }
  }
  return await compileFresh(prep, p, extra, cache);
}

/** Reads and compiles the window (no session), storing the document in `cache` if given. */
async function compileFresh(
  prep: PreparedWindow,
  p: Parsed,
  extra: LoadExtra,
  cache: RunCache | undefined,
): Promise<CompiledRun> {
  const includeText = p.values["include-text"] === true;
  const loaded = await readPrepared(prep, p, extra);
  const typer = await typerFor(loaded.capture);
  const compileWith = await loadCompiler();
  const t0 = performance.now();
  const doc = compileWith(loaded.capture, {
    tz: loaded.settings.tz,
    day: loaded.window.day,
    minMinutes: loaded.settings.minMinutes,
    typer,
    includeText,
    observedUntil: loaded.readAt < loaded.window.end ? loaded.readAt : undefined,
    inferDisplays: infersDisplays(loaded.settings.displays),
  });
  const compileMs = performance.now() - t0;
  if (cache !== undefined && !isEmpty(loaded.capture)) await cache.store(doc, loaded.capture.facts);
  return { ...loaded, doc, compileMs };
}

/** compileForCli() through the in-memory session of the window (see _live.ts). */
async function compileLive(
  prep: PreparedWindow,
  p: Parsed,
  extra: LoadExtra,
): Promise<CompiledRun> {
  const { settings, window, source, readAt } = prep;
  const { liveArm, liveDelta, liveHit, liveKey, liveMeasure, liveStart } = await import(
    "./_live.ts"
  );
  const key = liveKey(source, window, settings);
  const observedUntil = readAt < window.end ? readAt : undefined;
  const t0 = performance.now();
  let watermark: Watermark;
  try {
    watermark = liveMeasure(key, window, source.watermark!);
  } catch {
    // No watermark (a locked vault, not a database, …): compile without a session, so the
    // read reports what is wrong in the adapter's own words.
    return await compileFresh(prep, p, extra, undefined);
  }
  const readMs = performance.now() - t0;
  const hit = liveHit(key, watermark, observedUntil);
  if (hit !== undefined) {
    const compileMs = performance.now() - t0 - readMs;
    return { settings, window, readAt, readMs, compileMs, cached: true, ...hit };
  }
  const io: LiveIo | undefined = source.splitReads === true
    ? {
      read: (w) => readCliWindow(source, w, { settings, raw: true }),
      measure: (previous) => liveMeasure(key, window, source.watermark!, previous),
      typer: typerFor,
    }
    : undefined;
  const delta = io && await liveDelta(key, watermark, observedUntil, io);
  if (delta !== undefined) {
    return {
      settings,
      window,
      readAt,
      readMs,
      compileMs: performance.now() - t0 - readMs,
      ...delta,
    };
  }
  const loaded = await readPrepared(prep, p, extra);
  const typer = await typerFor(loaded.capture);
  const t1 = performance.now();
  const doc = liveStart(key, watermark, loaded.capture, {
    tz: settings.tz,
    day: window.day,
    minMinutes: settings.minMinutes,
    typer,
    observedUntil,
    inferDisplays: infersDisplays(settings.displays),
  }, source.keepWatermark);
  const compileMs = performance.now() - t1;
  if (io !== undefined) await liveArm(key, io);
  return { ...loaded, readMs: loaded.readMs + readMs, doc, compileMs };
}

/**
 * The typer a capture needs: the site parsers of the hosts its URLs show (the entities
 * module, the parsers and the Public Suffix List are imported only then), or one that is
 * never called when it shows no URL.
 */
export async function typerFor(capture: Capture): Promise<(url: string) => PageRef> {
  if (!captureHasUrl(capture)) return NO_URLS;
  const { loadTyperForUrls } = await import("../entities/mod.ts");
  return await loadTyperForUrls(captureUrls(capture)) ?? NO_URLS;
}

function captureHasUrl(capture: Capture): boolean {
  return capture.snapshots.some((s) => s.url) || capture.events.some((e) => e.url);
}

/** The typer of a capture without URLs: compile never asks it (captureUrls lists them all). */
function NO_URLS(url: string): PageRef {
  throw new Error(`Cannot type "${url}": the capture was read without URLs`);
}

/**
 * compile() with the caller's typer: the same pipeline, without the generic typer's
 * imports. Loaded on first use, so a cached day never loads the compiler.
 */
async function loadCompiler(): Promise<
  (capture: Capture, opts: CompileOptions) => ActivityDocument
> {
  const [{ settle }, { compileSettled }] = await Promise.all([
    import("../compile/options.ts"),
    import("../compile/pipeline.ts"),
  ]);
  return (capture, opts) => compileSettled(capture, settle(opts, NO_URLS));
}

/** Every URL a capture shows (snapshots and events): what its typer has to cover. */
export function* captureUrls(capture: Capture): Generator<string> {
  for (const s of capture.snapshots) if (s.url) yield s.url;
  for (const e of capture.events) if (e.url) yield e.url;
}
