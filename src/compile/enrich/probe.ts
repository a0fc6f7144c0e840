/**
 * The probe contract of the model's element lookup, in code: the boxes a click's point is
 * grown into (by 1e-9 for exact containment, by the margins plus 1e-9 for tolerance) and
 * what counts as a named row. Lookups and the resolver use these same expressions, so the
 * level a document counts and the element a steps view shows always agree.
 *
 * @module
 */

import type { Bounds, Element, ElementProbe } from "../../model.ts";

/** Slack added to every probe box so float rounding never loses an edge. */
export const PROBE_EPSILON = 1e-9;

/** A probe's point grown into a box, in the lookup's units. */
export interface ProbeBox {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The exact-containment box (`grow` false) or the tolerance box (`grow` true) of a probe. */
export function probeBox(p: ElementProbe, grow: boolean): ProbeBox {
  if (!grow) {
    return {
      x0: p.x - PROBE_EPSILON,
      x1: p.x + PROBE_EPSILON,
      y0: p.y - PROBE_EPSILON,
      y1: p.y + PROBE_EPSILON,
    };
  }
  return {
    x0: p.x - (p.dx + PROBE_EPSILON),
    x1: p.x + (p.dx + PROBE_EPSILON),
    y0: p.y - (p.dy + PROBE_EPSILON),
    y1: p.y + (p.dy + PROBE_EPSILON),
  };
}

/** True when bounds touch a probe box (edges included). */
export function touches(b: Bounds, box: ProbeBox): boolean {
  return b.x <= box.x1 && b.x + b.width >= box.x0 && b.y <= box.y1 && b.y + b.height >= box.y0;
}

/** A row can be a click target: it has a character other than space, tab, CR or LF. */
export function isNamed(e: Element): boolean {
  return /[^ \t\n\r]/.test(e.name);
}
