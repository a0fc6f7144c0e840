/**
 * The guarded plan of a routine (schema/routine-plan.schema.json): per step the op, the
 * target by ARIA role and name, the slot that fills it, the guards that must hold before it
 * acts (app, URL template, element), whether it is destructive and the keys pressed after
 * it. Typed text appears only when the operator opted in and the text never varied.
 *
 * @module
 */

import type { ActionStep } from "./action_steps.ts";
import { isDestructive, normaliseName } from "./normalise.ts";
import type { RoutineDraft } from "./routine.ts";

/** An element found by ARIA role and exact accessible name (null: the step's slot names it). */
export interface PlanElement {
  /** ARIA role, e.g. `button`, `menuitem`, `textbox`. */
  role: string;
  /** The exact accessible name, or null when the step's slot supplies it. */
  name: string | null;
}

/** A value that varied across occurrences; replay must be given each one. */
export interface PlanSlot {
  /** The slot's name, as `--slot NAME=VALUE` gives it. */
  name: string;
  /** `target`: an element's accessible name to click; `text`: a value to type. */
  kind: "target" | "text";
  /** Values seen in occurrences (typed text only when the operator opted in). */
  examples?: string[];
}

/** One step of a plan with the guards that must hold before it acts. */
export interface PlanStep {
  /** 1-based position in the plan. */
  index: number;
  /** Click an element, type into one, or navigate to a URL. */
  op: "click" | "type" | "navigate";
  /** What to click or type into (null for navigate). */
  target: PlanElement | null;
  /** The slot that fills the target's name (click) or the typed value (type). */
  slot: string | null;
  /** A fixed value to type, only when typed text was opted in. */
  text: string | null;
  /** Navigate: the URL (template) to open. */
  url: string | null;
  /** Keys the user pressed right after the step. */
  keys_after: ("Enter" | "Tab" | "Escape")[];
  /** The step sends, pays, submits, deletes …: refused without an explicit flag. */
  destructive: boolean;
  /** Absent in some occurrences: skipped when its element is not on the page. */
  optional: boolean;
  /** What must hold before the step acts: app, URL template, one element. */
  guards: { app: string; url: string | null; element: PlanElement | null };
}

/** A guarded routine plan, version 1 (`schema/routine-plan.schema.json`). */
export interface RoutinePlan {
  /** The plan format's version. */
  plan_version: 1;
  /** The program and version that wrote the plan. */
  generator: string;
  /** The mined routine the plan replays. */
  routine: { id: string; title: string; occurrences: number };
  /** The app every step runs in. */
  app: string;
  /** The site, or null outside a browser. */
  site: string | null;
  /** Values replay must be given before step 1. */
  slots: PlanSlot[];
  /** The steps, in order. */
  steps: PlanStep[];
}

/** Role of a target whose source named no role: the most generic ARIA role. */
const UNKNOWN_ROLE = "generic";
/** Slot examples listed at most. */
const EXAMPLES = 5;

/** Keys pressed after step `k` in most occurrences. */
function keysAfter(draft: RoutineDraft, k: number): ("Enter" | "Tab")[] {
  const counts = new Map<string, number>();
  let seen = 0;
  for (const m of draft.matched) {
    const s: ActionStep | undefined = m[k];
    if (s === undefined) continue;
    seen++;
    for (const key of s.keysAfter) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (["Enter", "Tab"] as const).filter((key) => (counts.get(key) ?? 0) * 2 > seen);
}

/** The plan of a drafted routine; `generator` is e.g. `frames 0.1.0`. */
export function routinePlan(
  draft: RoutineDraft,
  opts: { generator: string; includeText: boolean },
): RoutinePlan {
  const slots: RoutinePlan["slots"] = [];
  const steps = draft.steps.map((s, k): PlanStep => {
    const values = draft.occurrences.map((o) => s.slot_name && o.slots[s.slot_name])
      .filter((v): v is string => typeof v === "string");
    const distinct = [...new Set(values)].sort();
    if (s.slot && s.slot_name !== undefined) {
      const kind = s.op === "type" ? "text" : "target";
      const examples = kind === "target" || opts.includeText ? distinct.slice(0, EXAMPLES) : [];
      slots.push({ name: s.slot_name, kind, ...(examples.length > 0 ? { examples } : {}) });
    }
    const element = s.op === "navigate"
      ? null
      : { role: s.role ?? UNKNOWN_ROLE, name: s.op === "click" && s.slot ? null : s.name };
    const fixed = opts.includeText && s.op === "type" && !s.slot
      ? draft.matched.find((m) => m[k]?.text !== undefined)?.[k]?.text ?? null
      : null;
    const names = s.op !== "click" ? [] : s.slot ? distinct : s.name !== null ? [s.name] : [];
    return {
      index: k + 1,
      op: s.op,
      target: element,
      slot: s.slot ? s.slot_name ?? null : null,
      text: fixed,
      url: s.op === "navigate" ? s.url : null,
      keys_after: keysAfter(draft, k),
      destructive: names.some((n) => isDestructive(normaliseName(n))),
      optional: s.optional,
      guards: {
        app: draft.app,
        url: s.op === "navigate" ? null : s.url,
        element: element === null ? null : { ...element },
      },
    };
  });
  return {
    plan_version: 1,
    generator: opts.generator,
    routine: { id: draft.id, title: draft.title, occurrences: draft.occurrences.length },
    app: draft.app,
    site: draft.site,
    slots,
    steps: withStart(steps, draft.app),
  };
}

/**
 * A routine that begins with a click on one fixed page (a list of issues, of pull requests)
 * gets a first step that opens that page: without it a replay starts on a blank tab and
 * aborts at step 1, its URL guard never met. A page that varied (a template) cannot be
 * opened, so then the plan starts where the routine did and says nothing more.
 */
function withStart(steps: PlanStep[], app: string): PlanStep[] {
  const url = steps[0]?.op === "navigate" ? null : steps[0]?.guards.url ?? null;
  if (url === null || url.includes("*") || !/^https?:\/\//i.test(url)) return steps;
  const open: PlanStep = {
    index: 1,
    op: "navigate",
    target: null,
    slot: null,
    text: null,
    url,
    keys_after: [],
    destructive: false,
    optional: false,
    guards: { app, url: null, element: null },
  };
  return [open, ...steps.map((s) => ({ ...s, index: s.index + 1 }))];
}

/** The minimal replay script of a routine: one line per step, what R_info is measured against. */
export function replayScript(draft: RoutineDraft): string {
  return draft.steps.map((s) => {
    if (s.op === "navigate") return `open ${s.url ?? "?"}`;
    const what = `${s.role ?? UNKNOWN_ROLE} "${s.name ?? `{${s.slot_name}}`}"`;
    return s.op === "click" ? `click ${what}` : `type {${s.slot_name ?? "text"}} into ${what}`;
  }).join("\n") + "\n";
}
