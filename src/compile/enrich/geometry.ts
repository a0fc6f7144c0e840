/**
 * Display geometry: where each display sits in the global coordinate space input events
 * use, so a click on a second monitor maps to that monitor's own pixels (SPEC §8).
 *
 * @module
 */

import type { DisplayGeometry } from "../../model.ts";

const ENTRY =
  /^([^=,\s]+)=(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)([+-]\d+(?:\.\d+)?)(?:@(\d+(?:\.\d+)?))?$/;

/**
 * Parses an operator's geometry list, `NAME=WxH+X+Y[@SCALE]` joined by commas (the X11
 * geometry spelling), e.g. `monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0`.
 *
 * @example
 * ```ts
 * parseDisplays("monitor_2=2560x1440+1920+0@2");
 * // [{ display: "monitor_2", x: 1920, y: 0, width: 2560, height: 1440, scale: 2 }]
 * ```
 */
export function parseDisplays(spec: string): DisplayGeometry[] {
  const out: DisplayGeometry[] = [];
  const seen = new Set<string>();
  for (const raw of spec.split(",")) {
    const part = raw.trim();
    if (part === "") continue;
    const m = ENTRY.exec(part);
    if (!m) {
      throw new SyntaxError(
        `Cannot read display geometry "${part}": expected NAME=WIDTHxHEIGHT+X+Y[@SCALE], e.g. monitor_1=1920x1080+0+0`,
      );
    }
    const [, display, w, h, x, y, scale] = m;
    const width = Number(w), height = Number(h);
    if (width <= 0 || height <= 0) {
      throw new SyntaxError(`Cannot read display geometry "${part}": width and height must be > 0`);
    }
    if (seen.has(display)) {
      throw new SyntaxError(`Cannot read display geometry "${part}": ${display} is given twice`);
    }
    seen.add(display);
    out.push({
      display,
      x: Number(x),
      y: Number(y),
      width,
      height,
      scale: scale === undefined ? 1 : Number(scale),
    });
  }
  return out;
}

/** The `--displays` value that asks for geometry inferred from the clicks (infer_geometry.ts). */
export const INFER_DISPLAYS = "infer";

/** Whether a `--displays` value asks for inferred geometry. */
export function infersDisplays(spec: string | undefined): boolean {
  return spec?.trim() === INFER_DISPLAYS;
}

/** A `--displays` value's entries: {@linkcode parseDisplays}, none for {@linkcode INFER_DISPLAYS}. */
export function suppliedDisplays(spec: string): DisplayGeometry[] {
  return infersDisplays(spec) ? [] : parseDisplays(spec);
}

/**
 * The geometry to use: what the source measured, plus operator-supplied entries for the
 * displays it said nothing about; sorted by display name.
 */
export function mergeDisplays(
  measured: readonly DisplayGeometry[],
  supplied: readonly DisplayGeometry[],
): DisplayGeometry[] {
  const byName = new Map<string, DisplayGeometry>();
  for (const d of supplied) byName.set(d.display, d);
  for (const d of measured) byName.set(d.display, d);
  return [...byName.values()].sort((a, b) =>
    a.display < b.display ? -1 : a.display > b.display ? 1 : 0
  );
}
