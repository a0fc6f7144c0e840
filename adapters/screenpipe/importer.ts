/**
 * A screenpipe-layout database opened for import: the adapter's own window reader, with
 * keys naming the database and the row id (screenpipe rows have no identity beyond their
 * file, so the same file imported twice adds nothing), and the element rows of every
 * snapshot read, so click resolution from the store matches a direct read.
 *
 * The span is taken from parsed timestamps, never from text order (`min(timestamp)` is
 * `''` or `"not a timestamp"` as soon as one row is broken); rows whose timestamp cannot be
 * parsed belong to no window and are counted once, here.
 *
 * @module
 */

import { resolve } from "../../src/file_path.ts";
import type { DatabaseSync } from "node:sqlite";
import { openReadOnly, prepareArrays } from "../../src/store/mod.ts";
import { parseTimestamp } from "../_timestamp.ts";
import type { Element, ImportableSource } from "../types.ts";
import { readElements, readScreenpipe } from "./read.ts";
import { detectSchema, idColumn, timedTables } from "./_schema.ts";

const LABEL = "screenpipe";

/** Rows parsed per query while finding the span (keeps memory flat on big databases). */
const SCAN_CHUNK = 50_000;

/** Rejection reasons of unparseable timestamps, as the reader names them. */
const UNPARSEABLE = ["frames: unparseable timestamp", "ui_events: unparseable timestamp"];

/** Open a screenpipe-layout database for import. */
export function openScreenpipeImport(path: string): ImportableSource {
  const location = resolve(path);
  // Probe once: a clear error for a missing or foreign file before anything is written.
  const probe = readScreenpipe(location, { start: 0, end: 0 });
  const { span, rejected } = scanTimes(location);
  const elements = probe.facts.capabilities.elements;
  return {
    adapter: "screenpipe",
    location,
    fingerprint: probe.facts.fingerprint,
    capabilities: probe.facts.capabilities,
    ...(elements ? { elementUnits: "normalized" as const } : {}),
    loadRejected: rejected,
    span: () => span,
    readKeyed(opts) {
      const capture = readScreenpipe(location, opts);
      // Counted once for the whole file by scanTimes; a window's id span sees only some.
      for (const reason of UNPARSEABLE) delete capture.facts.rejected[reason];
      const refs = capture.snapshots.map((s) => s.ref);
      return {
        capture,
        snapshotKeys: refs.map((ref) => `screenpipe:${location}#f${ref}`),
        eventKeys: capture.events.map((e) => `screenpipe:${location}#e${e.ref}`),
        ...(elements && refs.length > 0
          ? { elements: readElements(location, refs).map(blankNameless) }
          : {}),
      };
    },
    close() {},
  };
}

/**
 * The store finds named rows with `name <> ''`; screenpipe's lookup treats a name of only
 * spaces, tabs and line breaks as no name. Store such names empty so both agree.
 */
function blankNameless(e: Element): Element {
  return /^[ \t\r\n]*$/.test(e.name) && e.name !== "" ? { ...e, name: "" } : e;
}

interface Scan {
  span: { first: number; last: number } | undefined;
  rejected: Record<string, number>;
}

/** First and last parsed instant (UTC epoch ms) of a screenpipe-layout database's rows. */
export function screenpipeSpan(path: string): { first: number; last: number } | undefined {
  return scanTimes(resolve(path)).span;
}

/** First and last parsed instant over frames and input rows, and the unparseable counts. */
function scanTimes(location: string): Scan {
  const db = openReadOnly(location, { label: LABEL });
  try {
    const schema = detectSchema(db);
    let first = Infinity, last = -Infinity;
    const rejected: Record<string, number> = {};
    for (const { table, columns, filter } of timedTables(schema)) {
      let bad = 0;
      forEachTimestamp(db, table, idColumn(columns), filter, (ts) => {
        const at = typeof ts === "string" ? parseTimestamp(ts) : undefined;
        if (at === undefined) {
          bad++;
          return;
        }
        if (at < first) first = at;
        if (at > last) last = at;
      });
      if (bad > 0) rejected[`${table}: unparseable timestamp`] = bad;
    }
    return { span: first <= last ? { first, last } : undefined, rejected };
  } finally {
    db.close();
  }
}

function forEachTimestamp(
  db: DatabaseSync,
  table: string,
  idCol: string,
  filter: string,
  each: (ts: unknown) => void,
): void {
  const stmt = prepareArrays(
    db,
    `SELECT ${idCol}, timestamp FROM ${table} WHERE ${idCol} > ?${filter} ORDER BY ${idCol} LIMIT ${SCAN_CHUNK}`,
  );
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = stmt.all(after);
    for (const row of rows) each(row[1]);
    if (rows.length < SCAN_CHUNK) return;
    after = rows[rows.length - 1][0] as number;
  }
}
