/**
 * A migrated screenpipe install read from its files: frames from `db.sqlite`, and the
 * UI-event and element rows it no longer holds from the Parquet files beside it, where
 * those files have the columns of the tables they replaced (see `_parquet.ts`). When they
 * do not, the refusal stands: frames says what it found and to read the REST API instead.
 *
 * @module
 */

import type { Capture, Element } from "../../src/model.ts";
import { readElementOwners } from "./_elements.ts";
import { readScreenpipe, type ScreenpipeReadOptions } from "./read.ts";
import { MigratedStoreError } from "./_store_state.ts";
import { memoryLookup } from "./_memory_lookup.ts";

/**
 * Read a window of a screenpipe database, reading a migrated install's Parquet files where
 * they stand in for its empty tables.
 *
 * @example
 * ```ts
 * const day = await readScreenpipeFiles(`${home}/.screenpipe/db.sqlite`, { start, end });
 * ```
 */
export async function readScreenpipeFiles(
  path: string,
  opts: ScreenpipeReadOptions,
): Promise<Capture> {
  try {
    return readScreenpipe(path, opts);
  } catch (err) {
    if (!(err instanceof MigratedStoreError)) throw err;
    // hyparquet loads only for an install whose content moved to Parquet.
    const { parquetStandIns, readParquetElements, readParquetEvents } = await import(
      "./_parquet.ts"
    );
    const standIns = await parquetStandIns(err.files);
    const readable = err.empty.every((t) =>
      (t === "ui_events" || t === "elements") && standIns.has(t)
    );
    if (!readable) throw err;
    const capture = readScreenpipe(path, { ...opts, allowMigrated: true });
    const facts = capture.facts;
    const withheld = { ...(facts.withheld ?? {}) };
    const used: string[] = [];
    const eventFiles = standIns.get("ui_events");
    if (err.empty.includes("ui_events") && eventFiles !== undefined) {
      const got = await readParquetEvents(eventFiles, {
        start: opts.start,
        end: opts.end,
        includeText: opts.includeText === true,
        rejected: facts.rejected,
        withheld,
      });
      capture.events = got.events;
      facts.capabilities.input = true;
      facts.rows.parquet_ui_events = got.read;
      used.push(...eventFiles.map((f) => f.path));
    }
    const elementFiles = standIns.get("elements");
    if (err.empty.includes("elements") && elementFiles !== undefined) {
      // A frame with `elements_ref_frame_id` reuses another frame's rows, as in the database.
      const owner = readElementOwners(path, capture.snapshots.map((s) => s.ref));
      const rows = await readParquetElements(elementFiles, new Set(owner.values()));
      const byRef = new Map<number, Element[]>();
      for (const [ref, from] of owner) {
        const list = rows.get(from);
        if (list !== undefined) {
          byRef.set(ref, from === ref ? list : list.map((e) => ({ ...e, snapshotRef: ref })));
        }
      }
      capture.elements = memoryLookup(byRef);
      facts.capabilities.elements = true;
      used.push(...elementFiles.map((f) => f.path));
    }
    if (Object.keys(withheld).length > 0) facts.withheld = withheld;
    const files = [...new Set(used)].length;
    (facts.notes ??= []).push(
      `screenpipe moved this install's content to Parquet (its pull request #7000): ${
        err.empty.join(" and ")
      } rows read from ${files} Parquet file${
        files === 1 ? "" : "s"
      } beside the database by their columns`,
    );
    return capture;
  }
}
