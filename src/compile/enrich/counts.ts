/**
 * What enrichment adds to the document: per-frame click resolution and re-attribution
 * counts, window totals per resolution level, and the constants it ran with.
 *
 * @module
 */

import type { Capture, InputEvent } from "../../model.ts";
import type { BuiltFrame } from "../build.ts";
import type { InputCounts } from "../document.ts";
import type { Resolution } from "./resolve.ts";
import type { StaleRecord } from "./stale.ts";

/** Clicks counted per resolution level. */
export type ResolutionCounts = Record<Resolution, number>;

/** A fresh zeroed count per level, in the fixed order of the document. */
export function emptyResolutionCounts(): ResolutionCounts {
  return { native: 0, exact: 0, tolerance: 0, zone: 0, none: 0 };
}

/** True when a click resolved to a named element (native, exact or tolerance). */
export function isResolved(r: Resolution | undefined): boolean {
  return r !== undefined && r !== "zone" && r !== "none";
}

/** Options for {@linkcode withEnrichedCounts}. */
export interface EnrichedCountsOptions {
  levels: ReadonlyMap<InputEvent, Resolution>;
  stale: ReadonlyMap<InputEvent, StaleRecord> | undefined;
  /** Window totals per resolution level, updated in place. */
  totals: ResolutionCounts;
}

/**
 * Input counts with the enrichment fields in document key order: clicks resolved to a
 * named element vs not, and events re-attributed by stale attribution.
 */
export function withEnrichedCounts(
  base: InputCounts,
  events: readonly InputEvent[],
  opts: EnrichedCountsOptions,
): InputCounts {
  let resolved = 0, unresolved = 0, reattributed = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (opts.stale?.has(e)) reattributed++;
    if (e.kind !== "click") continue;
    const r = opts.levels.get(e) ?? "none";
    opts.totals[r]++;
    if (isResolved(r)) resolved++;
    else unresolved++;
  }
  return {
    events: base.events,
    keys: base.keys,
    clicks: base.clicks,
    clicks_resolved: resolved,
    clicks_unresolved: unresolved,
    copies: base.copies,
    pastes: base.pastes,
    scrolls: base.scrolls,
    text_runs: base.text_runs,
    text_chars: base.text_chars,
    reattributed,
  };
}

/** Clicks left unresolved because their display's geometry is unknown, and those displays. */
export function unplacedClicks(
  capture: Capture,
  opts: { listed: readonly BuiltFrame[]; levels: ReadonlyMap<InputEvent, Resolution> },
): { count: number; displays: string[] } {
  const { listed, levels } = opts;
  const known = new Set(capture.displays.map((d) => d.display));
  const pxLookup = capture.elements?.units === "px";
  const displays = new Set<string>();
  let count = 0;
  for (const f of listed) {
    if (known.has(f.display) || pxLookup) continue;
    for (let i = 0; i < f.events.length; i++) {
      const e = f.events[i];
      if (e.kind === "click" && levels.get(e) === "none" && e.x !== undefined) {
        count++;
        displays.add(f.display);
      }
    }
  }
  return { count, displays: [...displays].sort() };
}
