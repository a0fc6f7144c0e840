/**
 * A mined pattern as the report shows it: steps with op, role, name, URL template and slot
 * flags; occurrences with the source's event refs, local times and slot values; an id
 * derived from the content (app, site and step keys), so it survives other windows.
 *
 * @module
 */

import { formatLocal } from "../compile/time.ts";
import { type ActionStep, refsOf, type StepOp } from "./action_steps.ts";
import type { PatternToken } from "./candidates.ts";
import type { Hit } from "./match.ts";
import type { Interner, StepStream } from "./streams.ts";
import { urlGlob } from "./url_glob.ts";

/** One step of a routine. */
export interface RoutineStep {
  /** click, type or navigate. */
  op: StepOp;
  /** The fixed accessible name (of the target, or of the field typed into); null for a slot target. */
  name: string | null;
  /** ARIA role of the target or field. */
  role: string | null;
  /** URL template of the page the step happens on (navigate: of the page it opens). */
  url: string | null;
  /** The value varies: the target's name (click) or the typed text (type). */
  slot: boolean;
  /** Absent in some occurrences. */
  optional: boolean;
  /** The slot's name in plans and occurrences, when `slot`. */
  slot_name?: string;
}

/** One occurrence of a routine. */
export interface RoutineOccurrence {
  /**
   * The source's event refs of the occurrence's steps, in order (a typing step lists each
   * of its runs; extra steps between the routine's steps are not the routine's).
   */
  event_ids: number[];
  /** Local time of the first step, ISO with offset. */
  start: string;
  /** Local time of the last step, ISO with offset. */
  end: string;
  /** Slot values: target names; typed text only when the operator opted in. */
  slots: Record<string, string | null>;
}

/** A recurring step sequence of one app/site. */
export interface Routine {
  /** Stable id, derived from the routine's app, site and steps (not its position). */
  id: string;
  /** A readable name from its named steps. */
  title: string;
  /** The app every step runs in. */
  app: string;
  /** The site (hostname without `www.`), or null outside a browser. */
  site: string | null;
  /** The generalised steps: fixed names, slots, optional steps. */
  steps: RoutineStep[];
  /** Where it was seen, counted without overlap. */
  occurrences: RoutineOccurrence[];
  /** Agent cost of re-deriving the routine over the tokens of a minimal replay script. */
  R_info: number;
  /** Agent cost over the tokens of the guarded plan. */
  R_inject: number;
}

/** What `frames routines` reports. */
export interface RoutineReport {
  /** The program and version that mined it (`frames <version>`). */
  miner: string;
  /** Share of action steps inside occurrences of reported routines. */
  h: number;
  /** Share covered by any recurring n-gram: the naive figure, reported for comparison. */
  h_raw: number;
  /** With a holdout: the routines' share on the days they were mined from. */
  h_in: number | null;
  /** With a holdout: the share of later days' action steps the same routines cover. */
  h_out: number | null;
  /** Clicks and typed runs in the window. */
  action_steps: number;
  /** Medians over the routines. */
  R_info_median: number;
  /** Median of the routines' `R_inject`. */
  R_inject_median: number;
  /** Least occurrences a reported routine has. */
  min_occurrences: number;
  /** The routines, most action steps covered first. */
  routines: Routine[];
  /** Why the result is what it is (empty result, holdout limits). */
  notes: string[];
}

/** A routine before its cost ratios are known, with the raw steps of each occurrence. */
export interface RoutineDraft extends Omit<Routine, "R_info" | "R_inject"> {
  /** Per occurrence, per step: the matched action step or undefined when missing. */
  matched: (ActionStep | undefined)[][];
}

/** 32-bit FNV-1a, twice with different seeds: a short content hash that never changes. */
function contentHash(text: string): string {
  let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0").slice(0, 4);
}

/** The content-derived id of a pattern of a stream. */
export function routineId(
  stream: StepStream,
  tokens: readonly PatternToken[],
  i: Interner,
): string {
  const keys = tokens.map((t) => t.exact >= 0 ? i.key(t.exact) : i.key(t.role) + "\u0001*");
  return "r-" + contentHash([stream.app, stream.site ?? "", ...keys].join("\u0000"));
}

function slotName(s: RoutineStep, taken: Set<string>): string {
  const base = (s.op === "type" && s.name !== null ? s.name : s.role ?? s.op)
    .normalize("NFKD").toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  let name = /^[a-z]/.test(base) ? base : `slot_${base}`.replace(/_+$/, "");
  if (taken.has(name)) {
    let n = 2;
    while (taken.has(`${name}_${n}`)) n++;
    name = `${name}_${n}`;
  }
  taken.add(name);
  return name;
}

/** Options of {@linkcode draftRoutine}. */
export interface DraftOptions {
  tz: string;
  /** Typed text may appear (operator opt-in). */
  includeText: boolean;
}

/** A routine from a pattern and its occurrences (hits in `streams`, in time order). */
export function draftRoutine(
  id: string,
  tokens: readonly PatternToken[],
  occurrences: { stream: StepStream; hit: Hit }[],
  opts: DraftOptions,
): RoutineDraft {
  const matched = occurrences.map(({ stream, hit }) =>
    Array.from(hit, (q) => q >= 0 ? stream.steps[q] : undefined)
  );
  const taken = new Set<string>();
  const steps: RoutineStep[] = tokens.map((t, k) => {
    const seen = matched.map((m) => m[k]).filter((s): s is ActionStep => s !== undefined);
    const first = seen[0];
    const texts = new Set(seen.map((s) => s.text));
    const fixedText = opts.includeText && seen.every((s) => s.text !== undefined) &&
      texts.size === 1;
    const slot = first.op === "type" ? !fixedText : t.exact < 0 && first.op === "click";
    const step: RoutineStep = {
      op: first.op,
      name: first.op === "navigate" || (first.op === "click" && t.exact < 0)
        ? null
        : first.name ?? null,
      role: first.role ?? null,
      url: urlGlob(seen.map((s) => s.op === "navigate" ? s.to : s.url)),
      slot,
      optional: seen.length < matched.length,
    };
    if (slot) step.slot_name = slotName(step, taken);
    return step;
  });
  const occ = matched.map((m) => occurrence(m, steps, opts));
  const app = occurrences[0].stream.app, site = occurrences[0].stream.site;
  return { id, title: title(steps), app, site, steps, occurrences: occ, matched };
}

function occurrence(
  m: (ActionStep | undefined)[],
  steps: readonly RoutineStep[],
  opts: DraftOptions,
): RoutineOccurrence {
  const present = m.filter((s): s is ActionStep => s !== undefined);
  const slots: Record<string, string | null> = {};
  steps.forEach((st, k) => {
    const s = m[k];
    if (!st.slot || st.slot_name === undefined || s === undefined) return;
    if (st.op === "click") slots[st.slot_name] = s.name ?? null;
    else if (opts.includeText && s.text !== undefined) slots[st.slot_name] = s.text;
  });
  return {
    event_ids: present.flatMap(refsOf),
    start: formatLocal(present[0].at, opts.tz),
    end: formatLocal(present[present.length - 1].at, opts.tz),
    slots,
  };
}

function title(steps: readonly RoutineStep[]): string {
  return steps.map((s) =>
    s.op === "navigate"
      ? `open ${s.url ?? "page"}`
      : s.name !== null && !(s.op === "type" && s.slot)
      ? s.name
      : s.op === "type"
      ? `type ${s.name ?? s.slot_name}`
      : `{${s.slot_name}}`
  ).join(" → ");
}
