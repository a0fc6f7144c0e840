/**
 * Routine mining and the cost instrument (SPEC §8, issue 15).
 *
 * Definitions (exact):
 * - **Action step**: a click or a typed run (text event), after the steps view's click
 *   resolution. A step is *named* when its target has an accessible name, or it types into
 *   a named field; a *navigation* is typing into a browser's address bar and carries the
 *   URL it led to.
 * - **Routine**: a step sequence of one app/site that recurs ≥ 3 times (occurrences counted
 *   without overlap) with ≥ 2 named targets. Steps compare by op + role + normalised name
 *   (NFKC, casefold, collapsed spaces). A position whose names vary across occurrences but
 *   whose role is stable is a **slot** (`name: null, slot: true`, values kept per
 *   occurrence); a typed value is always a slot unless opted-in text never varied.
 *   Optional steps (absent in some occurrences) and occasional extra steps do not split a
 *   routine; two routines that differ at one named step stay separate.
 * - **h_raw**: share of action steps covered by any recurring n-gram (≥ min occurrences, the
 *   naive measure); **h**: share of action steps inside occurrences of reported routines
 *   (an occurrence's own steps, as `event_ids` lists them; extra steps between excluded); **h_in / h_out** (with a holdout day):
 *   routines mined on the days before it only; h_in their share on those days, h_out the
 *   share of the later days' action steps covered when those routines are matched there.
 * - **Agent cost** per step `w·h/750 + 350 + 180` tokens (w×h the display, default
 *   1280×800); **R_info** = cost of the routine's steps over the cl100k tokens of a
 *   minimal replay script; **R_inject** = the same cost over the tokens of the guarded plan.
 *
 * Mining is near-linear in the number of steps: per app/site stream, a suffix automaton
 * finds the maximal repeats of the named steps (rare names replaced by their role), slot
 * siblings merge, and a greedy non-overlapping matcher that tolerates extra and missing
 * steps counts occurrences, best candidates first. Pure and deterministic.
 *
 * @example
 * ```ts
 * import { actionSteps, mineRoutines } from "./src/routines/mod.ts";
 * const { steps, unplaced } = actionSteps(capture);
 * const mined = mineRoutines(steps, { tz: "Europe/Berlin", unplaced });
 * mined.report.routines.map((r) => r.title);
 * ```
 *
 * @module
 */

import type { DisplayGeometry } from "../model.ts";
import { VERSION } from "../version.ts";
import { type ActionStep, rowCount, rowsOf } from "./action_steps.ts";
import type { PatternToken } from "./candidates.ts";
import { DEFAULT_SCREEN, MIN_OCCURRENCES } from "../compile/rules.ts";
import { matchAgain, mineStream } from "./mine.ts";
import { median, ratio, rawCovered, share, stepCost, tokens } from "./measure.ts";
import { replayScript, type RoutinePlan, routinePlan } from "./plan.ts";
import {
  draftRoutine,
  type Routine,
  type RoutineDraft,
  routineId,
  type RoutineReport,
} from "./routine.ts";
import { Interner, type StepStream, stepStreams } from "./streams.ts";

export {
  type ActionStep,
  type ActionSteps,
  actionSteps,
  type ActionStepsOptions,
  type StepOp,
} from "./action_steps.ts";
export { type CaptureSteps, captureSteps } from "./capture_steps.ts";
// What `ActionSteps.geometry` is: the display geometry clicks were placed with.
export type { DisplayEvidence, SettledGeometry } from "../compile/enrich/mod.ts";
export type { PlanElement, PlanSlot, PlanStep, RoutinePlan } from "./plan.ts";
export type {
  Routine,
  RoutineDraft,
  RoutineOccurrence,
  RoutineReport,
  RoutineStep,
} from "./routine.ts";
export type { MemoryArchiveOptions } from "./memory_archive.ts";
export type { Rules } from "../compile/rules.ts";
export type * from "../model.ts";
export { ARIA_ROLES, ariaRole, isDestructive, normaliseName } from "./normalise.ts";
export { urlGlob } from "./url_glob.ts";
export { memoryArchiveFiles } from "./memory_archive.ts";
export { renderRoutinesContext, renderRoutinesMarkdown } from "./render.ts";

/** Options of {@linkcode mineRoutines}. */
export interface MineRoutinesOptions {
  /** IANA timezone of occurrence times. */
  tz: string;
  /** Least occurrences (default 3). */
  minOccurrences?: number;
  /** Holdout split: mine only steps before this instant (UTC ms), match after it. */
  holdoutFrom?: number;
  /** Typed text was loaded (operator opt-in): slot values and fixed texts may show it. */
  includeText?: boolean;
  /** Display geometry for the cost model (default 1280×800). */
  displays?: readonly DisplayGeometry[];
  /** Clicks and typed runs outside every frame: action steps no routine can hold. */
  unplaced?: number;
  /** Notes on how the steps were made (e.g. inferred display geometry), after the miner's. */
  notes?: readonly string[];
}

/** A mining result: the report and, per routine id, what its plan is built from. */
export interface MinedRoutines {
  /** What `frames routines` reports. */
  report: RoutineReport;
  /** Per routine id, the occurrences and steps its plan and export are built from. */
  drafts: Map<string, RoutineDraft>;
}

interface Accepted {
  id: string;
  scope: string;
  tokens: PatternToken[];
  occurrences: { stream: StepStream; hit: Int32Array }[];
}

/** Mines routines from action steps (see the module doc for every definition). */
export function mineRoutines(
  steps: readonly ActionStep[],
  opts: MineRoutinesOptions,
): MinedRoutines {
  const minOccurrences = opts.minOccurrences ?? MIN_OCCURRENCES;
  const split = opts.holdoutFrom;
  const inSteps = split === undefined ? steps : steps.filter((s) => s.at < split);
  const outSteps = split === undefined ? [] : steps.filter((s) => s.at >= split);
  const interner = new Interner();
  const inStreams = stepStreams(inSteps, interner);
  const accepted: Accepted[] = [];
  let owner = 1;
  for (const stream of inStreams) {
    for (const m of mineStream(stream, interner, { minOccurrences, firstOwner: owner })) {
      accepted.push({
        id: routineId(stream, m.tokens, interner),
        scope: stream.scope,
        tokens: m.tokens,
        occurrences: m.hits.map((hit) => ({ stream, hit })),
      });
      owner++;
    }
  }
  const inCovered = covered(accepted);
  let outCovered = 0;
  if (split !== undefined) {
    for (const stream of stepStreams(outSteps, interner)) {
      const mine = accepted.filter((a) => a.scope === stream.scope);
      const hits = matchAgain(mine.map((a) => a.tokens), stream);
      mine.forEach((a, i) => {
        for (const hit of hits[i]) {
          a.occurrences.push({ stream, hit });
          outCovered += rowsIn(stream, hit);
        }
      });
    }
  }
  const drafts = new Map<string, RoutineDraft>();
  const routines: Routine[] = [];
  const includeText = opts.includeText === true;
  for (const a of accepted) {
    const draft = draftRoutine(a.id, a.tokens, a.occurrences, { tz: opts.tz, includeText });
    if (drafts.has(a.id)) continue;
    drafts.set(a.id, draft);
    const cost = draft.steps.length * stepCost(screenOf(draft, opts.displays));
    const plan = routinePlan(draft, { generator: `frames ${VERSION}`, includeText });
    const { matched: _, ...shown } = draft;
    routines.push({
      ...shown,
      R_info: ratio(cost, tokens(replayScript(draft))),
      R_inject: ratio(cost, tokens(JSON.stringify(plan))),
    });
  }
  routines.sort((a, b) => coveredBy(b) - coveredBy(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const allCovered = inCovered + outCovered;
  const total = rowCount(steps) + (opts.unplaced ?? 0);
  const allStreams = split === undefined ? inStreams : stepStreams(steps, new Interner());
  const report: RoutineReport = {
    miner: `frames ${VERSION}`,
    h: share(allCovered, total),
    h_raw: share(rawCovered(allStreams, minOccurrences), total),
    h_in: split === undefined ? null : share(inCovered, rowCount(inSteps)),
    h_out: split === undefined ? null : share(outCovered, rowCount(outSteps)),
    action_steps: total,
    R_info_median: median(routines.map((r) => r.R_info)),
    R_inject_median: median(routines.map((r) => r.R_inject)),
    min_occurrences: minOccurrences,
    routines,
    notes: [
      ...notes(steps, inSteps, outSteps, routines.length, minOccurrences, split),
      ...(opts.notes ?? []),
    ],
  };
  return { report, drafts };
}

/** The guarded plan of a mined routine, or undefined for an unknown id. */
export function planOf(
  mined: MinedRoutines,
  id: string,
  opts: { includeText?: boolean } = {},
): RoutinePlan | undefined {
  const d = mined.drafts.get(id);
  return d === undefined
    ? undefined
    : routinePlan(d, { generator: `frames ${VERSION}`, includeText: opts.includeText === true });
}

function covered(list: readonly Accepted[]): number {
  let n = 0;
  for (const a of list) for (const o of a.occurrences) n += rowsIn(o.stream, o.hit);
  return n;
}

/** Source rows of an occurrence's own steps (extra steps between them excluded). */
function rowsIn(stream: StepStream, hit: Int32Array): number {
  let n = 0;
  for (const q of hit) if (q >= 0) n += rowsOf(stream.steps[q]);
  return n;
}

function coveredBy(r: Routine): number {
  return r.occurrences.reduce((n, o) => n + o.event_ids.length, 0);
}

function screenOf(
  draft: RoutineDraft,
  displays: readonly DisplayGeometry[] | undefined,
): { width: number; height: number } {
  const first = draft.matched[0]?.find((s) => s !== undefined);
  const g = displays?.find((d) => d.display === first?.display);
  return g !== undefined && g.width > 0 && g.height > 0 ? g : DEFAULT_SCREEN;
}

function notes(
  steps: readonly ActionStep[],
  inSteps: readonly ActionStep[],
  outSteps: readonly ActionStep[],
  found: number,
  minOccurrences: number,
  split: number | undefined,
): string[] {
  const out: string[] = [];
  if (steps.length === 0) {
    out.push("no action steps: the window holds no clicks or typed runs");
  } else if (!steps.some((s) => s.norm !== "" || (s.op === "navigate" && s.to !== undefined))) {
    out.push(
      "no named steps: no click resolved to an element with an accessible name and no typed run went into a named field (does the source record element names? see --displays)",
    );
  } else if (found === 0) {
    out.push(
      `no routine: no step sequence of one app/site recurs ${minOccurrences} or more times with 2 or more named targets`,
    );
  }
  if (split !== undefined) {
    out.push(
      `holdout: routines mined on ${
        rowCount(inSteps)
      } action steps before the split and matched on ${
        rowCount(outSteps)
      } after it; a routine with fewer than ${minOccurrences} occurrences before the split cannot be mined there, so h_out does not count it`,
    );
  }
  return out;
}
