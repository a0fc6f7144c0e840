/**
 * Which ids of a screenpipe table can hold rows of a window: the smallest and largest id of
 * the rows whose parsed time falls in `[start, end)`, or a wider span, never a narrower one.
 * The rows of the span are read by id and filtered exactly in code afterwards.
 *
 * Offsets may reach ±18 h, so a row of the window may be spelled anywhere in a ±19 h text
 * margin of the timestamp index. Parsing every row of that margin (SQLite's `unixepoch()`,
 * ~2.5 ms for the busy demo day's events) is avoided by splitting the margin:
 *
 * - **Core** pieces: per separator (space, `T`, `t`), the text range from the window's
 *   start minute to its end second, cut at date boundaries so one spelling's range never
 *   takes in another spelling's day. Every row there may be inside; the span takes their
 *   smallest and largest id from the index alone, no value parsed.
 * - **Margin** pieces, the rest of the ±19 h range: a row there that ends with `+00:00`
 *   and parses has offset 0 (the offset runs to the end of the text) and a separator of
 *   `T`, `t` or space, so its text order is its time order and it lies outside the window;
 *   it is skipped by a `LIKE` test. Every other row is handed over when SQLite's date
 *   parser puts it within two seconds of the window or cannot parse it, and is parsed here.
 *
 * The old single scan (every margin row through `unixepoch()`) remains for a read by id
 * (`fromRefs`), which scans a rowid range instead of the index and counts `move` rows.
 * `tests/screenpipe_id_span_test.ts` checks both against parsing every row in code.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { parseTimestamp, TEXT_MARGIN_MS, utcDateHour } from "../_timestamp.ts";
import { prepareArrays } from "../../src/store/sqlite.ts";
import type { ReadWindowOptions } from "../types.ts";

/** Padding of the span SQLite's parser finds (whole seconds, float rounding). */
const SPAN_PAD_SECONDS = 2;

/** An inclusive id range (empty when `first > last`) and, for a read by id, its `move` rows. */
export interface IdSpan {
  /** Smallest id that may hold a row of the window. */
  first: number;
  /** Largest id that may hold a row of the window. */
  last: number;
  /** `move` rows in the scope of a read by id (events only). */
  moves?: number;
}

/** The id span of `table`'s rows in `window` (see the module comment). */
export function idSpan(
  db: DatabaseSync,
  table: string,
  idCol: string,
  window: ReadWindowOptions,
  kind: "snapshots" | "events",
): IdSpan {
  const floor = window.fromRefs?.[kind];
  if (Number.isSafeInteger(floor)) return spanByParsing(db, table, idCol, window, kind, floor!);
  const { start, end } = window;
  const bounds = textBounds(start, end);
  const span = prepareArrays(db, piecesSql(table, idCol)).all(
    ...bounds,
    Math.floor(start / 1000) - SPAN_PAD_SECONDS,
    Math.ceil(end / 1000) + SPAN_PAD_SECONDS,
  );
  let first = Infinity, last = -Infinity;
  for (let i = 0; i < span.length; i++) {
    const [lo, hi, text] = span[i];
    if (text === null) {
      // A core piece's smallest and largest id (NULL when the piece is empty).
      if (typeof lo === "number" && lo < first) first = lo;
      if (typeof hi === "number" && hi > last) last = hi;
      continue;
    }
    const at = typeof text === "string" ? parseTimestamp(text) : undefined;
    if (at === undefined || at < start || at >= end || typeof lo !== "number") continue;
    if (lo < first) first = lo;
    if (lo > last) last = lo;
  }
  return { first, last };
}

/**
 * How many of `ids` lie in `[lowest, highest]`. The span read is wider than the window's
 * rows (it is found from text bounds), so an unparseable row counts only between them.
 */
export function countBetween(ids: readonly number[], lowest: number, highest: number): number {
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (ids[i] >= lowest && ids[i] <= highest) n++;
  return n;
}

const CORE_PIECES = 5;

/** One statement: each core piece's min/max id, then the margin rows that need parsing. */
function piecesSql(table: string, idCol: string): string {
  const range = (k: number) => `timestamp >= ?${k + 1} AND timestamp < ?${k + 2}`;
  const lo = 2 * CORE_PIECES + 3, hi = lo + 1;
  const parts: string[] = [];
  for (let p = 0; p < CORE_PIECES; p++) {
    parts.push(`SELECT min(${idCol}), max(${idCol}), NULL FROM ${table} WHERE ${range(2 * p + 1)}`);
  }
  for (let p = 0; p <= CORE_PIECES; p++) {
    parts.push(
      `SELECT ${idCol}, NULL, timestamp FROM ${table} WHERE ${range(2 * p)}
         AND NOT timestamp LIKE '%+00:00' AND ifnull(unixepoch(timestamp) BETWEEN ?${lo} AND ?${hi}, 1)`,
    );
  }
  return parts.join("\nUNION ALL ");
}

/**
 * The 12 text bounds, ascending: the margin's low end, then the five core pieces' ends
 * (empty pieces repeat a bound), then the margin's high end.
 */
export function textBounds(start: number, end: number): string[] {
  const low = utcDateHour(start - TEXT_MARGIN_MS);
  const high = utcDateHour(end + TEXT_MARGIN_MS);
  // A text without seconds (`HH:MM+00:00`) sorts below `HH:MM:00`: start at the minute.
  const from = Math.floor(start / 60_000) * 60_000;
  const to = Math.ceil(end / 1000) * 1000;
  const d1 = utcDateHour(from).date, d2 = utcDateHour(to).date;
  const l = (sep: string) => `${d1}${sep}${clock(from).slice(0, 5)}`;
  const u = (sep: string) => `${d2}${sep}${clock(to)}`;
  const core = d1 === d2
    ? [l(" "), u(" "), l("T"), u("T"), l("t"), u("t"), u("t"), u("t"), u("t"), u("t")]
    : [
      l(" "),
      `${d1} ~`, // the rest of the first date's space spelling
      l("T"),
      `${d1}T~`,
      l("t"), // `t` rows of the first date, then every later date up to the last one …
      u(" "), // … and the last date's space spelling up to the end
      `${d2}T`,
      u("T"),
      `${d2}t`,
      u("t"),
    ];
  return [`${low.date} ${low.hour}`, ...core, `${high.date}~`];
}

/** `HH:MM:SS` of a UTC instant. */
function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const day = ((seconds % 86_400) + 86_400) % 86_400;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(day / 3600))}:${two(Math.floor(day / 60) % 60)}:${two(day % 60)}`;
}

/**
 * The single scan: SQLite's date parser (padded by seconds) over every row of the text
 * margin, in C; rows it cannot parse come back and are parsed here. With `fromRefs`, only
 * ids from there on (a rowid range, read from the table anyway), and for events the `move`
 * rows of that scope are counted.
 */
function spanByParsing(
  db: DatabaseSync,
  table: string,
  idCol: string,
  window: ReadWindowOptions,
  kind: "snapshots" | "events",
  floor: number,
): IdSpan {
  const low = utcDateHour(window.start - TEXT_MARGIN_MS);
  const high = utcDateHour(window.end + TEXT_MARGIN_MS);
  const lowText = `${low.date} ${low.hour}`;
  const highText = `${high.date}~`;
  const type = kind === "events" ? "event_type" : "NULL";
  // One scan; `LIMIT -1` keeps SQLite from inlining the subquery, which would evaluate
  // `unixepoch()` once per reference instead of once per row. `+timestamp`: not the index.
  const span = prepareArrays(
    db,
    `SELECT min(id) FILTER (WHERE u BETWEEN ? AND ?), max(id) FILTER (WHERE u BETWEEN ? AND ?),
       json_group_array(json_array(id, timestamp)) FILTER (WHERE u IS NULL),
       ${type === "NULL" ? "NULL" : "count(*) FILTER (WHERE type IS 'move')"}
     FROM (SELECT ${idCol} AS id, timestamp, unixepoch(timestamp) AS u, ${type} AS type
           FROM ${table} WHERE ${idCol} >= ${floor} AND +timestamp >= ? AND +timestamp < ?
           LIMIT -1)`,
  );
  const lo = Math.floor(window.start / 1000) - SPAN_PAD_SECONDS;
  const hi = Math.ceil(window.end / 1000) + SPAN_PAD_SECONDS;
  const [min, max, oddJson, moved] = span.all(lo, hi, lo, hi, lowText, highText)[0];
  let first = typeof min === "number" ? min : Infinity;
  let last = typeof max === "number" ? max : -Infinity;
  const odd = typeof oddJson === "string" && oddJson !== "[]"
    ? JSON.parse(oddJson) as [number, string][]
    : [];
  const { start, end } = window;
  for (let i = 0; i < odd.length; i++) {
    const [id, ts] = odd[i];
    const at = parseTimestamp(ts);
    if (at === undefined || at < start || at >= end) continue;
    if (id < first) first = id;
    if (id > last) last = id;
  }
  return { first, last, ...(typeof moved === "number" ? { moves: moved } : {}) };
}
