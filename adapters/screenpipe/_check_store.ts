/**
 * What a screenpipe read checks on an open database before reading rows: a frames table
 * with the two columns every row needs, and a store not migrated to Parquet.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { ScreenpipeSchema } from "./_schema.ts";
import { refuseMigrated } from "./_store_state.ts";

/** The store checks of a read: a frames table with its two columns, not migrated. */
export function checkStore(
  db: DatabaseSync,
  location: string,
  schema: ScreenpipeSchema,
  opts: { allowMigrated?: boolean },
): void {
  const frames = schema.frames;
  if (frames === undefined) {
    throw new Error(
      `Cannot read screenpipe database "${location}": it has no frames table (is it a screenpipe database?)`,
    );
  }
  for (const column of ["timestamp", "app_name"]) {
    if (!frames.has(column)) {
      throw new Error(
        `Cannot read screenpipe database "${location}": the frames table has no ${column} column`,
      );
    }
  }
  if (opts.allowMigrated !== true) {
    refuseMigrated(db, location, [
      "frames",
      ...(schema.uiEvents !== undefined ? ["ui_events"] : []),
      ...(schema.elements !== undefined ? ["elements"] : []),
    ]);
  }
}
