/**
 * The planted-routine truth file (`routines.truth.json`, /work contract v1): the routines
 * as canonical steps with ARIA roles, each occurrence's `ui_events` ids, and the planted
 * share of all well-formed action steps (click and text rows) the database holds.
 *
 * @module
 */

import { ariaRole } from "../routines/mod.ts";
import { NEAR_DUPLICATES, ROUTINES } from "./_routine_defs.ts";
import type { PlantedOccurrence } from "./_plant.ts";
import type { EventRow } from "./_simulate.ts";

/** One canonical step of a planted routine. */
export interface TruthStep {
  /** What the step does: a click, a typed run, or typing a URL into the address bar. */
  op: "click" | "type" | "navigate";
  /** The target's ARIA role (mapped from the demo's macOS roles). */
  role: string;
  /** `null` for a click slot (the name varies across occurrences). */
  name: string | null;
  /** Names (clicks) or typed values (type steps) vary across occurrences. */
  slot: boolean;
  /** Absent in some occurrences. */
  optional: boolean;
}

/** One planted routine with its occurrences. */
export interface TruthRoutine {
  /** The planted id (`p1`, …); a miner's ids are its own. */
  id: string;
  /** What the routine does, in words. */
  title: string;
  /** The app every step runs in. */
  app: string;
  /** The site (hostname without `www.`), or `null` outside a browser. */
  site: string | null;
  /** The canonical steps. */
  steps: TruthStep[];
  /** Each occurrence's local day and the `ui_events` ids of its action steps, in order. */
  occurrences: { day: string; event_ids: number[] }[];
}

/** The whole truth file. */
export interface RoutinesTruth {
  /** The contract's version. */
  version: 1;
  /** The demo's seed. */
  seed: number;
  /** Every well-formed action step (click and text rows) in the database. */
  action_steps: number;
  /** Action steps inside planted occurrences. */
  planted_steps: number;
  /** `planted_steps / action_steps`: the share a miner's `h` should match. */
  planted_share: number;
  /** The planted routines. */
  routines: TruthRoutine[];
  /** Pairs that differ at one named step and must stay separate. */
  near_duplicates: [string, string][];
}

/** Describe the planted routines once the rows have their ids. */
export function buildTruth(
  seed: number,
  events: readonly EventRow[],
  planted: readonly PlantedOccurrence[],
): RoutinesTruth {
  let actions = 0;
  for (const e of events) {
    if (e.style !== "bad" && (e.type === "click" || e.type === "text")) actions++;
  }
  const routines: TruthRoutine[] = ROUTINES.map((r) => ({
    id: r.id,
    title: r.title,
    app: r.app.name,
    site: r.site,
    steps: r.steps.map((s) => ({
      op: s.op,
      role: ariaRole(s.role) ?? s.role,
      name: s.name,
      slot: s.name === null || (s.values !== undefined && new Set(s.values).size > 1),
      optional: s.optional === true,
    })),
    occurrences: planted.filter((o) => o.id === r.id).map((o) => ({
      day: o.day,
      event_ids: o.actions.map((e) => e.id),
    })),
  }));
  const plantedSteps = planted.reduce((n, o) => n + o.actions.length, 0);
  return {
    version: 1,
    seed,
    action_steps: actions,
    planted_steps: plantedSteps,
    planted_share: actions === 0 ? 0 : plantedSteps / actions,
    routines,
    near_duplicates: NEAR_DUPLICATES.map(([a, b]) => [a, b]),
  };
}
