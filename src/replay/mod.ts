/**
 * Guarded replay: run a routine plan (`schema/routine-plan.schema.json`) in a real
 * Chromium, dry run by default, stopping at the first guard that fails.
 *
 * @example
 * ```ts
 * import { parsePlan, renderTable, replay } from "./mod.ts";
 * const plan = parsePlan(JSON.parse(await Deno.readTextFile("plan.json")));
 * const report = await replay(plan, { slots: { status: "Done" }, execute: true });
 * console.log(renderTable(report));
 * ```
 *
 * @module
 */

export { parsePlan, type Plan, type PlanElement, type PlanSlot, type PlanStep } from "./plan.ts";
export { parseSlot, type ResolvedStep, resolveSteps } from "./slots.ts";
export {
  findBrowser,
  type FindBrowserOptions,
  launchArgs,
  WELL_KNOWN_BROWSERS,
} from "./browser.ts";
export { mapUrl, normaliseUrl, parseUrlMapping, type UrlMapping, urlMatches } from "./url.ts";
export {
  type Outcome,
  renderTable,
  type ReplayReport,
  type StepReport,
  type StepStatus,
  succeeded,
} from "./report.ts";
export {
  DEFAULT_STEP_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  replay,
  type ReplayOptions,
  SETTLE_MS,
} from "./run.ts";
export { NEEDS_ALL_PERMISSIONS } from "./session.ts";
