/**
 * The guarded plan (`schema/routine-plan.schema.json`, v1) as types, and the one check every
 * replay runs first: schema validation with ajv, then the few rules a schema cannot say
 * (step order, declared slots, what each op needs), each failure one line with its JSON path.
 *
 * @module
 */

import { Ajv2020 } from "ajv/dist/2020.js";
import schema from "../../schema/routine-plan.schema.json" with { type: "json" };

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

/** A guarded routine plan, version 1. */
export interface Plan {
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

// Compiled once per process; the first error is the one reported (one line, not a list).
const validate = new Ajv2020({ allErrors: false, strict: false }).compile(schema);

function describe(path: string, message: string): SyntaxError {
  return new SyntaxError(`${path || "/"} ${message}`);
}

/** The rules beyond the schema, checked in plan order; throws a `SyntaxError` naming the path. */
function checkSemantics(plan: Plan): void {
  const slots = new Map(plan.slots.map((s) => [s.name, s]));
  if (slots.size !== plan.slots.length) throw describe("/slots", "names a slot twice");
  plan.steps.forEach((step, i) => {
    const at = `/steps/${i}`;
    if (step.index !== i + 1) {
      throw describe(`${at}/index`, `must be ${i + 1} (steps are numbered from 1 in order)`);
    }
    if (step.slot !== null && !slots.has(step.slot)) {
      throw describe(`${at}/slot`, `names slot "${step.slot}", which /slots does not declare`);
    }
    if (step.op === "navigate") {
      if (step.url === null) throw describe(`${at}/url`, "must be a URL for a navigate step");
      return;
    }
    if (step.target === null) throw describe(`${at}/target`, `must be an element for ${step.op}`);
    if (step.target.name === null && step.slot === null) {
      throw describe(`${at}/target/name`, "is null, so the step must name a slot");
    }
    if (step.op === "type" && step.text === null && step.slot === null) {
      throw describe(`${at}/text`, "is null, so the step must name a slot with the value to type");
    }
  });
}

/**
 * Validates `value` as a v1 plan; throws a `SyntaxError` whose message is one line,
 * `JSON-PATH what is wrong`.
 *
 * @example
 * ```ts
 * const plan = parsePlan(JSON.parse(await Deno.readTextFile("plan.json")));
 * ```
 */
export function parsePlan(value: unknown): Plan {
  if (!validate(value)) {
    const e = validate.errors![0];
    const allowed = e.params && "allowedValues" in e.params
      ? ` (${(e.params.allowedValues as unknown[]).join(", ")})`
      : e.params && "additionalProperty" in e.params
      ? ` ("${e.params.additionalProperty}")`
      : "";
    throw describe(e.instancePath, `${e.message ?? "is invalid"}${allowed}`);
  }
  const plan = value as unknown as Plan;
  checkSemantics(plan);
  return plan;
}
