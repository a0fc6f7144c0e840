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

/** Detect the screenpipe tables and columns present in an open database. */
export function detectSchema(db: DatabaseSync): ScreenpipeSchema {
  const names: string[] = [];
  const found: (Set<string> | undefined)[] = [];
  for (const table of SCREENPIPE_TABLES) {
    const stmt = db.prepare(`PRAGMA table_info("${table}")`);
    const columns = new Set<string>();
    for (const row of stmt.all()) {
      const name = String((row as { name: unknown }).name).toLowerCase();
      columns.add(name);
      names.push(`${table}.${name}`);
    }
    found.push(columns.size > 0 ? columns : undefined);
  }
  names.sort();
  return {
    frames: found[0],
    uiEvents: found[1],
    elements: found[2],
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
