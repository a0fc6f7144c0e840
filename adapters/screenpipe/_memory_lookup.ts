/**
 * An element lookup answered from rows held in memory (read through the API, or from
 * Parquet files), with the semantics of the database lookup: named rows whose bounds, grown
 * by the probe's margins plus 1e-9, contain the point, in source order.
 *
 * @module
 */

import type { Element, ElementHits, ElementLookup, ElementProbe } from "../../src/model.ts";

const EPSILON = 1e-9;

/** A lookup over element rows by snapshot ref (normalised bounds). */
export function memoryLookup(rows: Map<number, Element[]>): ElementLookup {
  const near = (probes: readonly ElementProbe[]): ElementHits[] =>
    probes.map((p) => {
      const list = rows.get(p.snapshotRef) ?? [];
      const elements = list.filter((e) =>
        e.name.trim() !== "" &&
        p.x >= e.bounds.x - (p.dx + EPSILON) &&
        p.x <= e.bounds.x + e.bounds.width + p.dx + EPSILON &&
        p.y >= e.bounds.y - (p.dy + EPSILON) &&
        p.y <= e.bounds.y + e.bounds.height + p.dy + EPSILON
      );
      return { any: list.length > 0, elements };
    });
  return { units: "normalized", near };
}
