/**
 * The screenpipe-layout reader (screenpipe, nocta-recorder; FORMATS §1): one window of
 * `frames` and `ui_events` rows → the capture model.
 *
 * The database is opened read-only and read inside one read transaction, so the window is
 * a consistent snapshot even while the recorder writes. The timestamp index gives an id
 * span that holds every row of the window (`_id_span.ts`: text ranges per spelling, parsing
 * only the rows of the ±19 h offset margin that could be inside), the rows are read as one
 * contiguous id range and exact times are parsed and filtered in code. Unparseable rows are
 * counted between the first and last row of the window, so the counts do not depend on how
 * wide the span was. screenpipe records no display geometry, so `displays` is always empty.
 *
 * @module
 */

import { resolve } from "../../src/file_path.ts";
import type { DatabaseSync } from "node:sqlite";
import type { Capture, InputEvent, Snapshot, Trigger } from "../../src/model.ts";
import { parseTimestamp } from "../_timestamp.ts";
import { WINDOW_LOOKAHEAD_MS } from "../../src/compile/rules.ts";
import { countBetween, idSpan } from "./_id_span.ts";
import { indexSpan } from "./_span.ts";
import {
  prepareArrays,
  readSqliteSource,
  wholeText,
  wholeTextValue,
} from "../../src/store/sqlite.ts";
import { checkWindow } from "../../src/store/window.ts";
import { NameCache } from "../_names.ts";
import { columnOrNull, detectSchema, idColumn, type ScreenpipeSchema } from "./_schema.ts";
import { byTimeThenRef, readUiEvents } from "./_events.ts";
import { type KnownOwners, screenpipeElementLookup } from "./_lookup.ts";
import { unstackWindows } from "./_windows.ts";
import { pageUrl } from "./_urls.ts";
import { checkStore, refuseLockedVault } from "./_store_state.ts";
import { redactedAtColumns, type Withheld, withoutPlaceholders } from "./_privacy.ts";
import type { ReadWindowOptions } from "../types.ts";
import { setKeptRead } from "./_watermark.ts";

export { readElements, type ReadElementsOptions } from "./_elements.ts";
export { screenpipeElementLookup } from "./_lookup.ts";
export { discoverScreenpipe, SCREENPIPE_DEFAULT_PATHS } from "./_discover.ts";
export { TEXT_MARGIN_MS } from "../_timestamp.ts";

/** Options for {@linkcode readScreenpipe}: the window plus how long to wait for a lock. */
export interface ScreenpipeReadOptions extends ReadWindowOptions {
  /** How long to wait for a writer's exclusive lock, in ms (default 500). */
  busyTimeoutMs?: number;
  /** Read a migrated-looking database as it is (its Parquet files are read by the caller). */
  allowMigrated?: boolean;
}

// Matches no row value: the "previous value" before the first row.
const NONE = {};

/** Display id used when a row names none (older single-monitor databases). */
export const DEFAULT_DISPLAY = "monitor_0";

const LABEL = "screenpipe";

/**
 * How far past the window's end the reader looks for each display's next snapshot (SPEC
 * §3.11): {@linkcode WINDOW_LOOKAHEAD_MS}, as every reader does.
 */
export const LOOKAHEAD_MS: number = WINDOW_LOOKAHEAD_MS;

/** Model triggers by `capture_trigger` (a Map: row values must not reach `Object` keys). */
const TRIGGERS: ReadonlyMap<string, Trigger> = new Map([
  ["app_switch", "switch"],
  ["window_focus", "switch"],
  ["click", "input"],
  ["typing_pause", "input"],
  ["scroll_stop", "input"],
  ["clipboard", "input"],
  ["visual_change", "visual"],
  ["idle", "heartbeat"],
  ["manual", "manual"],
]);

/**
 * Read the half-open UTC window `[start, end)` of a screenpipe-layout database into the
 * capture model; typed text is loaded only with `includeText`.
 *
 * @example
 * ```ts
 * const day = readScreenpipe(`${home}/.screenpipe/db.sqlite`, {
 *   start: Date.UTC(2026, 2, 24),
 *   end: Date.UTC(2026, 2, 25),
 * });
 * day.snapshots.length; // rows in the window, time-ordered
 * ```
 */
export function readScreenpipe(path: string, opts: ScreenpipeReadOptions): Capture {
  checkWindow(opts);
  const location = resolve(path);
  refuseLockedVault(location);
  return readSqliteSource(
    { location, label: LABEL, busyTimeoutMs: opts.busyTimeoutMs },
    (db) => readWindow(db, location, opts),
  );
}

function readWindow(db: DatabaseSync, location: string, opts: ScreenpipeReadOptions): Capture {
  const schema = detectSchema(db);
  checkStore(db, location, schema, opts);
  return readWithSchema(db, location, schema, opts);
}

/** Schemas a kept connection detected whose store was checked (once per detection). */
const checked = new WeakSet<ScreenpipeSchema>();

/**
 * The tail read of a live session on its kept watermark connection (_watermark.ts), in the
 * watermark's own read transaction: the same rows {@linkcode readScreenpipe} returns. The
 * store is checked once per schema the connection detects (it detects one again when
 * `PRAGMA schema_version` moves); a store emptied in between (migrated) drops rows the
 * session holds, so the delta read falls back to the full read, which refuses it.
 */
function readScreenpipeKept(
  db: DatabaseSync,
  location: string,
  schema: ScreenpipeSchema,
  opts: ReadWindowOptions,
): Capture {
  checkWindow(opts);
  if (!checked.has(schema)) {
    checkStore(db, location, schema, {});
    checked.add(schema);
  }
  return readWithSchema(db, location, schema, opts);
}
setKeptRead(readScreenpipeKept);

function readWithSchema(
  db: DatabaseSync,
  location: string,
  schema: ScreenpipeSchema,
  opts: ScreenpipeReadOptions,
): Capture {
  const frames = schema.frames!;
  const rejected: Record<string, number> = {};
  const withheld: Withheld = {};
  const { snapshots, after, read, urls, focus, owners, background } = readFrames(
    db,
    frames,
    opts,
    { rejected, withheld },
  );
  const input = schema.uiEvents !== undefined && schema.uiEvents.has("timestamp") &&
    schema.uiEvents.has("event_type");
  let events: InputEvent[] = [], eventRows = 0, byteLengths = 0, moves: number | undefined;
  if (input) {
    const span = idSpan(db, "ui_events", idColumn(schema.uiEvents!), opts, "events");
    moves = span.moves;
    if (span.first <= span.last) {
      const got = readUiEvents(db, {
        columns: schema.uiEvents!,
        start: opts.start,
        end: opts.end,
        includeText: opts.includeText === true,
        first: span.first,
        last: span.last,
        rejected,
        withheld,
      });
      events = got.events;
      eventRows = got.read;
      byteLengths = got.byteLengths;
    }
  }
  const notes: string[] = [];
  if (background > 0) {
    notes.push(
      `screenpipe recorded every visible window (layout before 2026-02): ${background} rows of windows behind the frontmost one are visible-only streams named DISPLAY~APP, never focused`,
    );
  }
  if (byteLengths > 0) {
    notes.push(
      `${byteLengths} typed runs have no stored text, only a UTF-8 byte length: their characters are counted as bytes, an upper bound`,
    );
  }
  const rows: Record<string, number> = { frames: read };
  if (input) rows.ui_events = eventRows;
  const elements = hasElements(schema);
  return {
    window: { start: opts.start, end: opts.end },
    snapshots,
    events,
    displays: [],
    facts: {
      adapter: LABEL,
      location,
      fingerprint: schema.fingerprint,
      capabilities: {
        input,
        elements,
        urls,
        heartbeats: frames.has("capture_trigger"),
        focus,
      },
      rows,
      rejected,
      ...(Object.keys(withheld).length > 0 ? { withheld } : {}),
      ...(notes.length > 0 ? { notes } : {}),
    },
    after,
    ...(moves !== undefined ? { unread: { ui_events: moves } } : {}),
    // An empty window's hint names the days the source holds: measured here, in the same
    // read transaction, instead of by a second open of the file.
    ...(opts.held === true && snapshots.length === 0 && events.length === 0
      ? { held: indexSpan(db, schema) ?? null }
      : {}),
    // Element rows are read later, only for the clicks that need resolving.
    ...(elements
      ? {
        elements: screenpipeElementLookup(location, {
          busyTimeoutMs: opts.busyTimeoutMs,
          owners,
        }),
      }
      : {}),
  };
}

function hasElements(schema: ScreenpipeSchema): boolean {
  return schema.elements !== undefined && schema.elements.has("frame_id");
}

interface FramesRead {
  snapshots: Snapshot[];
  /** Per display, the first snapshot at or after the window's end. */
  after: Snapshot[];
  /** Rows of stacked windows moved to visible-only background streams. */
  background: number;
  read: number;
  urls: boolean;
  focus: boolean;
  /** Rows read for the window, so the element lookup needs no query to find their owners. */
  owners?: KnownOwners;
}

function readFrames(
  db: DatabaseSync,
  columns: Set<string>,
  opts: ScreenpipeReadOptions,
  counts: { rejected: Record<string, number>; withheld: Withheld },
): FramesRead {
  const { rejected, withheld } = counts;
  // Rows the upstream redaction worker stamped (any `*_redacted_at` set) are counted.
  // (Left out when no such column exists: a constant cell still costs its conversion.)
  const stamped = redactedAtColumns(columns).map((c) => `${c} IS NOT NULL`).join(" OR ");
  const idCol = idColumn(columns);
  const lookEnd = opts.end + LOOKAHEAD_MS;
  const span = idSpan(db, "frames", idCol, { ...opts, end: lookEnd }, "snapshots");
  const all: Snapshot[] = [];
  if (span.first > span.last) {
    return { snapshots: [], after: [], background: 0, read: 0, urls: false, focus: false };
  }
  const hasReuse = columns.has("elements_ref_frame_id");
  const stmt = prepareArrays(
    db,
    `SELECT ${idCol}, timestamp, app_name, ${wholeText(columnOrNull(columns, "window_name"))}, ${
      columnOrNull(columns, "browser_url")
    }, ${columnOrNull(columns, "device_name")}, ${columnOrNull(columns, "focused")}, ${
      columnOrNull(columns, "capture_trigger")
    }, ${columnOrNull(columns, "elements_ref_frame_id")}${
      stamped ? `, (${stamped})` : ""
    } FROM frames WHERE ${idCol} BETWEEN ? AND ?`,
  );
  const rows = stmt.all(span.first, span.last);
  const hasTrigger = columns.has("capture_trigger");
  const names = new NameCache();
  const displays = new Map<unknown, string>();
  const { start, end } = opts;
  let read = 0;
  // Ids of unparseable rows; those between the first and last row of the window count.
  const garbage: number[] = [];
  let lowest = Infinity, highest = -Infinity;
  let emptyApp = 0;
  let urls = false;
  let sawFocused = false;
  let sawUnfocused = false;
  let sorted = true;
  let prevAt = -Infinity;
  const reuse = new Map<number, number>();
  const urlMemo = new Map<string, string | undefined>();
  // Consecutive rows mostly repeat the app, title and URL: the previous row's answers are
  // reused without a call (a fresh process runs this loop interpreted, where calls cost
  // most). A title is reused only when cleaning it counted nothing (no `[`).
  let rawApp: unknown = NONE, app: string | undefined;
  let rawTitle: unknown = NONE, title: string | undefined, titleCounts = true;
  let rawUrl: unknown = NONE, url: string | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (hasReuse && typeof row[8] === "number") reuse.set(row[0] as number, row[8]);
    const ts = row[1];
    const at = typeof ts === "string" ? parseTimestamp(ts) : undefined;
    if (at === undefined) {
      garbage.push(row[0] as number);
      continue;
    }
    if (at < start || at >= lookEnd) continue;
    const id = row[0] as number;
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
    // Rows past the end only end the last dwell: they are not rows of this window.
    const inside = at < end;
    if (inside) read++;
    if (inside && row[9] === 1) {
      withheld["screenpipe redacted upstream: frames"] =
        (withheld["screenpipe redacted upstream: frames"] ?? 0) + 1;
    }
    if (row[2] !== rawApp) app = names.get(rawApp = row[2]);
    if (app === undefined) {
      if (inside) emptyApp++;
      continue;
    }
    if (row[4] !== rawUrl) {
      rawUrl = row[4];
      url = typeof rawUrl === "string" ? pageUrl(urlMemo, rawUrl) : undefined;
    }
    if (inside && url !== undefined) urls = true;
    let display = displays.get(row[5]);
    if (display === undefined) {
      display = typeof row[5] === "string" && row[5].trim() !== ""
        ? row[5].trim()
        : DEFAULT_DISPLAY;
      displays.set(row[5], display);
    }
    const focused = toBoolean(row[6]);
    if (inside && focused === true) sawFocused = true;
    else if (inside && focused === false) sawUnfocused = true;
    const trigger: Trigger | undefined = hasTrigger
      ? (typeof row[7] === "string" && TRIGGERS.get(row[7])) || "unknown"
      : undefined;
    if (at < prevAt) sorted = false;
    prevAt = at;
    if (row[3] !== rawTitle || titleCounts) {
      // A NUL does not cut a title; placeholders the recorder wrote are withheld, not text.
      const clean = names.get(wholeTextValue(rawTitle = row[3]));
      titleCounts = clean !== undefined && clean.indexOf("[") >= 0;
      title = withoutPlaceholders(clean, inside ? withheld : {});
    }
    all.push({
      ref: row[0] as number,
      at,
      display,
      app,
      title,
      url,
      trigger,
      focused,
    });
  }
  const unparseable = countBetween(garbage, lowest, highest);
  if (unparseable > 0) rejected["frames: unparseable timestamp"] = unparseable;
  if (emptyApp > 0) rejected["frames: empty app_name"] = emptyApp;
  if (!sorted) all.sort(byTimeThenRef);
  const background = unstackWindows(all, end);
  let cut = all.length;
  while (cut > 0 && all[cut - 1].at >= end) cut--;
  const snapshots = cut === all.length ? all : all.slice(0, cut);
  const after: Snapshot[] = [];
  const ended = new Set<string>();
  for (let i = cut; i < all.length; i++) {
    if (ended.has(all[i].display)) continue;
    ended.add(all[i].display);
    after.push(all[i]);
  }
  return {
    snapshots,
    after,
    background,
    read: read + unparseable,
    urls,
    focus: sawFocused && sawUnfocused,
    owners: { first: span.first, last: span.last, reuse },
  };
}

function toBoolean(value: unknown): boolean | undefined {
  if (value === 1 || value === "1" || value === "true" || value === true) return true;
  if (value === 0 || value === "0" || value === "false" || value === false) return false;
  return undefined;
}
