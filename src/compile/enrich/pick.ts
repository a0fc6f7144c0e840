/**
 * Choosing the element a click hit, in display-local pixels: exact containment (smallest
 * box) first, then the nearest box within a tolerance measured on each axis in that axis's
 * own pixels — never the y axis in x units (the reference's defect).
 *
 * @module
 */

import type { Element } from "../../model.ts";
import { isNamed } from "./probe.ts";

/** An element with its box in display-local pixels. */
export interface PlacedElement {
  /** The element row as the source stored it. */
  element: Element;
  /** Left edge in display-local pixels. */
  x: number;
  /** Top edge in display-local pixels. */
  y: number;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /**
   * The level decided in the lookup's own units (so it matches the lookup's counts);
   * absent: decided here from the pixel gaps.
   */
  level?: "exact" | "tolerance" | "none";
}

/** The element a click hit and how. */
export interface Pick {
  /** Whether the box contained the point or only came within the tolerance. */
  level: "exact" | "tolerance";
  /** The element row picked. */
  element: Element;
  /** Pixels from the click to the box (0 for exact). */
  distance: number;
}

/** Options for {@linkcode pickElement}. */
export interface PickOptions {
  /** Largest gap on each axis, in that axis's pixels. */
  tolerancePx: number;
}

/**
 * Picks the element under a point (display-local pixels): among named elements,
 * accessibility rows before OCR rows, the smallest box containing the point (edges
 * included); else the nearest box with both axis gaps ≤ `tolerancePx` (ties:
 * accessibility, smaller box, source order).
 */
export function pickElement(
  point: { x: number; y: number },
  boxes: readonly PlacedElement[],
  opts: PickOptions,
): Pick | undefined {
  const { x, y } = point;
  const tolerancePx = opts.tolerancePx;
  let exact: PlacedElement | undefined;
  let near: PlacedElement | undefined, nearDistance = Infinity;
  for (const b of boxes) {
    if (!isNamed(b.element)) continue;
    const gapX = Math.max(b.x - x, 0, x - (b.x + b.width));
    const gapY = Math.max(b.y - y, 0, y - (b.y + b.height));
    const level = b.level ??
      (gapX === 0 && gapY === 0
        ? "exact"
        : gapX <= tolerancePx && gapY <= tolerancePx
        ? "tolerance"
        : "none");
    if (level === "exact") {
      if (exact === undefined || better(b, exact)) exact = b;
      continue;
    }
    if (level === "none") continue;
    const d = Math.hypot(gapX, gapY);
    if (near === undefined || d < nearDistance || (d === nearDistance && better(b, near))) {
      near = b;
      nearDistance = d;
    }
  }
  if (exact !== undefined) return { level: "exact", element: exact.element, distance: 0 };
  if (near !== undefined) {
    return { level: "tolerance", element: near.element, distance: nearDistance };
  }
  return undefined;
}

/** Accessibility rows before OCR rows, then the smaller box; equal ones keep source order. */
function better(a: PlacedElement, b: PlacedElement): boolean {
  const accA = a.element.source === "accessibility", accB = b.element.source === "accessibility";
  if (accA !== accB) return accA;
  return a.width * a.height < b.width * b.height;
}
