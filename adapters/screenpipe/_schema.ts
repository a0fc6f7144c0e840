/**
 * What a screenpipe-layout database actually has: which of the tables the compiler reads
 * exist and which columns they carry (older databases lack `ui_events`, `elements` and the
 * newer `frames` columns), detected with `PRAGMA table_info` so reads degrade, never fail.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { fnv1a } from "../../src/store/sqlite.ts";

/** The tables the screenpipe adapter reads. */
export const SCREENPIPE_TABLES = ["frames", "ui_events", "elements"] as const;

/** Detected tables (absent ones are `undefined`) and a fingerprint of their columns. */
export interface ScreenpipeSchema {
  frames?: Set<string>;
  uiEvents?: Set<string>;
  elements?: Set<string>;
  /** FNV-1a (32-bit, hex) of the sorted `table.column` names detected. */
  fingerprint: string;
}

/**
 * Every table's columns in one statement (the `pragma_table_info` table-valued function, in
 * table and column order): one prepare instead of one `PRAGMA table_info` per table, ~0.3 ms
 * of every read, span and watermark in a fresh process.
 */
const COLUMNS_SQL =
  SCREENPIPE_TABLES.map((table, i) =>
    `SELECT ${i} AS t, cid, name FROM pragma_table_info('${table}')`
  ).join(" UNION ALL ") + " ORDER BY t, cid";

/** Detect the screenpipe tables and columns present in an open database. */
export function detectSchema(db: DatabaseSync): ScreenpipeSchema {
  const names: string[] = [];
  const found: Set<string>[] = SCREENPIPE_TABLES.map(() => new Set<string>());
  for (const row of db.prepare(COLUMNS_SQL).all()) {
    const { t, name } = row as { t: number; name: unknown };
    const lower = String(name).toLowerCase();
    found[t].add(lower);
    names.push(`${SCREENPIPE_TABLES[t]}.${lower}`);
  }
  names.sort();
  const present = (columns: Set<string>) => columns.size > 0 ? columns : undefined;
  return {
    frames: present(found[0]),
    uiEvents: present(found[1]),
    elements: present(found[2]),
    fingerprint: fnv1a(names.join("\n")),
  };
}

/** `column` when present, else SQL `NULL`, so result positions stay fixed. */
export function columnOrNull(columns: Set<string>, column: string): string {
  return columns.has(column) ? column : "NULL";
}

/** The row-id column to use: `id` when the table has one, else SQLite's `rowid`. */
export function idColumn(columns: Set<string>): string {
  return columns.has("id") ? "id" : "rowid";
}

/** A table whose rows carry the capture's instants, with the rows a reader leaves out. */
export interface TimedTable {
  /** `frames` or `ui_events`. */
  table: string;
  /** Its columns. */
  columns: Set<string>;
  /** SQL appended to a `WHERE` (` AND …`, or empty). */
  filter: string;
}

/**
 * The tables whose timestamps count for what a database holds: `frames`, and `ui_events`
 * without mouse motion (the reader never reads `move` rows, so their times do not count
 * either way); each only with the columns that make it readable.
 */
export function timedTables(schema: ScreenpipeSchema): TimedTable[] {
  const out: TimedTable[] = [];
  if (schema.frames?.has("timestamp")) {
    out.push({ table: "frames", columns: schema.frames, filter: "" });
  }
  const ui = schema.uiEvents;
  if (ui?.has("timestamp") && ui.has("event_type")) {
    out.push({ table: "ui_events", columns: ui, filter: " AND event_type IS NOT 'move'" });
  }
  return out;
}
