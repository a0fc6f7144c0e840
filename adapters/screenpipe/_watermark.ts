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

import type { DatabaseSync } from "node:sqlite";
import { prepareArrays, readSqliteSource } from "../../src/store/sqlite.ts";
import { utcDateHour } from "../_timestamp.ts";
import type { ReadWindowOptions, Watermark } from "../types.ts";
import { watermarkOf, type WatermarkRow } from "../_watermark.ts";
import { detectSchema, idColumn } from "./_schema.ts";
import { LOOKAHEAD_MS, TEXT_MARGIN_MS } from "./read.ts";

/**
 * The last timestamp text of the range, as its own query: SQLite answers it from the end of
 * the timestamp index, where `max(timestamp)` beside `count(*)` compares the text of every
 * row (1–2 ms of a cached day's run). The same value either way.
 */
const LAST_AT = (table: string) =>
  `(SELECT max(timestamp) FROM ${table} WHERE timestamp >= ?1 AND timestamp < ?2)`;

/** The watermark of a window of the screenpipe database at `path`. */
export function screenpipeWatermark(
  path: string,
  window: ReadWindowOptions,
  previous?: Watermark,
): Watermark {
  return readSqliteSource(
    { location: path, label: "screenpipe" },
    (db) => measure(db, window, previous),
  );
}

function measure(db: DatabaseSync, window: ReadWindowOptions, previous?: Watermark): Watermark {
  const schema = detectSchema(db);
  const low = utcDateHour(window.start - TEXT_MARGIN_MS);
  const high = utcDateHour(window.end + LOOKAHEAD_MS + TEXT_MARGIN_MS);
  const range = [`${low.date} ${low.hour}`, `${high.date}~`];
  const rows: WatermarkRow[] = [];
  const frames = schema.frames;
  if (frames !== undefined && frames.has("timestamp")) {
    const id = idColumn(frames);
    const [max, count, last, min] = prepareArrays(
      db,
      `SELECT max(${id}), count(*), ${LAST_AT("frames")}, min(${id}) FROM frames
       WHERE timestamp >= ?1 AND timestamp < ?2`,
    ).all(...range)[0];
    rows.push(["frames", max, count, last]);
    const elements = schema.elements;
    if (elements !== undefined && elements.has("frame_id") && typeof max === "number") {
      const frames = { lo: min as number, hi: max, count, last };
      rows.push(elementRows(db, idColumn(elements), frames, previous));
    }
  }
  const ui = schema.uiEvents;
  if (ui !== undefined && ui.has("timestamp")) {
    // `move` rows never leave SQLite (readUiEvents): not counting them keeps the part's
    // count moving exactly as the read's `ui_events` count does, which the live delta read
    // relies on (src/cli/_delta.ts). A `move` added or removed changes no document.
    const moves = ui.has("event_type") ? " FILTER (WHERE event_type IS NOT 'move')" : "";
    const [m, c, l] = prepareArrays(
      db,
      `SELECT max(${idColumn(ui)}), count(*)${moves}, ${LAST_AT("ui_events")} FROM ui_events
       WHERE timestamp >= ?1 AND timestamp < ?2`,
    ).all(...range)[0];
    rows.push(["ui_events", m, c, l]);
  }
  const out = watermarkOf(schema.fingerprint, rows);
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
  db: DatabaseSync,
  id: string,
  frames: { lo: number; hi: number; count: unknown; last: unknown },
  previous: Watermark | undefined,
): WatermarkRow {
  const { lo, hi, count: frameCount, last: frameLast } = frames;
  const top = Number(prepareArrays(db, `SELECT max(${id}) FROM elements`).all()[0][0] ?? 0);
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
    const [[count]] = prepareArrays(
      db,
      `SELECT count(*) FROM elements WHERE frame_id BETWEEN ? AND ? AND +${id} <= ?`,
    ).all(lo, hi, top);
    return ["elements", top, count as number, lo];
  }
  const since = before!.maxRef as number;
  // Later ones: a rowid range past the cursor, with `+frame_id` so SQLite does not walk the
  // frame_id index instead.
  const [[added]] = prepareArrays(
    db,
    `SELECT count(*) FROM elements WHERE ${id} > ? AND ${id} <= ? AND +frame_id BETWEEN ? AND ?`,
  ).all(since, top, lo, hi);
  let rows = before!.rows + (added as number);
  if (grown) {
    const [[older]] = prepareArrays(
      db,
      `SELECT count(*) FROM elements WHERE frame_id > ? AND frame_id <= ? AND +${id} <= ?`,
    ).all(was!.maxRef as number, hi, since);
    rows += older as number;
  }
  return ["elements", top, rows, lo];
}
