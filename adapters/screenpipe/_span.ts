/**
 * The first and last instant a screenpipe database holds, from the ends of the timestamp
 * index instead of a scan of every row (`screenpipeSpan` in importer.ts parses them all,
 * which `frames import` needs for its rejected counts but an empty window's hint does not:
 * 25–80 ms on two weeks of capture, seconds on months).
 *
 * Text order is time order up to the spelling (`T` or space, an offset of at most
 * MAX_OFFSET_MINUTES), so the earliest instant lies among the rows whose text sorts within
 * that margin of the first parseable one; those are parsed and the minimum kept (the same
 * for the latest). Rows whose text never parses are skipped, as every reader skips them.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { prepareArrays, readSqliteSource } from "../../src/store/sqlite.ts";
import { parseTimestamp, TEXT_MARGIN_MS, utcDateHour } from "../_timestamp.ts";
import { detectSchema, type ScreenpipeSchema, timedTables } from "./_schema.ts";

/** First and last parsed instant over frames and input rows, or `undefined` when empty. */
export function screenpipeIndexSpan(path: string): { first: number; last: number } | undefined {
  return readSqliteSource(
    { location: path, label: "screenpipe" },
    (db) => indexSpan(db, detectSchema(db)),
  );
}

/** {@linkcode screenpipeIndexSpan} on an open database (the reader's own connection). */
export function indexSpan(
  db: DatabaseSync,
  schema: ScreenpipeSchema,
): { first: number; last: number } | undefined {
  let first = Infinity, last = -Infinity;
  for (const { table, filter } of timedTables(schema)) {
    const lo = edge(db, table, filter, "ASC");
    const hi = edge(db, table, filter, "DESC");
    if (lo !== undefined && lo < first) first = lo;
    if (hi !== undefined && hi > last) last = hi;
  }
  return first <= last ? { first, last } : undefined;
}

const BATCH = 256;

/** The earliest (ASC) or latest (DESC) parsed instant of a table. */
function edge(
  db: DatabaseSync,
  table: string,
  filter: string,
  dir: "ASC" | "DESC",
): number | undefined {
  const cmp = dir === "ASC" ? ">" : "<";
  const walk = prepareArrays(
    db,
    `SELECT timestamp FROM ${table} WHERE timestamp ${cmp} ?${filter} ORDER BY timestamp ${dir} LIMIT ${BATCH}`,
  );
  // The first parseable text from this end (garbage rows are skipped, a batch at a time).
  let from: string = dir === "ASC" ? "" : "\uffff";
  let found: { text: string; at: number } | undefined;
  while (found === undefined) {
    const rows = walk.all(from);
    for (const [ts] of rows) {
      const at = typeof ts === "string" ? parseTimestamp(ts) : undefined;
      if (at !== undefined) {
        found = { text: ts as string, at };
        break;
      }
    }
    if (found !== undefined || rows.length < BATCH) break;
    from = String(rows[rows.length - 1][0]);
  }
  if (found === undefined) return undefined;
  // Every row within the spelling margin of it: SQLite's date parser orders them (in C),
  // the few it cannot parse come back whole; the texts are parsed here, so the instant is
  // exactly what every reader makes of it.
  const bound = utcDateHour(dir === "ASC" ? found.at + TEXT_MARGIN_MS : found.at - TEXT_MARGIN_MS);
  const [low, high] = dir === "ASC"
    ? [found.text, `${bound.date}T${bound.hour}~`]
    : [`${bound.date} ${bound.hour}`, found.text];
  // One scan: SQLite returns the text of the row holding min/max (a bare column beside an
  // aggregate takes that row's value) and every text it could not parse.
  const [[edgeText, , oddJson]] = prepareArrays(
    db,
    `SELECT timestamp, ${dir === "ASC" ? "min" : "max"}(u),
       json_group_array(timestamp) FILTER (WHERE u IS NULL)
     FROM (SELECT timestamp, unixepoch(timestamp, 'subsec') AS u FROM ${table}
           WHERE timestamp >= ? AND timestamp <= ?${filter} LIMIT -1)`,
  ).all(low, high);
  const near = [edgeText, ...(typeof oddJson === "string" ? JSON.parse(oddJson) : [])];
  let best = found.at;
  for (const ts of near) {
    const at = typeof ts === "string" ? parseTimestamp(ts) : undefined;
    if (at === undefined) continue;
    if (dir === "ASC" ? at < best : at > best) best = at;
  }
  return best;
}
