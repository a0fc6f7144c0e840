/**
 * `frames export --parquet`: a window of days as Parquet tables (`frames`, `ledger`,
 * `sites`, `steps`, `routines`), Hive-partitioned by user and day (`<table>/user=…/day=…/part-0.parquet`)
 * so DuckDB, Spark, Polars or any other engine can analyse many people and machines. The
 * schema is versioned in `schema.ts` and documented in `docs/parquet-schema.md`; typed text
 * is never exported.
 *
 * @example
 * ```ts
 * import { exportParquet } from "./src/export/mod.ts";
 * exportParquet([{ day: "2026-03-25", capture }], { dir: "out", user: "ada", tz: "Europe/Berlin" });
 * ```
 *
 * @module
 */

import { compile } from "../compile/mod.ts";
import type { PageRef } from "../entities/mod.ts";
import { typePage } from "../entities/type_page.ts";
import type { Capture } from "../model.ts";
import { documentTables, routineTables, stepTables } from "./rows.ts";
import { captureSteps, mineRoutines } from "../routines/mod.ts";
import type { TableName } from "./schema.ts";
import { writePartition } from "./write.ts";

export {
  type ColumnDef,
  type ColumnType,
  EXPORT_SCHEMA_VERSION,
  type TableName,
  TABLES,
} from "./schema.ts";
export { partitionDir } from "./write.ts";
// Types the signatures above mention, re-exported so this module's API is complete.
export type * from "../model.ts";
export type { PageRef } from "../entities/mod.ts";

/** One day to export. */
export interface ExportDay {
  /** The local day, `YYYY-MM-DD`. */
  day: string;
  /** The day's capture, read without typed text. */
  capture: Capture;
}

/** Options of {@linkcode exportParquet}. */
export interface ExportOptions {
  /** The dataset's root folder. */
  dir: string;
  /** The user id of the `user=` partition: letters, digits, `.`, `_`, `-`. */
  user: string;
  /** IANA timezone of the days. */
  tz: string;
  /** URL typer (default the built-in generic one). */
  typer?: (url: string) => PageRef;
}

/** What was written. */
export interface ExportSummary {
  /** Files written, in write order. */
  files: string[];
  /** Rows per table over every day. */
  rows: Record<TableName, number>;
}

const USER_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Whether `user` can name a `user=` partition (no separators, no `=`, not `.`/`..`). */
export function isUserId(user: string): boolean {
  return USER_ID.test(user) && user !== "." && user !== "..";
}

/**
 * Exports `days` into `opts.dir`, one partition per table and day; every frame is exported,
 * the short ones a compile leaves out of its list included, so frames sum to the ledgers.
 */
export function exportParquet(days: readonly ExportDay[], opts: ExportOptions): ExportSummary {
  if (!isUserId(opts.user)) {
    throw new RangeError(
      `Cannot export for user "${opts.user}": use 1-64 letters, digits, ".", "_" or "-"`,
    );
  }
  const typer = opts.typer ?? typePage;
  const files: string[] = [];
  const rows: Record<TableName, number> = {
    frames: 0,
    ledger: 0,
    sites: 0,
    steps: 0,
    routines: 0,
  };
  const write = (table: TableName, day: string, cols: Record<string, unknown[]>) => {
    files.push(writePartition(opts.dir, { table, user: opts.user, day }, cols));
    rows[table] += Object.values(cols)[0]?.length ?? 0;
  };
  for (const { day, capture } of days) {
    const doc = compile(capture, { tz: opts.tz, day, typer, minMinutes: 0 });
    const tables = { ...documentTables(doc), steps: stepTables(capture, { tz: opts.tz, typer }) };
    for (const table of ["frames", "ledger", "sites", "steps"] as const) {
      write(table, day, tables[table]);
    }
  }
  // Routines recur across days: mined over the whole exported window, as `frames routines`.
  const { steps, unplaced, displays, notes } = captureSteps(days.map((d) => d.capture));
  const mined = mineRoutines(steps, { tz: opts.tz, unplaced, displays, notes });
  const byDay = routineTables(mined.report, days.map((d) => d.day));
  for (const [day, cols] of byDay) write("routines", day, cols);
  return { files, rows };
}
export {
  csvCell,
  renderTimesheet,
  type Timesheet,
  timesheet,
  type TimesheetBy,
} from "./timesheet.ts";
export type * from "../compile/document.ts";
