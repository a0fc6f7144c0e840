/**
 * The contract every capture source implements: an {@linkcode Adapter} value, exported by
 * `adapters/<source>/mod.ts` and listed in the registry (`adapters/mod.ts`). What a source
 * reads is a window of the capture model (src/model.ts); what it opens for `frames import`
 * is an {@linkcode ImportableSource}, read window by window with one dedupe key per row.
 * Keys name the source's own row (for ActivityWatch the bucket, event start and chunk), so
 * re-importing the same data, in the same or another form, adds nothing.
 *
 * Adapter files import these types from here, never from the registry, so the registry can
 * load them without a cycle.
 *
 * @module
 */

import type { Capabilities, Capture, Element } from "../src/model.ts";

export type * from "../src/model.ts";

/** The half-open UTC window `[start, end)` (epoch ms) to read, and whether to load typed text. */
export interface ReadWindowOptions {
  /** Inclusive start, UTC epoch ms. */
  start: number;
  /** Exclusive end, UTC epoch ms. */
  end: number;
  /** Load typed text (SPEC §9); otherwise only its length (`chars`) is read. */
  includeText?: boolean;
  /**
   * The smallest ids the caller needs, per kind of row (a live session's tail, src/cli/_delta.ts):
   * a reader may leave out rows with a smaller id (read the ids from here on instead of
   * scanning its time index), and must otherwise read as without it. Readers may ignore it.
   */
  fromRefs?: RefFloors;
  /**
   * When the window reads no rows, also measure the first and last instant the source
   * holds (`Capture.held`, for the empty-window hint) in the same read. Readers may ignore it.
   */
  held?: boolean;
}

/** Per kind of row, the smallest row id a read needs (see {@linkcode ReadWindowOptions.fromRefs}). */
export interface RefFloors {
  /** The smallest snapshot id needed (look-ahead rows included). */
  snapshots?: number;
  /** The smallest input event id needed. */
  events?: number;
}

/** One table's (or one stream's) part of a {@linkcode Watermark}. */
export interface WatermarkPart {
  /** The largest row id among the part's rows, or `null` when it has none. */
  maxRef: number | null;
  /** How many rows the part holds. */
  rows: number;
  /** The last timestamp among them, as the source stores it, or `null`. */
  lastAt: number | string | null;
  /**
   * When true, `maxRef` is how far the source's table was scanned (its largest id overall),
   * not an identity of the part: a later watermark counts only rows past it, so checking a
   * big table costs the rows added since. Compared by `rows` and `lastAt` alone.
   */
  cursor?: boolean;
}

/**
 * A cheap summary of the rows a window of a source can be read from (SPEC §11): per table
 * and per stream the largest row id, the row count and the last timestamp, plus the
 * schema. Sources append rather than rewrite, so while a window's watermark is unchanged
 * a read of it returns the same rows and a cached compilation of it is still exact.
 */
export interface Watermark {
  /** The source's schema fingerprint. */
  schema: string;
  /** Parts by name (`frames`, `frames@monitor_1`, `ui_events`, …), keys in sorted order. */
  parts: Record<string, WatermarkPart>;
}

/** A watermark measured on a connection kept open across calls (Adapter.keepWatermark). */
export interface WatermarkKeeper {
  /** The watermark of a window now, as {@linkcode Adapter.watermark} measures it. */
  measure(window: ReadWindowOptions, previous?: Watermark): Watermark;
  /**
   * The watermark, and when `wanted(watermark)` a read of `tail` (rows as
   * {@linkcode Adapter.read} returns them), both in one read transaction on the kept
   * connection; no `tail` when not wanted or when it cannot be read there.
   */
  measureRead?(
    window: ReadWindowOptions,
    previous: Watermark | undefined,
    tail: ReadWindowOptions,
    wanted: (watermark: Watermark) => boolean,
  ): { watermark: Watermark; tail?: Capture };
  /** Closes the kept connection (a later `measure` opens one again). */
  close(): void;
}

/** A window of capture with a dedupe key per snapshot and per event (same order). */
export interface KeyedCapture {
  /** The window, as a read would return it. */
  capture: Capture;
  /** One key per `capture.snapshots` entry. */
  snapshotKeys: string[];
  /** One key per `capture.events` entry. */
  eventKeys: string[];
  /** Element rows of the window's snapshots, when the source has them. */
  elements?: Element[];
  /**
   * The machine of each display's rows, where the source names one per stream (an
   * ActivityWatch bucket's hostname); `frames import` records it unless `--machine` is given.
   */
  machines?: Record<string, string>;
}

/** A capture source opened for import: its provenance, its time span and a keyed reader. */
export interface ImportableSource {
  /** `activitywatch`, `recall`, `memory-archive` or `screenpipe`. */
  adapter: string;
  /** Path or URL. */
  location: string;
  /** A hash of the source's schema or format (kept with the store's provenance row). */
  fingerprint: string;
  /** What the source can tell (kept with the store's provenance row). */
  capabilities: Capabilities;
  /** The unit of the element rows `readKeyed` returns, when the source has any. */
  elementUnits?: "px" | "normalized";
  /** Rows rejected while opening (they belong to no window), counted once per import. */
  loadRejected?: Record<string, number>;
  /** What the source says it cannot see, in words: printed by `frames import`, kept in the store. */
  notes?: string[];
  /** The computer the source was captured on, when the source says (a recorder's hostname). */
  machine?: string;
  /** First and last instant (UTC epoch ms) holding rows, or `undefined` when empty. */
  span(): { first: number; last: number } | undefined;
  /** Read one half-open window with keys. */
  readKeyed(opts: ReadWindowOptions): KeyedCapture;
  /** Release the source (close files). */
  close(): void;
}

/** Where to look for a source's default locations. */
export interface DiscoverOptions {
  /** The user's home directory. */
  home: string;
  /** frames' own folder (`$FRAMES_HOME`, else `<home>/.frames`). */
  framesHome: string;
}

/** What {@linkcode Adapter.discover} found on this machine, without reading any source. */
export interface Discovery {
  /** The location to read when none is given (the best of `found`), or `undefined`. */
  best?: string;
  /** Every existing location, in the source's fixed order. */
  found: DiscoveredLocation[];
  /** Every location looked at, for the message when none exists. */
  tried: string[];
  /** A server address the source may answer on; only a request can tell whether it runs. */
  server?: string;
}

/** One existing location of a source. */
export interface DiscoveredLocation {
  /** Absolute path. */
  location: string;
  /** What the file is, as far as its name tells (`database`, `Recall ukg.db`, …). */
  detail: string;
}

/** What {@linkcode Adapter.importer} needs besides the location. */
export interface ImporterOptions {
  /** The user's home directory, where a default location is looked for. */
  home: string;
  /** ActivityWatch REST bearer key. */
  key?: string;
  /** Windows Recall export code (32 hex digits). */
  code?: string;
  /** Load typed text (a source read whole when opened needs it then; SPEC §9). */
  includeText?: boolean;
}

/**
 * One capture source: how `--source SCHEME:TARGET` names it, what it can carry, where it
 * lives by default, and how to read it (and open it for `frames import`).
 *
 * @example
 * ```ts
 * import type { Adapter } from "../types.ts";
 *
 * const adapter: Adapter = {
 *   scheme: "mysource",
 *   name: "mysource",
 *   spelling: "PATH",
 *   capabilities: { input: false, elements: false, urls: false, heartbeats: false, focus: false },
 *   discover: () => ({ found: [], tried: [] }),
 *   read: (path, window) => readMySource(path, window),
 * };
 * export default adapter;
 * ```
 */
export interface Adapter {
  /** The `--source` scheme (`screenpipe`, `native`, `aw`, …). */
  readonly scheme: string;
  /** The source's name in documents' facts, `frames import` and `frames sources`. */
  readonly name: string;
  /** How a target of this scheme is spelled in messages: `PATH`, `PATH|URL`, `DIR`. */
  readonly spelling: string;
  /** Keep `scheme:http(s)://…` targets as they are instead of resolving them as paths. */
  readonly urls?: boolean;
  /** The most a window of this source can carry; each read's facts say what it has. */
  readonly capabilities: Capabilities;
  /** The source's default locations under the user's home (or frames' own folder). */
  discover(opts: DiscoverOptions): Discovery;
  /** Read one window of the source at `target` (an absolute path, or a URL). */
  read(target: string, window: ReadWindowOptions): Capture;
  /**
   * First and last instant (UTC epoch ms) the source at `target` holds, or `undefined` when
   * it holds none; cheap enough to ask when a window comes back empty (so a command can
   * say where the data is). Optional: a source without it just gets no such hint.
   */
  span?(target: string): { first: number; last: number } | undefined;
  /**
   * The watermark of the rows a read of `window` can touch (a superset is fine), far
   * cheaper than the read; `previous` (an earlier watermark of the same window) lets it
   * count only rows added since. Optional: a source without it is never served from the
   * day cache.
   */
  watermark?(target: string, window: ReadWindowOptions, previous?: Watermark): Watermark;
  /**
   * The same watermark from a connection kept open across calls (a long-running process's
   * live session), where the source can keep one that sees new rows; else it measures as
   * {@linkcode Adapter.watermark} does. Only with it; the caller closes it.
   */
  keepWatermark?(target: string): WatermarkKeeper;
  /**
   * Reads of a file of this source split in time, so a live session may read only the tail
   * of its window (src/cli/_delta.ts): for any `t` in a window, the read of `[start, end)`
   * holds the rows of the read of `[t, end)` (same refs, same content, same look-ahead)
   * beside rows that depend only on what lies before `t`; its fact counts (`rows`,
   * `rejected`, `withheld`) minus the tail's count only rows before `t`; its other facts are
   * functions of which kinds of row exist (so they change only when the tail's do, or when
   * its snapshots first show a focused, unfocused or URL row); and each watermark part named
   * after a `facts.rows` key counts those rows (a superset is fine). Element rows are looked
   * up lazily, per snapshot. Only with {@linkcode Adapter.watermark}; network targets never.
   */
  readonly splitReads?: boolean;
  /** Read one window where a read needs the network or a secret (aw:URL, Recall exports). */
  readAsync?(target: string, window: ReadWindowOptions): Promise<Capture>;
  /** Open `from` (or the default location) for `frames import`. */
  importer?(from: string | undefined, opts: ImporterOptions): Promise<ImportableSource>;
}

/**
 * An adapter's fields that need no reader, in a module of their own (`HEADS` in
 * `adapters/mod.ts`): a source file resolved `lazy` binds its watermark from here and loads
 * the reader only when a row is read (a day answered from the day cache never does).
 */
export interface AdapterHead extends
  Pick<
    Adapter,
    "scheme" | "name" | "spelling" | "urls" | "capabilities" | "watermark" | "keepWatermark"
  > {
  /** The same flag as {@linkcode Adapter.splitReads}. */
  readonly splitReads?: boolean;
  /** Whether the full adapter has {@linkcode Adapter.span} (sources bound lazily keep it). */
  readonly spans: boolean;
}
