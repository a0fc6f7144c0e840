/**
 * The capture model (SPEC §2): what every adapter produces and the compiler consumes.
 *
 * Adapters are the only code that knows a source's layout; everything downstream reads
 * these shapes. Times are UTC epoch milliseconds. `ref` is the source's own integer row id
 * (or a stable synthetic integer), so evidence can point back at the exact raw row.
 *
 * @module
 */

/** Why a snapshot row was written, normalised across sources. */
export type Trigger = "input" | "visual" | "switch" | "heartbeat" | "manual" | "unknown";

/** One observation of what a display showed at an instant. */
export interface Snapshot {
  /** The source's own row id (or a stable synthetic integer id). */
  ref: number;
  /** UTC epoch milliseconds. */
  at: number;
  /** Monitor / stream id, e.g. `monitor_1`. */
  display: string;
  /** Application name with invisible characters removed. */
  app: string;
  /** Window title, when captured. */
  title?: string;
  /** Page URL, when the app is a browser and the source captured it. */
  url?: string;
  /** Why the row was written. */
  trigger?: Trigger;
  /** Whether this display held the focused window, when the source says so. */
  focused?: boolean;
  /** Time since the last keyboard or pointer input, in ms, when the source records it. */
  idleMs?: number;
  /**
   * The machine the row was captured on; set only when a capture holds several machines or
   * recorders, so the focus timeline counts a person's attention once across them.
   */
  machine?: string;
  /**
   * How much the recorder of this row records (more is more detail); set only where one
   * machine has rows of several recorders, so the more detailed one holds focus.
   */
  detail?: number;
}

/** Kinds of input event; `copy` is additive to SPEC §2 for clipboard copies. */
export type InputKind = "click" | "key" | "text" | "paste" | "copy" | "scroll" | "switch" | "other";

/** Every input kind, in a fixed order (used for counting and validation). */
export const INPUT_KINDS: readonly InputKind[] = [
  "click",
  "key",
  "text",
  "paste",
  "copy",
  "scroll",
  "switch",
  "other",
];

/** A rectangle; units are declared by whoever holds it. */
export interface Bounds {
  /** Left edge. */
  x: number;
  /** Top edge. */
  y: number;
  /** Width. */
  width: number;
  /** Height. */
  height: number;
}

/** The UI element an input event reported, when the source recorded one. */
export interface EventElement {
  /** Accessible name of the element. */
  name?: string;
  /** Accessibility role, e.g. `button`. */
  role?: string;
  /** Platform automation id (Windows UI Automation), when reported. */
  automationId?: string;
  /** Pixels. */
  bounds?: Bounds;
}

/** One input event (click, key press, typed run, …). */
export interface InputEvent {
  /** The source's own row id, cited as evidence. */
  ref: number;
  /** UTC epoch milliseconds. */
  at: number;
  /** What kind of input this was. */
  kind: InputKind;
  /** Monitor / stream id the input landed on, when known. */
  display?: string;
  /** Pointer x on the display, in pixels, for clicks. */
  x?: number;
  /** Pointer y on the display, in pixels, for clicks. */
  y?: number;
  /** Application the source recorded with the event; compared with the snapshots to catch stale rows. */
  app?: string;
  /** Window title the source recorded with the event. */
  title?: string;
  /** Page URL the source recorded with the event. */
  url?: string;
  /** The UI element the source reported under the input. */
  element?: EventElement;
  /** Length of a typed run, for `text` events. */
  chars?: number;
  /** Typed text; only loaded when the operator opted in (SPEC §9). */
  text?: string;
  /** The snapshot this event was recorded against, when the source links them. */
  snapshotRef?: number;
  /** The machine the event was captured on, set as {@linkcode Snapshot.machine} is. */
  machine?: string;
}

/** An element row of a snapshot, looked up lazily for click resolution. */
export interface Element {
  /** The snapshot whose element rows these are. */
  snapshotRef: number;
  /** Accessibility role, or the OCR block type. */
  role: string;
  /** Accessible name or recognised text. */
  name: string;
  /** Where the element sits, in {@linkcode Element.units}. */
  bounds: Bounds;
  /** `normalized` = fractions of the display (0..1, top-left origin). */
  units: "px" | "normalized";
  /** Where the row came from: click resolution prefers accessibility rows over OCR text. */
  source: "accessibility" | "ocr";
}

/**
 * A click to look elements up for: a point on a snapshot and a search margin per axis, all
 * in the lookup's units (for `normalized`, fractions of that snapshot's display).
 */
export interface ElementProbe {
  /** The snapshot whose element rows to search. */
  snapshotRef: number;
  /** Click x, in the lookup's units. */
  x: number;
  /** Click y, in the lookup's units. */
  y: number;
  /** Margin on the x axis, in x units. */
  dx: number;
  /** Margin on the y axis, in y units. */
  dy: number;
}

/** What a lookup found for one probe. */
export interface ElementHits {
  /** The snapshot has element rows at all (near the point or not). */
  any: boolean;
  /**
   * Named rows (non-blank name) whose bounds, grown by the probe's margins plus 1e-9,
   * contain the point (edges included); in source order.
   */
  elements: Element[];
}

/** Whether a snapshot has named rows at a probe's point, without reading them. */
export interface ElementLevels {
  /** The snapshot has element rows at all. */
  any: boolean;
  /** A named row's bounds, grown by 1e-9, contain the point. */
  exact: boolean;
  /** A named row's bounds, grown by the probe's margins plus 1e-9, contain the point. */
  near: boolean;
}

/**
 * Lazy element lookup a capture may carry (SPEC §2): rows are read only for the clicks
 * that need resolving, never for the whole window.
 */
export interface ElementLookup {
  /** Units of every probe and every returned bound. */
  units: "px" | "normalized";
  /** One answer per probe, in probe order. */
  near(probes: readonly ElementProbe[]): ElementHits[];
  /** Cheaper answers when only the level of resolution is needed (counts in documents). */
  levels?(probes: readonly ElementProbe[]): ElementLevels[];
}

/** Geometry of one display, when the source knows it. */
export interface DisplayGeometry {
  /** Monitor / stream id, as snapshots name it. */
  display: string;
  /** Left edge in the virtual screen, in pixels. */
  x: number;
  /** Top edge in the virtual screen, in pixels. */
  y: number;
  /** Width in pixels. */
  width: number;
  /** Height in pixels. */
  height: number;
  /** Device pixel ratio (1 without HiDPI scaling). */
  scale: number;
}

/** What a source can and cannot tell us. */
export interface Capabilities {
  /** Input events are recorded. */
  input: boolean;
  /** Element rows exist for click resolution. */
  elements: boolean;
  /** Browser URLs are recorded. */
  urls: boolean;
  /** Rows carry a trigger that distinguishes heartbeats. */
  heartbeats: boolean;
  /** Rows say which display holds focus, and that varies. */
  focus: boolean;
}

/** Facts about the source that produced a capture. */
export interface SourceFacts {
  /** Adapter name, e.g. `screenpipe`. */
  adapter: string;
  /** Where the data came from (a path or URL). */
  location: string;
  /** A fingerprint of the source's schema (stable across reads). */
  fingerprint: string;
  /** What the source records, so documents can state their blind spots. */
  capabilities: Capabilities;
  /** Rows read from the source for this window, by table. */
  rows: Record<string, number>;
  /** Rows that could not be used, by reason. */
  rejected: Record<string, number>;
  /**
   * Text the recorder itself withheld or redacted (its privacy placeholders, rows its
   * redaction marked), by reason: counted, never read as content.
   */
  withheld?: Record<string, number>;
  /**
   * What the source never records, in words, beyond the capability flags (e.g. Memory
   * Archive has no app names, window titles or URLs); belongs in the blind spots.
   */
  notes?: string[];
}

/** A window of capture, normalised: the compiler's only input. */
export interface Capture {
  /** Half-open UTC window `[start, end)` in epoch ms. */
  window: { start: number; end: number };
  /** The snapshots in the window. */
  snapshots: Snapshot[];
  /** The input events in the window. */
  events: InputEvent[];
  /** Display geometry, empty when the source has none. */
  displays: DisplayGeometry[];
  /** Facts about the source, copied into the document. */
  facts: SourceFacts;
  /** Element rows for click resolution, looked up lazily (absent: the source has none). */
  elements?: ElementLookup;
  /** The recorder's own statements about gaps (absent: the source records none). */
  markers?: Marker[];
  /**
   * Per display, the first snapshot at or after the window's end (SPEC §3.11): read only so
   * the last snapshot inside earns its capped dwell; never a frame or a row of the window.
   */
  after?: Snapshot[];
  /**
   * Rows of the read's scope the reader leaves in the source on purpose, by `facts.rows`
   * key (screenpipe's `move` events in a tail read by id): a live delta read accounts for
   * them against the watermark, which counts them. Absent: not counted. Never output.
   */
  unread?: Record<string, number>;
  /**
   * When the window read no rows: the first and last instant the source holds (`null`: it
   * holds none), measured in the same read for the empty-window hint, so the hint costs no
   * second open. Absent: not measured (the caller may ask the adapter). Never output.
   */
  held?: { first: number; last: number } | null;
}

/**
 * A recorder's statement about time it did not capture: engine start/stop, or the edges of
 * an away period (screen locked, blanked by the screen saver, asleep), so a gap in the rows
 * is known rather than inferred.
 */
export interface Marker {
  /** The recorder's own row id. */
  ref: number;
  /** UTC epoch milliseconds. */
  at: number;
  /** Engine started or stopped, or the user left or came back. */
  kind: "start" | "stop" | "away" | "back";
  /** Why the user was away: `locked`, `screensaver`, `asleep`, … */
  reason?: string;
  /** The one display (stream) the statement is about; absent: every display. */
  display?: string;
}

/** Which kind of capture exclusion withheld a row (SPEC §9). */
export type ExclusionKind = "app" | "title" | "url" | "private";

/**
 * App name of a row the recorder withheld by an exclusion rule: the row is still written,
 * so its time is accounted for, with this app and a {@linkcode withheldTitle}.
 */
export const EXCLUDED_APP = "(excluded)";

/** The title written for a row withheld by a rule of `kind`. */
export function withheldTitle(kind: ExclusionKind): string {
  return kind === "private" ? "withheld: private window" : `withheld: ${kind} rule`;
}

/** The kind of exclusion a withheld row's title names, or `undefined` when it names none. */
export function exclusionKindOf(title: string | undefined): ExclusionKind | undefined {
  for (const kind of ["app", "title", "url", "private"] as const) {
    if (title === withheldTitle(kind)) return kind;
  }
  return undefined;
}
