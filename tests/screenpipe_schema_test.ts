// detectSchema() (adapters/screenpipe/_schema.ts) reads every table's columns in one
// statement; here it is held to the plain reference, one `PRAGMA table_info` per table.

import { deepStrictEqual } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { detectSchema, SCREENPIPE_TABLES } from "../adapters/screenpipe/_schema.ts";
import { fnv1a } from "../src/store/sqlite.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";

/** The reference: a PRAGMA per table, columns lowercased, the sorted names fingerprinted. */
function reference(db: DatabaseSync) {
  const names: string[] = [];
  const found = SCREENPIPE_TABLES.map((table) => {
    const columns = new Set<string>();
    for (const row of db.prepare(`PRAGMA table_info("${table}")`).all()) {
      const name = String((row as { name: unknown }).name).toLowerCase();
      columns.add(name);
      names.push(`${table}.${name}`);
    }
    return columns.size > 0 ? columns : undefined;
  });
  names.sort();
  return {
    frames: found[0],
    uiEvents: found[1],
    elements: found[2],
    fingerprint: fnv1a(names.join("\n")),
  };
}

const LAYOUTS: Record<string, string> = {
  demo: SCREENPIPE_SCHEMA_SQL,
  "frames only": "CREATE TABLE frames (id INTEGER PRIMARY KEY, timestamp TEXT, app_name TEXT)",
  "mixed case, no id": `CREATE TABLE Frames (TimeStamp TEXT, App_Name TEXT, window_name TEXT);
    CREATE TABLE UI_EVENTS (Event_Type TEXT, timestamp TEXT)`,
  "a view and extra tables": `CREATE TABLE other (a, b);
    CREATE TABLE elements (id INTEGER PRIMARY KEY, frame_id INTEGER, text TEXT);
    CREATE VIEW frames AS SELECT 1 AS id, '2026-01-01' AS timestamp, 'x' AS app_name`,
  "no tables": "",
};

Deno.test("detectSchema() finds what a PRAGMA per table finds, in every layout", () => {
  for (const [name, sql] of Object.entries(LAYOUTS)) {
    const db = new DatabaseSync(":memory:");
    try {
      db.exec(sql);
      const got = detectSchema(db);
      const want = reference(db);
      deepStrictEqual(got, want, name);
      // The same column order, too (callers iterate the sets).
      for (const k of ["frames", "uiEvents", "elements"] as const) {
        deepStrictEqual([...(got[k] ?? [])], [...(want[k] ?? [])], `${name}: ${k}`);
      }
    } finally {
      db.close();
    }
  }
});
