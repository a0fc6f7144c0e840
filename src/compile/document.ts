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
  /** A registered page kind (SPEC §6), e.g. `github.pull_request`. */
  kind: string;
  /** What the page is about, when the parser could tell (e.g. `owner/repo#12`). */
  entity?: string;
  /** Snapshots that showed it: a measure of attention, not of visits. */
  count: number;
}

/** Input volume attributed to a frame (or an interruption). */
export interface InputCounts {
  /** All attributed events of any kind. */
  events: number;
  /** Key-press events (typed runs are not mixed in). */
  keys: number;
  /** Click events, resolved or not. */
  clicks: number;
  /** Clicks resolved to a named element (native, exact or tolerance; with enrichment). */
  clicks_resolved?: number;
  /** Clicks placed only in a screen zone or not at all (with enrichment). */
  clicks_unresolved?: number;
  /** Clipboard copies. */
  copies: number;
  /** Clipboard pastes. */
  pastes: number;
  /** Scroll events. */
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
  /** The source named the clicked element itself. */
  native: number;
  /** An element row's box contained the click. */
  exact: number;
  /** The nearest named box within the tolerance on each axis. */
  tolerance: number;
  /** Only a screen zone: no element row was near enough. */
  zone: number;
  /** Not placed at all (no coordinates or no display geometry). */
  none: number;
}

/** A short detour folded into a frame by the flicker rule. */
export interface Interruption {
  /** The detour's app. */
  app: string;
  /** The detour's site, when it showed a URL. */
  site?: string;
  /** Dwell credit of the detour in whole seconds; not part of the frame's duration. */
  seconds: number;
  /** Number of input events during the detour. */
  input?: number;
  /** The detour's input by kind, counted as a frame's `input` is (when it had any). */
  input_counts?: InputCounts;
}

/** Exact source rows a frame was compiled from, in run form (`"120-155,161"`). */
export interface Evidence {
  /** Refs of the frame's and its detours' snapshot rows. */
  snapshots: string;
  /** Refs of the input event rows attributed to the frame and its detours. */
  events: string;
}

/** One activity frame: a bounded episode on one (app, site). */
export interface Frame {
  /** Stable id: `<display>:<first snapshot ref>`. */
  id: string;
  /** The display the frame was on; frames of different displays may overlap in time. */
  display: string;
  /** The machine the frame was captured on, when the capture holds several (or recorders). */
  machine?: string;
  /** The app of every own snapshot of the frame. */
  app: string;
  /** The site of every own snapshot, when the app showed a URL (SPEC §3.3). */
  site?: string;
  /** Local time of the first own snapshot. */
  start: string;
  /** Local time of the last own snapshot plus its dwell credit. */
  end: string;
  /** Dwell credit of the own snapshots: detours and gaps are not counted. */
  duration_min: number;
  /** Minutes from start to end, detours included: compare with `duration_min`. */
  wall_min: number;
  /** Minutes earned while this display held focus (only when the source marks focus). */
  focused_min?: number;
  /** Minutes earned by heartbeat-only stretches (no input, no visual change). */
  presence_min?: number;
  /** Up to three window titles, most-dwelt first. */
  windows: string[];
  /** Up to eight typed pages, most-shown first. */
  pages: PageCount[];
  /** Input attributed to the frame's own dwell intervals (detours excluded). */
  input: InputCounts;
  /** Short detours folded into the frame by the flicker rule, in time order. */
  interruptions: Interruption[];
  /** The exact source rows, so every number can be checked against the capture. */
  evidence: Evidence;
}

/** A period with no capture on any display longer than the session gap. */
export interface Gap {
  /** Local time of the last snapshot before the gap (or the window's start). */
  start: string;
  /** Local time of the first snapshot after the gap (or the window's end). */
  end: string;
  /** Length of the gap. */
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
  /** Dwell credit of the display's snapshots. */
  active_minutes: number;
  /** Of those, minutes while this display held focus (only when the source marks focus). */
  focused_minutes?: number;
  /** Snapshot rows read for the display. */
  snapshots: number;
  /** Listed frames on the display. */
  frames: number;
}

/** What the window covered and what it could not see. */
export interface Coverage {
  /** Local time of the first snapshot, or null when the window has none. */
  first_activity: string | null;
  /** Local time of the last snapshot plus its credit, or null when the window has none. */
  last_activity: string | null;
  /** Sum of dwell credit over all displays. */
  active_minutes: number;
  /** Union of credited intervals across displays (a minute of life counted once). */
  dedup_active_minutes: number;
  /** Union of focused credited intervals (only when the source marks focus). */
  focused_minutes?: number;
  /** Union of heartbeat-only credit: an awake screen with no input or change. */
  presence_minutes: number;
  /** Minutes from first to last activity. */
  span_minutes: number;
  /** `dedup_active_minutes` as a share of `span_minutes`, one decimal. */
  coverage_pct: number;
  /** Snapshot rows read for the window. */
  snapshots: number;
  /** Apps seen in any snapshot, folded detours included. */
  distinct_apps: number;
  /** Frames listed in `frames[]`. */
  frames: number;
  /** Frames shorter than `min_minutes`, left out of `frames[]` but kept in ledgers. */
  omitted_frames: number;
  /** Dwell credit of the omitted frames. */
  omitted_minutes: number;
  /** Periods longer than the session gap without capture on any display. */
  gaps: Gap[];
  /** Coverage per display, by display name. */
  per_display: Record<string, DisplayCoverage>;
  /**
   * Minutes during which two machines (`a+b`) or two recorders of one machine (`a+a`) both
   * claimed the person's focus: reported, never added (only when the capture names machines).
   */
  overlap_minutes?: Record<string, number>;
  /** Events outside every dwell interval: counted here, never dropped (SPEC §3.5). */
  unattributed_input: number;
  /** How the clicks of listed frames were resolved (with enrichment). */
  click_resolution?: ClickResolutionCounts;
  /** Events re-attributed because their own app/window disagreed (with enrichment). */
  reattributed_input?: number;
  /** Source rows that could not be read, by reason. */
  rejected_rows: Record<string, number>;
  /** What the rows withheld (exclusions, typed text, redaction), when anything was. */
  withheld?: Withheld;
}

/** Counts of what was withheld from a window, never the withheld values (SPEC §9). */
export interface Withheld {
  /** Rows the recorder wrote as `(excluded)`, by the kind of rule: app, private, title, url. */
  excluded_rows: Partial<Record<"app" | "private" | "title" | "url", number>>;
  /** Typed runs whose text was not loaded (typed text is off unless opted in). */
  typed_runs_not_loaded: number;
  /** Parts redacted from titles, element names and URLs, by rule. */
  redacted: Partial<
    Record<
      "named_parameter" | "credential_shape" | "title_token" | "user_info" | "script_url",
      number
    >
  >;
  /**
   * What the recorder itself withheld or redacted before frames read it (its privacy
   * placeholders, rows its redaction marked), by reason.
   */
  recorder?: Record<string, number>;
}

/** One app in the ledger. */
export interface LedgerEntry {
  /** The app's name as the source recorded it. */
  app: string;
  /** Deduplicated across displays (visible minutes). */
  minutes: number;
  /** Where attention was (only when the source marks focus). */
  focused_minutes?: number;
  /** Frames of the app, listed or omitted. */
  frames: number;
  /** Duration of its longest frame. */
  longest_min: number;
  /** Up to three window titles, most-dwelt first. */
  windows: string[];
}

/** One site in the roll-up. */
export interface SiteEntry {
  /** Hostname, lower-cased, without a leading `www.`. */
  site: string;
  /** Deduplicated across displays. */
  minutes: number;
  /** Frames on the site, listed or omitted. */
  frames: number;
}

/** The constants the compiler ran with (recorded for reproducibility). */
export interface Constants {
  /** The most dwell credit one snapshot earns (SPEC §3 `DWELL_CAP`). */
  dwell_cap_s: number;
  /** A longer gap closes the frame and earns nothing (SPEC §3 `SESSION_GAP`). */
  session_gap_s: number;
  /** The longest detour folded into the frame around it (SPEC §3 `FLICKER`). */
  flicker_s: number;
  /** Shorter frames are counted but not listed (SPEC §3.12). */
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
  /** The display's name, as snapshots and events name it. */
  display: string;
  /** Left edge in global pixels. */
  x: number;
  /** Top edge in global pixels. */
  y: number;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Device pixels per logical pixel. */
  scale: number;
}

/** The activity document, schema v1. */
export interface ActivityDocument {
  /** Bumped only by an incompatible change, so consumers can refuse what they cannot read. */
  schema_version: 1;
  /** The window compiled: local start and end, the timezone they are in, and the day it stands for. */
  window: { start: string; end: string; tz: string; day?: string };
  /** Where the capture came from and what it could record. */
  source: {
    adapter: string;
    location: string;
    fingerprint: string;
    capabilities: Capabilities;
    /** Display geometry used to place clicks, when known (measured or operator-supplied). */
    displays?: DisplayEntry[];
  };
  /** Which compiler ran, and with which constants: enough to reproduce the bytes. */
  compiler: {
    name: string;
    version: string;
    constants: Constants;
    /** Present when stale attribution and click resolution ran. */
    enrichment?: EnrichmentSettings;
  };
  /** What the window covered and what it could not see. */
  coverage: Coverage;
  /** Listed frames, by start instant. */
  frames: Frame[];
  /** Every app seen, most visible minutes first. */
  ledger: LedgerEntry[];
  /** Every site with a frame, most minutes first. */
  sites: SiteEntry[];
  /** What this document cannot tell, generated from what the source lacked. */
  blind_spots: string[];
  /** Validated tier-2 additions (SPEC §10), kept apart from the measured fields. */
  inferred?: Record<string, unknown>;
  /** When the document was made, only on request: the default output never reads a clock. */
  generated_at?: string;
}
