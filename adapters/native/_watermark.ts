/**
 * The native store's watermark: per display (and in total) the largest snapshot id, the
 * row count and the last `at_ms` of the snapshots a read of the window touches (with the
 * look-ahead snapshot past its end), the same for input events and markers, the element
 * rows of those snapshots, and the display and source tables the read joins.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { WINDOW_LOOKAHEAD_MS } from "../../src/compile/rules.ts";
import { prepareArrays, readSqliteSource } from "../../src/store/sqlite.ts";
import type { ReadWindowOptions, Watermark } from "../types.ts";
import { watermarkOf, type WatermarkRow, withTotal } from "../_watermark.ts";

/** The watermark of a window of the native store at `path`. */
export function nativeWatermark(path: string, window: ReadWindowOptions): Watermark {
  return readSqliteSource({ location: path, label: "native" }, (db) => measure(db, window));
}

function measure(db: DatabaseSync, window: ReadWindowOptions): Watermark {
  const tables = new Set(
    prepareArrays(db, "SELECT name FROM sqlite_master WHERE type = 'table'").all()
      .map((r) => String(r[0])),
  );
  const [[version]] = prepareArrays(db, "PRAGMA user_version").all();
  const [[schemaVersion]] = prepareArrays(db, "PRAGMA schema_version").all();
  const { start, end } = window;
  const until = end + WINDOW_LOOKAHEAD_MS;
  const rows: WatermarkRow[] = [];
  if (tables.has("snapshots")) {
    const got = prepareArrays(
      db,
      `SELECT display, max(id), count(*), max(at_ms), min(id) FROM snapshots
       WHERE at_ms >= ? AND at_ms < ? GROUP BY display ORDER BY display`,
    ).all(start, until);
    rows.push(...withTotal("snapshots", got.map((r) => [String(r[0]), r[1], r[2], r[3]] as const)));
    const ids = got.flatMap((r) => [r[1], r[4]]).filter((x): x is number => typeof x === "number");
    if (tables.has("elements") && ids.length > 0) {
      const [m, c] = prepareArrays(
        db,
        "SELECT max(id), count(*) FROM elements WHERE snapshot_id BETWEEN ? AND ?",
      ).all(Math.min(...ids), Math.max(...ids))[0];
      rows.push(["elements", m, c, null]);
    }
  }
  for (const [table, to] of [["input_events", end], ["markers", until]] as const) {
    if (!tables.has(table)) continue;
    const [m, c, l] = prepareArrays(
      db,
      `SELECT max(id), count(*), max(at_ms) FROM ${table} WHERE at_ms >= ? AND at_ms < ?`,
    ).all(start, to)[0];
    rows.push([table, m, c, l]);
  }
  // Small tables the read joins whole; display geometry can be rewritten in place, so its
  // rows themselves are the "last timestamp".
  if (tables.has("displays")) {
    const [m, c, l] = prepareArrays(
      db,
      `SELECT max(id), count(*), group_concat(name || ' ' || x || ' ' || y || ' ' || width
         || ' ' || height || ' ' || scale, ';') FROM (SELECT * FROM displays ORDER BY name)`,
    ).all()[0];
    rows.push(["displays", m, c, l]);
  }
  if (tables.has("sources")) {
    const [m, c] = prepareArrays(db, "SELECT max(id), count(*) FROM sources").all()[0];
    rows.push(["sources", m, c, null]);
  }
  return watermarkOf(`v${version}-s${schemaVersion}`, rows);
}
