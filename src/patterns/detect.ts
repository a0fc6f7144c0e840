/**
 * The six detectors run together into one report; its own file so the renderer can read
 * the report's type without importing the folder's entry point back.
 *
 * @module
 */

import { SESSION_GAP_MS } from "../compile/rules.ts";
import type { DayActivity } from "./day.ts";
import {
  type AppSwitch,
  appSwitches,
  type DailyHabit,
  dailyHabits,
  type DetectorOptions,
  type RepeatedClick,
  repeatedClicks,
  type TemporalRhythm,
  temporalRhythms,
  type UrlTemplatePattern,
  urlTemplates,
} from "./detectors.ts";
import { type ActionSequence, mineSequences } from "./sequences.ts";

/** Every pattern found over the days, by detector. */
export interface PatternReport {
  /** The local days looked at, in order. */
  days: string[];
  /** Days with any listed frame. */
  active_days: number;
  /** Named elements clicked again and again. */
  repeated_clicks: RepeatedClick[];
  /** Runs of actions that recur inside frames of one app. */
  action_sequences: ActionSequence[];
  /** Apps and sites used on most days. */
  daily_habits: DailyHabit[];
  /** URL shapes visited with different values. */
  url_templates: UrlTemplatePattern[];
  /** Frequent moves from one app to the next. */
  app_switches: AppSwitch[];
  /** Apps active in the same half hour on most days. */
  temporal_rhythms: TemporalRhythm[];
  /** How clicks were placed on the days looked at: each day's geometry notes, `DAY: note`. */
  notes: string[];
}

/** Thresholds of {@linkcode detectPatterns}. */
export interface PatternOptions {
  /** Least occurrences of a repeated click, sequence or switch (default 3). */
  minCount?: number;
  /** Longest action sequence (default 4; the shortest is 2). */
  maxSequence?: number;
  /** At most this many patterns per detector (default 20). */
  limit?: number;
  /** At most this many evidence items per pattern (default 10). */
  evidenceLimit?: number;
  /** Minutes in a half hour for a rhythm (default 5). */
  rhythmMinutes?: number;
}

/** Runs the six detectors over analysed days (in the order given). */
export function detectPatterns(
  days: readonly DayActivity[],
  opts: PatternOptions = {},
): PatternReport {
  const limit = opts.limit ?? 20;
  const d: DetectorOptions = {
    minCount: opts.minCount ?? 3,
    evidenceLimit: opts.evidenceLimit ?? 10,
    switchGapMs: SESSION_GAP_MS,
    rhythmMinutes: opts.rhythmMinutes ?? 5,
  };
  return {
    days: days.map((x) => x.day),
    active_days: days.filter((x) => x.frames.length > 0).length,
    repeated_clicks: repeatedClicks(days, d).slice(0, limit),
    action_sequences: mineSequences(days.flatMap((x) => x.frames), {
      minCount: d.minCount,
      minLength: 2,
      maxLength: opts.maxSequence ?? 4,
      evidenceLimit: d.evidenceLimit,
    }).slice(0, limit),
    daily_habits: dailyHabits(days, d).slice(0, limit),
    url_templates: urlTemplates(days, d).slice(0, limit),
    app_switches: appSwitches(days, d).slice(0, limit),
    temporal_rhythms: temporalRhythms(days, d).slice(0, limit),
    notes: days.flatMap((x) => x.notes.map((n) => `${x.day}: ${n}`)),
  };
}
