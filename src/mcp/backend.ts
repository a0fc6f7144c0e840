/**
 * What the MCP server needs from the program around it: the settings in effect, window
 * resolution in the configured timezone, and the read → compile pipeline. The command
 * line implements it on top of its own pipeline (`src/cli/_capture.ts`), so the server
 * and the CLI can never disagree about what a day contains.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import type { Capture } from "../model.ts";

/** A window as a tool asked for it: a day word, the last N hours, or local start/end. */
export interface WindowRequest {
  /** `today`, `yesterday`, a weekday name or `YYYY-MM-DD`. */
  day?: string;
  /** The last N hours. */
  hours?: number;
  /** Local `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]`. */
  start?: string;
  /** Local `YYYY-MM-DD` (the whole day) or `YYYY-MM-DDTHH:MM[:SS]`. */
  end?: string;
}

/** A resolved half-open window `[start, end)` in UTC ms, with its local day when it is one. */
export interface ResolvedWindow {
  /** Start, inclusive, UTC ms. */
  start: number;
  /** End, exclusive, UTC ms. */
  end: number;
  /** The local `YYYY-MM-DD`, when the window is exactly one day. */
  day?: string;
}

/** Settings in effect for one call (the config file is re-read every call). */
export interface BackendSettings {
  /** IANA timezone every local time is in. */
  tz: string;
  /** Default token budget of the context block. */
  budget: number;
  /** Default shortest frame listed, in minutes. */
  minMinutes: number;
}

/** A compiled window and the capture it was compiled from. */
export interface Compiled {
  /** The compiled document. */
  doc: ActivityDocument;
  /** The capture it was compiled from, for tools that cite raw rows. */
  capture: Capture;
}

/** The server's view of the program: settings, windows and the compile pipeline. */
export interface McpBackend {
  /** The current time in UTC ms (injectable for tests). */
  now(): number;
  /** The settings in effect now; throws when the configuration is invalid. */
  settings(): BackendSettings;
  /** Resolves a window request against `now`; throws an error that says how to fix it. */
  resolveWindow(request: WindowRequest, now: number): ResolvedWindow;
  /** Opens the source afresh, reads the window and compiles it. */
  compile(window: ResolvedWindow, options?: { minMinutes?: number }): Promise<Compiled>;
  /** Opens the source afresh and reads the window, without compiling it. */
  read(window: ResolvedWindow): Promise<Capture>;
  /**
   * The local days (`YYYY-MM-DD`, in the settings' timezone) that hold capture, most recent
   * first. Cheap to call often: the server polls it to tell clients when a day appears.
   */
  days(): Promise<string[]>;
}
