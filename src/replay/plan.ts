/**
 * The guarded plan (`schema/routine-plan.schema.json`, v1) as types, and the one check every
 * replay runs first: schema validation with ajv, then the few rules a schema cannot say
 * (step order, declared slots, what each op needs), each failure one line with its JSON path.
 *
 * @module
 */

import { Ajv2020 } from "ajv/dist/2020.js";
import schema from "../../schema/routine-plan.schema.json" with { type: "json" };

// The plan's types have one home, beside the code that writes plans.
import type { PlanElement, PlanSlot, PlanStep, RoutinePlan } from "../routines/plan.ts";
export type { PlanElement, PlanSlot, PlanStep };
/** A guarded routine plan, version 1: what `frames routines plan` writes. */
export type Plan = RoutinePlan;

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
