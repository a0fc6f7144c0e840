/**
 * An element lookup over rows already in memory: for tests, and for sources whose element
 * rows are small enough to read with the capture.
 *
 * @module
 */

import type {
  Element,
  ElementHits,
  ElementLevels,
  ElementLookup,
  ElementProbe,
} from "../../model.ts";
import { isNamed, probeBox, touches } from "./probe.ts";

/**
 * A lookup answering probes from `rows` (all in one unit; `px` rows are in the events'
 * global coordinates).
 *
 * @example
 * ```ts
 * const lookup = elementLookupFromRows([{ snapshotRef: 1, role: "AXButton", name: "Send",
 *   bounds: { x: 0.1, y: 0.1, width: 0.05, height: 0.03 }, units: "normalized",
 *   source: "accessibility" }]);
 * ```
 */
export function elementLookupFromRows(rows: readonly Element[]): ElementLookup {
  const units = rows.length > 0 ? rows[0].units : "normalized";
  for (const r of rows) {
    if (r.units !== units) {
      throw new RangeError(
        `Cannot build an element lookup: rows mix ${units} and ${r.units} bounds`,
      );
    }
  }
  const bySnapshot = new Map<number, Element[]>();
  for (const r of rows) {
    let list = bySnapshot.get(r.snapshotRef);
    if (list === undefined) bySnapshot.set(r.snapshotRef, list = []);
    list.push(r);
  }
  return {
    units,
    near(probes: readonly ElementProbe[]): ElementHits[] {
      return probes.map((p) => {
        const list = bySnapshot.get(p.snapshotRef) ?? [];
        const box = probeBox(p, true);
        return {
          any: list.length > 0,
          elements: list.filter((e) => isNamed(e) && touches(e.bounds, box)),
        };
      });
    },
    levels(probes: readonly ElementProbe[]): ElementLevels[] {
      return probes.map((p) => {
        const list = bySnapshot.get(p.snapshotRef) ?? [];
        const named = list.filter(isNamed);
        const exact = probeBox(p, false), near = probeBox(p, true);
        return {
          any: list.length > 0,
          exact: named.some((e) => touches(e.bounds, exact)),
          near: named.some((e) => touches(e.bounds, near)),
        };
      });
    },
  };
}
