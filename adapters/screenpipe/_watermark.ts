/**
 * The screenpipe watermark: the largest frame id, the row count and the last timestamp
 * text of every frame a read of the window can touch (the same text-margin range over the
 * timestamp index the reader scans, with its look-ahead), the same for `ui_events`, and
 * the element rows of those frames. Totals, not one part per display: any row added or
 * removed moves the count or the largest id, and grouping costs 3× the scan.
 *
 * Element rows can arrive after their frame (OCR), so they count too; counting them for a
 * day costs ~8 ms, so the part is a cursor: given the previous watermark, only element
 * rows past its largest id are looked at (O(rows added since)).
 *
 * @module
 */

import type { DatabaseSync, StatementSync } from "node:sqlite";
import { resolve } from "../../src/file_path.ts";
import {
  type ArrayStatement,
  describeSqliteError,
  inReadTransaction,
  openReadOnlyConnection,
  prepareArrays,
  readSqliteSource,
} from "../../src/store/sqlite.ts";
import { TEXT_MARGIN_MS, utcDateHour } from "../_timestamp.ts";
import { WINDOW_LOOKAHEAD_MS } from "../../src/compile/rules.ts";
import type { ReadWindowOptions, Watermark, WatermarkKeeper } from "../types.ts";
import type { Capture } from "../../src/model.ts";
import { watermarkOf, type WatermarkRow } from "../_watermark.ts";
import { detectSchema, idColumn, type ScreenpipeSchema } from "./_schema.ts";

/**
 * The last timestamp text of the range, as its own query: SQLite answers it from the end of
 * the timestamp index, where `max(timestamp)` beside `count(*)` compares the text of every
 * row (1–2 ms of a cached day's run). The same value either way.
 */
const LAST_AT = (table: string) =>
  `(SELECT max(timestamp) FROM ${table} WHERE timestamp >= ?1 AND timestamp < ?2)`;

/**
 * Tags the schema of watermarks whose `ui_events` part counts `move` rows: a day cache entry
 * written when the part left them out never equals one measured now, so it is rebuilt.
 */
const WATERMARK_FORM = " ui_events+move";

/** The watermark of a window of the screenpipe database at `path`. */
export function screenpipeWatermark(
  path: string,
  window: ReadWindowOptions,
  previous?: Watermark,
): Watermark {
  return readSqliteSource(
    { location: path, label: "screenpipe" },
    (db) => measure(detectSchema(db), (sql) => prepareArrays(db, sql), window, previous),
  );
}

/**
 * Reads a window on an open connection already inside a read transaction, with the schema
 * detected on it (read.ts `readScreenpipeKept`): a kept connection's tail read.
 */
export type KeptRead = (
  db: DatabaseSync,
  location: string,
  schema: ScreenpipeSchema,
  opts: ReadWindowOptions,
) => Capture;

// Handed over by the reader as it loads: this module must not import the reader (a day
// answered from the cache loads only the head), and a kept connection reads a tail only
// after a full read of the window has loaded the reader.
let keptRead: KeptRead | undefined;

/** Hands the reader's kept-connection entry over (read.ts does it once, as it loads). */
export function setKeptRead(read: KeptRead): void {
  keptRead = read;
}

/** A kept connection: its file, its schema (at `version`) and its statements by SQL. */
interface Kept {
  db: DatabaseSync;
  file: string;
  version: unknown;
  schema: ScreenpipeSchema | undefined;
  statements: Map<string, ArrayStatement>;
  /** The connection as the tail read sees it: `prepare` answers from `reads`. */
  reader: DatabaseSync;
  reads: Map<string, StatementSync>;
}

/** At most this many statements of tail reads are kept per connection. */
const MAX_READ_STATEMENTS = 64;

/**
 * The screenpipe watermark on a connection kept across calls, for a live session: only a
 * file SQLite opened plainly read-only, where each read transaction sees the latest commit
 * (an `immutable=1` connection or the private snapshot copy would answer stale rows: those
 * are used for one call and closed, as {@linkcode screenpipeWatermark} does). Statements are
 * prepared once; the schema is detected again when `PRAGMA schema_version` moves, and the
 * connection opened again when the path names another file (replaced, not appended to).
 * `measureRead` also reads the session's tail in the watermark's read transaction (the
 * reader's own code, {@linkcode setKeptRead}), so a row written between the two cannot make the
 * tail disagree with the watermark, and the tail read opens, detects and prepares nothing.
 */
export function keepScreenpipeWatermark(path: string): WatermarkKeeper {
  let kept: Kept | undefined;
  const close = () => {
    const k = kept;
    kept = undefined;
    try {
      k?.db.close();
    } catch {
      // Closed already.
    }
  };
  /** Runs `work` in a read transaction on the kept connection; `undefined`: none kept. */
  const onKept = <T>(work: (k: Kept & { schema: ScreenpipeSchema }, prepare: Prepare) => T) => {
    if (kept !== undefined && fileId(path) !== kept.file) close();
    if (kept === undefined) {
      const file = fileId(path);
      const opened = file === undefined
        ? undefined
        : openReadOnlyConnection(path, { label: "screenpipe" });
      if (opened === undefined || !opened.seesNewRows) {
        opened?.db.close();
        return undefined;
      }
      const db = opened.db, reads = new Map<string, StatementSync>();
      kept = {
        db,
        file: file!,
        version: undefined,
        schema: undefined,
        statements: new Map(),
        reader: cachingPrepares(db, reads),
        reads,
      };
    }
    const k = kept;
    try {
      return inReadTransaction(k.db, () => {
        const prepare = (sql: string) => {
          let stmt = k.statements.get(sql);
          if (stmt === undefined) k.statements.set(sql, stmt = prepareArrays(k.db, sql));
          return stmt;
        };
        const version = prepare("PRAGMA schema_version").all()[0]?.[0];
        if (k.schema === undefined || version !== k.version) {
          k.statements.clear();
          k.reads.clear();
          k.schema = detectSchema(k.db);
          k.version = version;
        }
        return { got: work(k as Kept & { schema: ScreenpipeSchema }, prepare) };
      });
    } catch (err) {
      close();
      throw describeSqliteError(err, { label: "screenpipe", path, action: "read" });
    }
  };
  return {
    measure(window, previous) {
      const done = onKept((k, prepare) => measure(k.schema, prepare, window, previous));
      return done !== undefined ? done.got : screenpipeWatermark(path, window, previous);
    },
    measureRead(window, previous, tail, wanted) {
      const done = onKept((k, prepare) => {
        const watermark = measure(k.schema, prepare, window, previous);
        const read = wanted(watermark) ? keptRead : undefined;
        if (read === undefined) return { watermark };
        if (k.reads.size > MAX_READ_STATEMENTS) k.reads.clear();
        try {
          return { watermark, tail: read(k.reader, resolve(path), k.schema, tail) };
        } catch {
          // The ordinary read then reads the tail, and reports what is wrong in its words.
          return { watermark };
        }
      });
      return done !== undefined
        ? done.got
        : { watermark: screenpipeWatermark(path, window, previous) };
    },
    close,
  };
}

/** `db` with `prepare` answering each SQL text from `cache` once prepared. */
function cachingPrepares(db: DatabaseSync, cache: Map<string, StatementSync>): DatabaseSync {
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") {
        return (sql: string) => {
          let stmt = cache.get(sql);
          if (stmt === undefined) cache.set(sql, stmt = target.prepare(sql));
          return stmt;
        };
      }
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Which file `path` names now (device and inode), or `undefined` where the host cannot tell. */
function fileId(path: string): string | undefined {
  try {
    const { dev, ino } = Deno.statSync(path);
    return ino === null ? undefined : `${dev}:${ino}`;
  } catch {
    return undefined;
  }
}

type Prepare = (sql: string) => ArrayStatement;

function measure(
  schema: ScreenpipeSchema,
  prepare: Prepare,
  window: ReadWindowOptions,
  previous?: Watermark,
): Watermark {
  const low = utcDateHour(window.start - TEXT_MARGIN_MS);
  const high = utcDateHour(window.end + WINDOW_LOOKAHEAD_MS + TEXT_MARGIN_MS);
  const range = [`${low.date} ${low.hour}`, `${high.date}~`];
  const rows: WatermarkRow[] = [];
  const frames = schema.frames;
  if (frames !== undefined && frames.has("timestamp")) {
    const id = idColumn(frames);
    const [max, count, last, min] = prepare(
      `SELECT max(${id}), count(*), ${LAST_AT("frames")}, min(${id}) FROM frames
       WHERE timestamp >= ?1 AND timestamp < ?2`,
    ).all(...range)[0];
    rows.push(["frames", max, count, last]);
    const elements = schema.elements;
    if (elements !== undefined && elements.has("frame_id") && typeof max === "number") {
      const frames = { lo: min as number, hi: max, count, last };
      rows.push(elementRows(prepare, idColumn(elements), frames, previous));
    }
  }
  const ui = schema.uiEvents;
  if (ui !== undefined && ui.has("timestamp")) {
    // Every row, `move` ones too (they never leave SQLite, readUiEvents): filtering them
    // out costs 3x the count (2.1 against 0.6 ms on the demo). A tail read by id reports the
    // moves of its scope (`Capture.unread`), so the live delta read still explains the part.
    const [m, c, l] = prepare(
      `SELECT max(${idColumn(ui)}), count(*), ${LAST_AT("ui_events")} FROM ui_events
       WHERE timestamp >= ?1 AND timestamp < ?2`,
    ).all(...range)[0];
    rows.push(["ui_events", m, c, l]);
  }
  const out = watermarkOf(`${schema.fingerprint}${WATERMARK_FORM}`, rows);
  if (out.parts.elements !== undefined) out.parts.elements.cursor = true;
  return out;
}

/**
 * Element rows of the frames `[lo, hi]`: counted past the previous cursor only. The part's
 * `lastAt` holds `lo`, so a later watermark knows the range it counted started there; when
 * frames were only added since (same `lo`, `hi` not lower), the rows of frames past the old
 * `hi` that were already there are counted through the frame_id index (few: a new frame's
 * rows come after it, past the cursor) instead of counting the whole range afresh (~8 ms).
 */
function elementRows(
  prepare: Prepare,
  id: string,
  frames: { lo: number; hi: number; count: unknown; last: unknown },
  previous: Watermark | undefined,
): WatermarkRow {
  const { lo, hi, count: frameCount, last: frameLast } = frames;
  const top = Number(prepare(`SELECT max(${id}) FROM elements`).all()[0][0] ?? 0);
  const before = previous?.parts.elements;
  const was = previous?.parts.frames;
  const cursor = before?.cursor === true && typeof before.maxRef === "number" &&
    before.maxRef <= top;
  // The same frames (append-only: same count, largest id and last time) and a cursor to
  // count on from; anything else is counted afresh.
  const sameFrames = cursor && was?.maxRef === hi && was.rows === frameCount &&
    was.lastAt === frameLast;
  // Frames added after the same first one: the old count stands for the old range.
  const grown = cursor && !sameFrames && before!.lastAt === lo && typeof was?.maxRef === "number" &&
    was.maxRef <= hi && typeof frameCount === "number" && was.rows <= frameCount;
  if (!sameFrames && !grown) {
    // First count: through the frame_id index.
    const [[count]] = prepare(
      `SELECT count(*) FROM elements WHERE frame_id BETWEEN ? AND ? AND +${id} <= ?`,
    ).all(lo, hi, top);
    return ["elements", top, count as number, lo];
  }
  const since = before!.maxRef as number;
  // Later ones: a rowid range past the cursor, with `+frame_id` so SQLite does not walk the
  // frame_id index instead.
  const [[added]] = prepare(
    `SELECT count(*) FROM elements WHERE ${id} > ? AND ${id} <= ? AND +frame_id BETWEEN ? AND ?`,
  ).all(since, top, lo, hi);
  let rows = before!.rows + (added as number);
  if (grown) {
    const [[older]] = prepare(
      `SELECT count(*) FROM elements WHERE frame_id > ? AND frame_id <= ? AND +${id} <= ?`,
    ).all(was!.maxRef as number, hi, since);
    rows += older as number;
  }
  return ["elements", top, rows, lo];
}
