/**
 * What the web view needs from the program around it: the settings in effect, the local
 * day "now" is in, the days that hold capture and the read → compile pipeline. The command
 * line implements it on its own pipeline (`src/cli/serve.ts`), so the page and `frames
 * compile` can never disagree about what a day contains.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import type { Capture } from "../model.ts";
import type { PageRef } from "../entities/parser.ts";

export type { ActivityDocument } from "../compile/document.ts";
export type { Capture } from "../model.ts";
export type { PageRef } from "../entities/parser.ts";

/** Settings in effect for the pages. */
export interface WebSettings {
  /** IANA timezone every local time is in. */
  tz: string;
  /** Default token budget of the context block. */
  budget: number;
  /** Shortest frame the agent-facing views list, in minutes. */
  minMinutes: number;
  /** Whether the operator opted in to typed text (SPEC §9): only then is it shown. */
  includeText: boolean;
}

/** A compiled day and the capture it was compiled from. */
export interface CompiledDay {
  /** The compiled document. */
  doc: ActivityDocument;
  /** The capture it was compiled from (titles already redacted), for the audit view. */
  capture: Capture;
}

/** One routine as the routines page shows it (filled by a backend that has a miner). */
export interface RoutineView {
  /** A stable name or id of the routine. */
  name: string;
  /** The app (and site) it is keyed by. */
  key: string;
  /** Its steps, in order, as one short line each. */
  steps: string[];
  /** Its occurrences: local day and start time (`HH:MM`). */
  occurrences: { day: string; at: string }[];
  /** Recurrence share `h` (0..1) of the routine. */
  h: number;
  /** Overhead ratio `R` of the routine. */
  r: number;
}

/** The routines of a range, with the overall figures. */
export interface RoutinesReport {
  /** Each routine found. */
  routines: RoutineView[];
  /** Overall recurrence `h` (0..1). */
  h: number;
  /** Overall overhead ratio `R`. */
  r: number;
}

/** The web view's view of the program: settings, days and the compile pipeline. */
export interface WebBackend {
  /** The settings in effect now; throws when the configuration is invalid. */
  settings(): WebSettings;
  /** The local day (`YYYY-MM-DD`) it is now in the settings' timezone. */
  today(): string;
  /** Local days that hold capture, most recent first. */
  days(): Promise<string[]>;
  /** Opens the source afresh, reads the local day and compiles it (`minMinutes` overrides). */
  compileDay(day: string, opts?: { minMinutes?: number }): Promise<CompiledDay>;
  /** URL → typed page, for the steps of the audit view. */
  typer?: (url: string) => PageRef;
  /** Mined routines over the days ending at `day`, when a miner is available. */
  routines?: (day: string) => Promise<RoutinesReport>;
}
