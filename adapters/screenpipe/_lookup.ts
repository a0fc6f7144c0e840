/**
 * The capture's lazy element lookup for screenpipe-layout databases: the named element
 * rows near the clicks that need resolving, filtered inside SQLite so only a handful of
 * rows per click reach JavaScript (reading every row of the clicked snapshots costs ~60 ms
 * on the busiest demo day), and a cheaper yes/no form for documents, which only count how
 * clicks resolved.
 *
 * Probe boxes follow the model's contract exactly (margins plus 1e-9, edges included;
 * a name counts when it has a character other than space, tab, CR or LF), so the counts
 * of `levels` and the rows of `near` always agree.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type {
  Element,
  ElementHits,
  ElementLevels,
  ElementLookup,
  ElementProbe,
} from "../../src/model.ts";
import {
  describeSqliteError,
  inReadTransaction,
  openReadOnly,
  prepareArrays,
} from "../../src/store/sqlite.ts";
import { columnOrNull, detectSchema, type ScreenpipeSchema } from "./_schema.ts";
import { withoutPlaceholders } from "./_privacy.ts";

/**
 * Owners of element rows already known from reading the window: every frame id from
 * `first` to `last` uses its own rows unless `reuse` names the frame whose rows it reuses.
 */
export interface KnownOwners {
  first: number;
  last: number;
  reuse: ReadonlyMap<number, number>;
}

/** Options for {@linkcode screenpipeElementLookup}. */
export interface ScreenpipeLookupOptions {
  /** How long to wait for a writer's exclusive lock, in ms (default 500). */
  busyTimeoutMs?: number;
  /** Saves a query per probe for the snapshots the capture read. */
  owners?: KnownOwners;
}

const LABEL = "screenpipe";
const EPSILON = 1e-9;
const BOUNDS = ["frame_id", "left_bound", "top_bound", "width_bound", "height_bound"];
const NAMED = "e.source IN ('accessibility', 'ocr') AND e.text IS NOT NULL AND " +
  "trim(e.text, ' ' || char(9) || char(10) || char(13)) <> ''";

/**
 * A lookup over the `elements` table of the database at `location` (absolute path); the
 * file is opened read-only for each batch of probes and closed again.
 *
 * @example
 * ```ts
 * const lookup = screenpipeElementLookup("/home/ada/.screenpipe/db.sqlite");
 * const [hits] = lookup.near([{ snapshotRef: 1042, x: 0.5, y: 0.2, dx: 0.02, dy: 0.04 }]);
 * ```
 */
export function screenpipeElementLookup(
  location: string,
  opts: ScreenpipeLookupOptions = {},
): ElementLookup {
  let detected: ScreenpipeSchema | undefined;
  const owners = opts.owners;
  function read<T>(
    probes: readonly ElementProbe[],
    empty: () => T,
    run: (db: DatabaseSync, el: Set<string>, schema: ScreenpipeSchema) => T[],
  ): T[] {
    if (probes.length === 0) return [];
    const db = openReadOnly(location, { label: LABEL, busyTimeoutMs: opts.busyTimeoutMs });
    try {
      return inReadTransaction(db, () => {
        // The layout does not change while one capture is compiled: detect it once.
        const schema = detected ??= detectSchema(db);
        const el = schema.elements;
        if (el === undefined || !BOUNDS.every((c) => el.has(c))) return probes.map(empty);
        return run(db, el, schema);
      });
    } catch (err) {
      throw describeSqliteError(err, { label: LABEL, path: location, action: "read" });
    } finally {
      db.close();
    }
  }
  return {
    units: "normalized",
    near(probes) {
      return read(
        probes,
        () => ({ any: false, elements: [] }),
        (db, el, schema) => lookNear(db, el, schema, probeJson(probes, owners), probes),
      );
    },
    levels(probes) {
      return read(
        probes,
        () => ({ any: false, exact: false, near: false }),
        (db, _el, schema) => lookLevels(db, schema, probeJson(probes, owners)),
      );
    },
  };
}

/** The probe table: index, owning frame of the element rows, exact box, near box. */
function probeTable(schema: ScreenpipeSchema): string {
  const frames = schema.frames;
  const frameId = frames?.has("id") ? "id" : "rowid";
  // A frame with `elements_ref_frame_id` reuses another frame's rows.
  // Owners known from reading the window come with the probe; the others are looked up.
  const owner = frames?.has("elements_ref_frame_id")
    ? `coalesce(value->>10, (SELECT elements_ref_frame_id FROM frames WHERE ${frameId} = value->>1), value->>1)`
    : "value->>1";
  // Materialised once, from binary JSON: text JSON would be re-parsed for every value.
  return `WITH q(k, f, ex0, ex1, ey0, ey1, x0, x1, y0, y1) AS MATERIALIZED (SELECT
      value->>0, ${owner}, value->>2, value->>3, value->>4, value->>5, value->>6, value->>7,
      value->>8, value->>9 FROM jsonb_each(?))`;
}

function probeJson(probes: readonly ElementProbe[], owners: KnownOwners | undefined): string {
  const ownerOf = (ref: number): number | null =>
    owners !== undefined && ref >= owners.first && ref <= owners.last
      ? owners.reuse.get(ref) ?? ref
      : null;
  return JSON.stringify(probes.map((p, k) => [
    k,
    p.snapshotRef,
    p.x - EPSILON,
    p.x + EPSILON,
    p.y - EPSILON,
    p.y + EPSILON,
    p.x - (p.dx + EPSILON),
    p.x + (p.dx + EPSILON),
    p.y - (p.dy + EPSILON),
    p.y + (p.dy + EPSILON),
    ownerOf(p.snapshotRef),
  ]));
}

function within(prefix: string): string {
  return `e.left_bound <= q.${prefix}x1 AND e.left_bound + e.width_bound >= q.${prefix}x0
    AND e.top_bound <= q.${prefix}y1 AND e.top_bound + e.height_bound >= q.${prefix}y0`;
}

function lookLevels(db: DatabaseSync, schema: ScreenpipeSchema, json: string): ElementLevels[] {
  // EXISTS stops at the first matching row, so this reads far fewer rows than `near`;
  // the near question is asked only when the exact one said no.
  const rows = prepareArrays(
    db,
    `${probeTable(schema)} SELECT q.k, CASE
       WHEN EXISTS (SELECT 1 FROM elements e WHERE e.frame_id = q.f AND ${
      within("e")
    } AND ${NAMED}) THEN 2
       WHEN EXISTS (SELECT 1 FROM elements e WHERE e.frame_id = q.f AND ${
      within("")
    } AND ${NAMED}) THEN 1
       WHEN EXISTS (SELECT 1 FROM elements e WHERE e.frame_id = q.f) THEN 0
       ELSE -1 END
     FROM q`,
  ).all(json);
  const out: ElementLevels[] = new Array(rows.length);
  for (const r of rows) {
    const level = r[1] as number;
    out[r[0] as number] = { any: level >= 0, exact: level === 2, near: level >= 1 };
  }
  return out;
}

function lookNear(
  db: DatabaseSync,
  el: Set<string>,
  schema: ScreenpipeSchema,
  json: string,
  probes: readonly ElementProbe[],
): ElementHits[] {
  const out: ElementHits[] = probes.map(() => ({ any: false, elements: [] }));
  const order = el.has("sort_order") ? "e.sort_order" : "NULL";
  // One statement: rows with `rid` -1 only say that the probe's snapshot has element rows
  // at all; the rest are the named rows near it.
  const rows = prepareArrays(
    db,
    `${probeTable(schema)}
     SELECT q.k, ${col(el, "source")}, ${col(el, "role")}, e.text,
       e.left_bound, e.top_bound, e.width_bound, e.height_bound, ${order} AS so, e.rowid AS rid
     FROM q JOIN elements e ON e.frame_id = q.f
     WHERE ${within("")} AND ${NAMED}
     UNION ALL
     SELECT q.k, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, -1 FROM q
     WHERE EXISTS (SELECT 1 FROM elements e WHERE e.frame_id = q.f)
     ORDER BY 1, 9, 10`,
  ).all(json);
  for (const row of rows) {
    const k = row[0] as number;
    const source = row[1];
    if (row[9] === -1) out[k].any = true;
    if (source !== "accessibility" && source !== "ocr") continue;
    // A name that was nothing but screenpipe's placeholders names nothing.
    const name = withoutPlaceholders(String(row[3]), {});
    if (name === undefined) continue;
    const element: Element = {
      snapshotRef: probes[k].snapshotRef,
      role: typeof row[2] === "string" ? row[2] : "",
      name,
      bounds: {
        x: row[4] as number,
        y: row[5] as number,
        width: row[6] as number,
        height: row[7] as number,
      },
      units: "normalized",
      source,
    };
    out[k].elements.push(element);
  }
  return out;
}

function col(columns: Set<string>, name: string): string {
  const c = columnOrNull(columns, name);
  return c === "NULL" ? c : `e.${c}`;
}
