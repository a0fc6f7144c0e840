/**
 * Lazy lookup of a snapshot's `elements` rows (accessibility nodes and OCR text), for
 * click resolution. A frame with `elements_ref_frame_id` reuses another frame's rows.
 *
 * @module
 */

import { resolve } from "../../src/file_path.ts";
import type { DatabaseSync } from "node:sqlite";
import type { Element } from "../../src/model.ts";
import {
  describeSqliteError,
  inReadTransaction,
  openReadOnly,
  prepareArrays,
} from "../../src/store/sqlite.ts";
import { columnOrNull, detectSchema, type ScreenpipeSchema } from "./_schema.ts";

/** Options for {@linkcode readElements}. */
export interface ReadElementsOptions {
  /** Keep only rows of this source (default: both). */
  source?: "accessibility" | "ocr";
  /** How long to wait for a writer's exclusive lock, in ms (default 500). */
  busyTimeoutMs?: number;
}

const LABEL = "screenpipe";
const CHUNK = 500;

/**
 * The element rows of the given snapshots (frame ids), in the order asked and then by
 * `sort_order`, with normalised bounds; `[]` when the database has no `elements` table.
 *
 * @example
 * ```ts
 * const buttons = readElements(dbPath, [1042], { source: "accessibility" });
 * ```
 */
export function readElements(
  path: string,
  snapshotRefs: readonly number[],
  opts: ReadElementsOptions = {},
): Element[] {
  const location = resolve(path);
  const refs = [...new Set(snapshotRefs)];
  const db = openReadOnly(location, { label: LABEL, busyTimeoutMs: opts.busyTimeoutMs });
  try {
    return inReadTransaction(db, () => lookUp(db, refs, opts));
  } catch (err) {
    throw describeSqliteError(err, { label: LABEL, path: location, action: "read" });
  } finally {
    db.close();
  }
}

/**
 * Which frame's element rows each snapshot uses: its own, or those of the frame its
 * `elements_ref_frame_id` names. Every ref asked is a key; the database is only read.
 *
 * @example
 * ```ts
 * const owners = readElementOwners(dbPath, [1042, 1043]); // e.g. 1043 → 1042
 * ```
 */
export function readElementOwners(
  path: string,
  snapshotRefs: readonly number[],
  opts: { busyTimeoutMs?: number } = {},
): Map<number, number> {
  const location = resolve(path);
  const db = openReadOnly(location, { label: LABEL, busyTimeoutMs: opts.busyTimeoutMs });
  try {
    return inReadTransaction(db, () => owners(db, detectSchema(db), [...new Set(snapshotRefs)]));
  } catch (err) {
    throw describeSqliteError(err, { label: LABEL, path: location, action: "read" });
  } finally {
    db.close();
  }
}

function owners(db: DatabaseSync, schema: ScreenpipeSchema, refs: number[]): Map<number, number> {
  const owner = new Map<number, number>();
  for (const ref of refs) owner.set(ref, ref);
  if (schema.frames?.has("elements_ref_frame_id")) {
    const idCol = schema.frames.has("id") ? "id" : "rowid";
    forChunks(refs, (chunk, marks) => {
      const stmt = prepareArrays(
        db,
        `SELECT ${idCol}, elements_ref_frame_id FROM frames WHERE ${idCol} IN (${marks})`,
      );
      for (const row of stmt.all(...chunk)) {
        if (typeof row[1] === "number") owner.set(row[0] as number, row[1]);
      }
    });
  }
  return owner;
}

function lookUp(db: DatabaseSync, refs: number[], opts: ReadElementsOptions): Element[] {
  const schema = detectSchema(db);
  const el = schema.elements;
  if (el === undefined || !el.has("frame_id") || refs.length === 0) return [];
  // Which frame's rows each snapshot uses.
  const owner = owners(db, schema, refs);
  const order = el.has("sort_order") ? "frame_id, sort_order, rowid" : "frame_id, rowid";
  const filter = opts.source !== undefined ? " AND source = ?" : "";
  const byFrame = new Map<number, unknown[][]>();
  forChunks([...new Set(owner.values())], (chunk, marks) => {
    const stmt = prepareArrays(
      db,
      `SELECT frame_id, ${columnOrNull(el, "source")}, ${columnOrNull(el, "role")}, ${
        columnOrNull(el, "text")
      }, ${columnOrNull(el, "left_bound")}, ${columnOrNull(el, "top_bound")}, ${
        columnOrNull(el, "width_bound")
      }, ${
        columnOrNull(el, "height_bound")
      } FROM elements WHERE frame_id IN (${marks})${filter} ORDER BY ${order}`,
    );
    const args: (number | string)[] = opts.source !== undefined ? [...chunk, opts.source] : chunk;
    for (const row of stmt.all(...args)) {
      const frame = row[0] as number;
      let list = byFrame.get(frame);
      if (list === undefined) byFrame.set(frame, list = []);
      list.push(row);
    }
  });
  const out: Element[] = [];
  for (const ref of refs) {
    for (const row of byFrame.get(owner.get(ref)!) ?? []) {
      const source = row[1];
      if (source !== "accessibility" && source !== "ocr") continue;
      const [x, y, width, height] = [row[4], row[5], row[6], row[7]];
      if (
        typeof x !== "number" || typeof y !== "number" || typeof width !== "number" ||
        typeof height !== "number"
      ) {
        continue;
      }
      out.push({
        snapshotRef: ref,
        role: typeof row[2] === "string" ? row[2] : "",
        name: typeof row[3] === "string" ? row[3] : "",
        bounds: { x, y, width, height },
        units: "normalized",
        source,
      });
    }
  }
  return out;
}

function forChunks(ids: number[], each: (chunk: number[], marks: string) => void): void {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    each(chunk, chunk.map(() => "?").join(", "));
  }
}
