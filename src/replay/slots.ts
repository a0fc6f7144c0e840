/**
 * Slots: the values that varied across a routine's occurrences. Every one must be given
 * before step 1 (a replay never starts and then stops for want of a value), and each step's
 * target name and typed value are settled from them up front.
 *
 * @module
 */

import type { Plan, PlanElement, PlanStep } from "./plan.ts";

/** What a step works on once slots are filled: the element and the value to type. */
export interface ResolvedStep {
  /** The plan's step. */
  step: PlanStep;
  /** The element the step acts on (role + exact name), or null for navigate. */
  element: { role: string; name: string } | null;
  /** The value a type step types. */
  value: string | null;
}

/** Parses `NAME=VALUE` (the value may contain `=`); throws a `SyntaxError`. */
export function parseSlot(spec: string): [string, string] {
  const eq = spec.indexOf("=");
  if (eq <= 0) {
    throw new SyntaxError(
      `Invalid --slot "${spec}": expected NAME=VALUE, e.g. --slot status="In Progress"`,
    );
  }
  return [spec.slice(0, eq).trim(), spec.slice(eq + 1)];
}

function slotHelp(plan: Plan): string {
  return plan.slots.length === 0
    ? "this plan has no slots"
    : `its slots: ${plan.slots.map((s) => s.name).join(", ")}`;
}

/**
 * Checks `values` against the plan's slots and fills every step; throws a `RangeError`
 * naming the first missing or unknown slot.
 */
export function resolveSteps(plan: Plan, values: Readonly<Record<string, string>>): ResolvedStep[] {
  for (const name of Object.keys(values)) {
    if (!plan.slots.some((s) => s.name === name)) {
      throw new RangeError(`Unknown slot "${name}": ${slotHelp(plan)}`);
    }
  }
  for (const slot of plan.slots) {
    if (!Object.hasOwn(values, slot.name)) {
      const seen = slot.examples?.length ? ` (seen: ${slot.examples.slice(0, 5).join(", ")})` : "";
      throw new RangeError(
        `Missing slot "${slot.name}": give --slot ${slot.name}=VALUE, the ${
          slot.kind === "target" ? "name of the element to click" : "text to type"
        }${seen}`,
      );
    }
  }
  return plan.steps.map((step) => {
    const fill = (e: PlanElement | null) =>
      e === null ? null : { role: e.role, name: e.name ?? values[step.slot!] };
    const value = step.op === "type" ? step.text ?? values[step.slot!] : null;
    // The guard's element is what is checked; the target is what is acted on. A plan
    // where they differ is taken at its guard (the stricter reading).
    return { step, element: fill(step.guards.element ?? step.target), value };
  });
}
