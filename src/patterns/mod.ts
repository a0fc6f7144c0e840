/**
 * Pattern detectors over several local days (SPEC §8 "Patterns"): repeated clicks, action
 * sequences (per app), daily habits (by local day), URL templates, app-switch transitions
 * and temporal rhythms (an app in the same half hour on most days). Each pattern carries
 * its counts and evidence (frame ids); the order is total, so output is deterministic.
 * Typed text is never read.
 *
 * @example
 * ```ts
 * import { analyseDay, detectPatterns } from "./src/patterns/mod.ts";
 * const days = ["2026-03-23", "2026-03-24"].map((day) =>
 *   analyseDay(readDay(day), { day, tz: "Europe/Berlin" })
 * );
 * const report = detectPatterns(days);
 * ```
 *
 * @module
 */

export {
  type Action,
  analyseDay,
  type AnalyseDayOptions,
  type DayActivity,
  type DayFrame,
  type NamedClick,
} from "./day.ts";
export { detectPatterns, type PatternOptions, type PatternReport } from "./detect.ts";
export type { ActionSequence } from "./sequences.ts";
export type {
  AppSwitch,
  DailyHabit,
  RepeatedClick,
  TemporalRhythm,
  UrlTemplatePattern,
} from "./detectors.ts";
export { urlTemplate } from "./url_template.ts";
export { renderPatterns } from "./render.ts";
// analyseDay() reads a capture under the compiler's rules: their types, for one import.
export type * from "../model.ts";
export type { Rules } from "../compile/rules.ts";
