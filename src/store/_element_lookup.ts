/**
 * The native store's lazy element lookup (SPEC §2): the named element rows near the
 * clicks that need resolving, filtered inside SQLite. The store declares units per row and
 * each source declares the unit it writes; a lookup answers in one unit (pixels when the
 * window's sources use both) and sees only the rows in that unit.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { ElementHits, ElementLookup, ElementProbe } from "../model.ts";
import { STORE_LABEL as LABEL } from "./path.ts";
import { describeSqliteError, inReadTransaction, openReadOnly, prepareArrays } from "./sqlite.ts";

/** A lookup over the `elements` rows of the store at `location` in `units`. */
export function nativeElementLookup(location: string, units: "px" | "normalized"): ElementLookup {
  return {
    units,
    near(probes: readonly ElementProbe[]): ElementHits[] {
      if (probes.length === 0) return [];
      const db = openReadOnly(location, { label: LABEL });
      try {
        return inReadTransaction(db, () => lookNear(db, probes, units));
      } catch (err) {
        throw describeSqliteError(err, { label: LABEL, path: location, action: "read" });
      } finally {
        db.close();
      }
    },
  };
}

function lookNear(
  db: DatabaseSync,
  probes: readonly ElementProbe[],
  units: "px" | "normalized",
): ElementHits[] {
  const out: ElementHits[] = probes.map(() => ({ any: false, elements: [] }));
  // A hair of slack so float rounding never loses an edge; callers re-check exactly.
  const json = JSON.stringify(probes.map((p, k) => {
    const ex = p.dx + 1e-9, ey = p.dy + 1e-9;
    return [k, p.snapshotRef, p.x - ex, p.x + ex, p.y - ey, p.y + ey];
  }));
  const rows = prepareArrays(
    db,
    `WITH q(k, s, x0, x1, y0, y1) AS MATERIALIZED (SELECT json_extract(value, '$[0]'),
       json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
       json_extract(value, '$[4]'), json_extract(value, '$[5]') FROM json_each(?))
     SELECT q.k, e.origin, e.role, e.name, e.x, e.y, e.width, e.height, e.id
     FROM q JOIN elements e ON e.snapshot_id = q.s
     WHERE e.units = ? AND e.name <> '' AND e.y <= q.y1 AND e.y + e.height >= q.y0
       AND e.x <= q.x1 AND e.x + e.width >= q.x0
     UNION ALL
     SELECT q.k, NULL, NULL, NULL, NULL, NULL, NULL, NULL, -1 FROM q
     WHERE EXISTS (SELECT 1 FROM elements e WHERE e.snapshot_id = q.s AND e.units = ?)
     ORDER BY 1, 9`,
  ).all(json, units, units);
  for (const r of rows) {
    const k = r[0] as number;
    if (r[8] === -1) {
      out[k].any = true;
      continue;
    }
    out[k].elements.push({
      snapshotRef: probes[k].snapshotRef,
      role: String(r[2]),
      name: String(r[3]),
      bounds: {
        x: r[4] as number,
        y: r[5] as number,
        width: r[6] as number,
        height: r[7] as number,
      },
      units,
      source: r[1] as "accessibility" | "ocr",
    });
  }
  return out;
}
