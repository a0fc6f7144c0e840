/**
 * An empty window is not a silent zero: the CLI says which days the source holds.
 *
 * @module
 */

import type { ResolvedSource } from "../../adapters/resolve.ts";
import type { Capture } from "../model.ts";
import { localDay } from "../compile/time.ts";

/** Whether a window read nothing at all. */
export function isEmpty(capture: Capture): boolean {
  return capture.snapshots.length === 0 && capture.events.length === 0;
}

/**
 * An empty window is not a silent zero: say on stderr which days the source does hold
 * (when its adapter can tell), so the next command asks for one of them.
 */
export function hintEmptyWindow(
  source: ResolvedSource,
  tz: string,
  held?: { first: number; last: number } | null,
): void {
  const where = held === undefined
    ? sourceDays(source, tz)
    : held === null
    ? "none"
    : { first: localDay(held.first, tz), last: localDay(held.last, tz) };
  if (where === undefined) return;
  const holds = where === "none"
    ? "holds no capture at all"
    : `holds ${where.first} to ${where.last} (${tz}); pass --day ${where.last}`;
  console.error(`frames: no capture in this window; ${source.adapter} "${source.path}" ${holds}`);
}

/** The first and last local day a source holds, `"none"`, or `undefined` when unknown. */
export function sourceDays(
  source: ResolvedSource,
  tz: string,
): { first: string; last: string } | "none" | undefined {
  if (source.span === undefined) return undefined;
  let span;
  try {
    span = source.span();
  } catch {
    return undefined; // the hint is a courtesy; the read itself already succeeded or failed
  }
  if (span === undefined) return "none";
  return { first: localDay(span.first, tz), last: localDay(span.last, tz) };
}
