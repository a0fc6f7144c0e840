/**
 * The action steps of one mining's captures — one capture for `frames routines`, one per
 * day for the MCP tools and the export — with the display geometry the cost model and the
 * notes use, so every door mines a window with the same steps, R and notes.
 *
 * @module
 */

import type { Capture, DisplayGeometry } from "../model.ts";
import {
  type DisplayEvidence,
  geometryNotes,
  type SettledGeometry,
} from "../compile/enrich/mod.ts";
import { type ActionStep, actionSteps, type ActionStepsOptions } from "./action_steps.ts";

/** What {@linkcode captureSteps} gives the miner. */
export interface CaptureSteps {
  /** Every action step of the captures, in capture order. */
  steps: ActionStep[];
  /** Clicks and typed runs outside every frame, over all the captures. */
  unplaced: number;
  /**
   * Per display, the geometry of the first capture that settled it (measured, supplied or
   * inferred), sorted by display name: the screen the cost model prices a step on.
   */
  displays: DisplayGeometry[];
  /** What was inferred for those displays, or why not (geometryNotes of the chosen evidence). */
  notes: string[];
}

/** The action steps of `captures` (in the given order) and the geometry they settle. */
export function captureSteps(
  captures: readonly Capture[],
  opts: ActionStepsOptions = {},
): CaptureSteps {
  const steps: ActionStep[] = [];
  let unplaced = 0;
  const chosen = new Map<string, DisplayGeometry>();
  const inferred = new Map<string, DisplayEvidence>();
  const declined = new Map<string, DisplayEvidence>();
  for (const capture of captures) {
    const got = actionSteps(capture, opts);
    for (const s of got.steps) steps.push(s);
    unplaced += got.unplaced;
    const evidence = new Map(got.geometry.inferred.map((e) => [e.display, e]));
    for (const d of got.geometry.displays) {
      if (chosen.has(d.display)) continue;
      chosen.set(d.display, d);
      const e = evidence.get(d.display);
      if (e !== undefined) inferred.set(d.display, e);
    }
    for (const e of got.geometry.declined) {
      if (!declined.has(e.display)) declined.set(e.display, e);
    }
  }
  for (const name of chosen.keys()) declined.delete(name);
  const byName = <T>(m: Map<string, T>): T[] => [...m.keys()].sort().map((k) => m.get(k)!);
  const merged: SettledGeometry = {
    displays: byName(chosen),
    inferred: byName(inferred),
    declined: byName(declined),
  };
  return { steps, unplaced, displays: merged.displays, notes: geometryNotes(merged) };
}
