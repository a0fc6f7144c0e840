/**
 * The activity document, schema v1 (SPEC §4): the compiler's output and every emitter's
 * input. Key order of every object is the order of the interfaces below; builders create
 * objects in that order so JSON/YAML output is byte-stable.
 *
 * Times are local ISO 8601 strings with offset in the document's timezone
 * (`2026-07-04T09:12:05+02:00`); minutes are rounded to 0.1, seconds to whole seconds.
 *
 * @module
 */

import type { Capabilities } from "../model.ts";

/** A typed page reference with how many snapshots showed it. */
export interface PageCount {
  kind: string;
  entity?: string;
  count: number;
}

/** Input volume attributed to a frame (or an interruption). */
export interface InputCounts {
  /** All attributed events of any kind. */
  events: number;
  /** Key-press events (typed runs are not mixed in). */
  keys: number;
  clicks: number;
  /** Clicks resolved to a named element (native, exact or tolerance; with enrichment). */
  clicks_resolved?: number;
  /** Clicks placed only in a screen zone or not at all (with enrichment). */
  clicks_unresolved?: number;
  copies: number;
  pastes: number;
  scrolls: number;
  /** Typed runs (`text` events). */
  text_runs: number;
  /** Characters in typed runs. */
  text_chars: number;
  /** Events whose own app/window disagreed with capture, re-attributed (with enrichment). */
  reattributed?: number;
}

/** Clicks of listed frames per resolution level (SPEC §8). */
export interface ClickResolutionCounts {
  native: number;
  exact: number;
  tolerance: number;
  zone: number;
  none: number;
}

/** A short detour folded into a frame by the flicker rule. */
export interface Interruption {
  app: string;
  site?: string;
  seconds: number;
  /** Number of input events during the detour. */
  input?: number;
}

/** Exact source rows a frame was compiled from, in run form (`"120-155,161"`). */
export interface Evidence {
  snapshots: string;
  events: string;
}

/** One activity frame: a bounded episode on one (app, site). */
export interface Frame {
  /** Stable id: `<display>:<first snapshot ref>`. */
  id: string;
  display: string;
  app: string;
  site?: string;
  start: string;
  end: string;
  duration_min: number;
  wall_min: number;
  /** Minutes earned while this display held focus (only when the source marks focus). */
  focused_min?: number;
  /** Minutes earned by heartbeat-only stretches (no input, no visual change). */
  presence_min?: number;
  /** Up to three window titles, most-dwelt first. */
  windows: string[];
  pages: PageCount[];
  input: InputCounts;
  interruptions: Interruption[];
  evidence: Evidence;
}

/** A period with no capture on any display longer than the session gap. */
export interface Gap {
  start: string;
  end: string;
  minutes: number;
  /**
   * Why nothing was captured, when the recorder said so (`locked`, `screensaver`,
   * `asleep`, `away`, `recorder stopped`); absent = unknown.
   */
  reason?: string;
  /** The recorder's marker rows that state the reason, in run form. */
  evidence?: string;
}

/** Per-display coverage. */
export interface DisplayCoverage {
  active_minutes: number;
  focused_minutes?: number;
  snapshots: number;
  frames: number;
}

/** What the window covered and what it could not see. */
export interface Coverage {
  first_activity: string | null;
  last_activity: string | null;
  /** Sum of dwell credit over all displays. */
  active_minutes: number;
  /** Union of credited intervals across displays (a minute of life counted once). */
  dedup_active_minutes: number;
  /** Union of focused credited intervals (only when the source marks focus). */
  focused_minutes?: number;
  presence_minutes: number;
  span_minutes: number;
  coverage_pct: number;
  snapshots: number;
  distinct_apps: number;
  frames: number;
  /** Frames shorter than `min_minutes`, left out of `frames[]` but kept in ledgers. */
  omitted_frames: number;
  omitted_minutes: number;
  gaps: Gap[];
  per_display: Record<string, DisplayCoverage>;
  unattributed_input: number;
  /** How the clicks of listed frames were resolved (with enrichment). */
  click_resolution?: ClickResolutionCounts;
  /** Events re-attributed because their own app/window disagreed (with enrichment). */
  reattributed_input?: number;
  rejected_rows: Record<string, number>;
}

/** One app in the ledger. */
export interface LedgerEntry {
  app: string;
  /** Deduplicated across displays (visible minutes). */
  minutes: number;
  /** Where attention was (only when the source marks focus). */
  focused_minutes?: number;
  frames: number;
  longest_min: number;
  windows: string[];
}

/** One site in the roll-up. */
export interface SiteEntry {
  site: string;
  minutes: number;
  frames: number;
}

/** The constants the compiler ran with (recorded for reproducibility). */
export interface Constants {
  dwell_cap_s: number;
  session_gap_s: number;
  flicker_s: number;
  min_minutes: number;
}

/** The enrichment settings the compiler ran with (SPEC §8). */
export interface EnrichmentSettings {
  /** Click resolution tolerance on each axis, in pixels. */
  click_tolerance_px: number;
  /** Reach of the nearby-snapshot rescue of click resolution, in seconds. */
  nearby_snapshot_s: number;
}

/** Where a display sits in the global coordinate space of input events. */
export interface DisplayEntry {
  display: string;
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

/** The activity document, schema v1. */
export interface ActivityDocument {
  schema_version: 1;
  window: { start: string; end: string; tz: string; day?: string };
  source: {
    adapter: string;
    location: string;
    fingerprint: string;
    capabilities: Capabilities;
    /** Display geometry used to place clicks, when known (measured or operator-supplied). */
    displays?: DisplayEntry[];
  };
  compiler: {
    name: string;
    version: string;
    constants: Constants;
    /** Present when stale attribution and click resolution ran. */
    enrichment?: EnrichmentSettings;
  };
  coverage: Coverage;
  frames: Frame[];
  ledger: LedgerEntry[];
  sites: SiteEntry[];
  blind_spots: string[];
  inferred?: Record<string, unknown>;
  generated_at?: string;
}
