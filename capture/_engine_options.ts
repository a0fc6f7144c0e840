/**
 * The capture engine's options and their defaults.
 *
 * @module
 */

import type { StoreRedactor } from "../src/store/mod.ts";
import { CAPTURE_HEARTBEAT_MS } from "../src/compile/rules.ts";
import type { CaptureBackend } from "./_backend.ts";
import { compileExclusions, type Exclusions } from "./exclusions.ts";

/** Options for the capture engine (`Engine` in engine.ts). */
export interface EngineOptions {
  backend: CaptureBackend;
  /** The native store to write (created user-only when absent). */
  storePath: string;
  exclusions?: Exclusions;
  /** Heartbeat period while the screen is awake (default 30 s). */
  heartbeatMs?: number;
  /** Longest time a decided row waits before it is committed (default 500 ms). */
  flushMs?: number;
  /** Wait after a change for the rest of it (focus and title arrive together; default 120 ms). */
  settleMs?: number;
  /** Wait after a browser's title change for the extension's URL (default 400 ms). */
  browserSettleMs?: number;
  /**
   * Longest wait for the extension to classify a window of a browser it runs in (default
   * 2 s). The observation keeps its time; a window still unclassified then is written
   * withheld as private, and written again when a report classifies it.
   */
  browserClassifyMs?: number;
  /** Browser apps the extension is known to run in (see `RecorderOptions.extensionBrowsers`). */
  extensionBrowsers?: readonly string[];
  /** Called with every browser app once the extension has first been heard from in it. */
  onExtensionBrowsers?: (apps: readonly string[]) => void;
  /** A typing burst ends after this pause and gets a snapshot (default 2 s). */
  typingPauseMs?: number;
  /** How often idle and lock state are read when no event says so (default 5 s). */
  screenCheckMs?: number;
  /** Status file rewritten every 10 s and on changes (for `frames capture status`). */
  statusPath?: string;
  /** Port of the browser ingest endpoint, recorded in the status file. */
  ingestPort?: number;
  /** One line per noteworthy thing (start, away, back, errors). */
  log?: (line: string) => void;
  /** Store URLs and titles redacted (`redact_store` in config.json). */
  redact?: StoreRedactor;
}

/** Options without a default. */
type Optional =
  | "statusPath"
  | "ingestPort"
  | "log"
  | "redact"
  | "extensionBrowsers"
  | "onExtensionBrowsers";

/** The options with every default filled in. */
export type SettledEngineOptions = Required<Omit<EngineOptions, Optional>> & EngineOptions;

/** Fill in the defaults. */
export function settleEngineOptions(opts: EngineOptions): SettledEngineOptions {
  return {
    exclusions: compileExclusions(),
    heartbeatMs: CAPTURE_HEARTBEAT_MS,
    flushMs: 500,
    settleMs: 120,
    browserSettleMs: 400,
    browserClassifyMs: 2_000,
    typingPauseMs: 2_000,
    screenCheckMs: 5_000,
    ...opts,
  };
}
