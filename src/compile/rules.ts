/**
 * The rule constants and defaults of frames, in one place (SPEC §3, §5, §8). Every
 * default that changes a document, a context block or a capture is named here once, so
 * the compiler, the doors and the help texts cannot drift apart. Vocabulary: imports
 * nothing of ours.
 *
 * @module
 */

/** SPEC §3 `DWELL_CAP`: the most dwell credit one snapshot earns, in seconds. */
export const DWELL_CAP_S = 90;

/** SPEC §3 `SESSION_GAP`: a longer gap between snapshots earns nothing and closes the frame, in seconds. */
export const SESSION_GAP_S = 300;

/** {@linkcode SESSION_GAP_S} in ms, for code that measures gaps as the compiler does. */
export const SESSION_GAP_MS = SESSION_GAP_S * 1000;

/**
 * How far past a window's end a reader looks for each display's next snapshot (SPEC §3.11),
 * in ms: far beyond any session gap, so the last snapshot inside earns the dwell it earns in
 * a longer window, while a read never scans the rest of the history.
 */
export const WINDOW_LOOKAHEAD_MS = 3_600_000;

/** SPEC §3 `FLICKER`: the longest detour that folds into the frame around it, in seconds. */
export const FLICKER_S = 20;

/** SPEC §3.12 `min_minutes`: frames shorter than this are counted but not listed. */
export const DEFAULT_MIN_MINUTES = 0.5;

/** The default budget of the context block, in cl100k_base tokens (SPEC §5). */
export const DEFAULT_CONTEXT_BUDGET = 1500;

/** The default hard cap on one MCP tool result, in cl100k_base tokens (SPEC §7). */
export const DEFAULT_MAX_TOKENS = 8000;

/** Default tolerance of click resolution on each axis, in pixels (SPEC §8). */
export const TOLERANCE_PX = 40;

/** Default reach of the nearby-snapshot rescue of click resolution, in ms (SPEC §8). */
export const NEARBY_MS = 5000;

// Display geometry inferred from the capture (SPEC §8): used only when neither the source
// nor the operator gives a display's geometry and its element rows are normalised.

/** Least clicks (whose snapshot has element rows) a display needs before its geometry is inferred. */
export const GEOMETRY_MIN_CLICKS = 40;
/** Least share of those clicks that must land inside an element under the inferred geometry. */
export const GEOMETRY_MIN_FIT = 0.6;
/**
 * Snapshots whose clicks are sampled per display (those of least rank by a fixed hash of
 * the ref, with every click of each); when fewer clicks than this had element rows, a
 * second batch takes the next snapshots by rank, up to three times this many in all.
 */
export const GEOMETRY_SAMPLE_CLICKS = 64;
/** An element wider or taller than this share of its display (a window, a pane) proves nothing. */
export const GEOMETRY_TARGET_MAX_SIDE = 0.5;

/** How often the capture engine writes a heartbeat row on an unchanged screen, in seconds. */
export const CAPTURE_HEARTBEAT_S = 30;

/** {@linkcode CAPTURE_HEARTBEAT_S} in ms, as the engine's timers count. */
export const CAPTURE_HEARTBEAT_MS = CAPTURE_HEARTBEAT_S * 1000;

/** Compiler constants in seconds, as recorded in the document (`compiler.constants`). */
export interface Rules {
  /** The most dwell credit one snapshot earns ({@linkcode DWELL_CAP_S} by default). */
  dwellCapS: number;
  /** A longer gap closes the frame and earns nothing ({@linkcode SESSION_GAP_S} by default). */
  sessionGapS: number;
  /** The longest detour that folds away ({@linkcode FLICKER_S} by default). */
  flickerS: number;
}

/** The defaults of SPEC §3, as one value to spread or override. */
export const DEFAULT_RULES: Readonly<Rules> = {
  dwellCapS: DWELL_CAP_S,
  sessionGapS: SESSION_GAP_S,
  flickerS: FLICKER_S,
};

/**
 * The rules a caller asked for, each one left out taking its SPEC §3 default; shared by
 * `compile`, steps and patterns so the three always measure a frame alike.
 */
export function rulesWith(overrides: Partial<Rules>): Rules {
  return {
    dwellCapS: overrides.dwellCapS ?? DEFAULT_RULES.dwellCapS,
    sessionGapS: overrides.sessionGapS ?? DEFAULT_RULES.sessionGapS,
    flickerS: overrides.flickerS ?? DEFAULT_RULES.flickerS,
  };
}

// Routines (SPEC §8, issue 15): the miner's thresholds and the agent cost model, each
// recorded in the report it shapes.

/** Least non-overlapping occurrences of a routine. */
export const MIN_OCCURRENCES = 3;
/** Least steps with a fixed accessible name in a routine. */
export const MIN_NAMED = 2;
/** Steps of one app/site further apart than this never belong to one occurrence. */
export const MAX_STEP_GAP_MS = SESSION_GAP_MS;
/** Extra action steps tolerated between two steps of an occurrence. */
export const MAX_EXTRA = 2;
/** Steps of a routine an occurrence may lack (optional steps). */
export const MAX_SKIPS = 1;
/** A routine is never longer than this many steps. */
export const MAX_ROUTINE_STEPS = 30;
/**
 * A recurring run is reported only when chance explains it this rarely: the Poisson tail
 * of its count under independent steps (background clicks on generic names recur by chance).
 */
export const MAX_CHANCE = 1e-6;
/**
 * Or the routine holds at least this share of its rarest named step's uses (in a stream of
 * little else, chance is no yardstick: every step there is frequent).
 */
export const MIN_CONFIDENCE = 0.5;
/** An optional named step is kept only when at least this share of occurrences has it. */
export const OPTIONAL_PRESENCE = 1 / 3;
/** A slot step is kept only when at least this share of occurrences has it. */
export const SLOT_PRESENCE = 2 / 3;
/** At least this many distinct names at one position make it a slot, not a near-duplicate. */
export const SLOT_VARIANTS = 3;
/** Agent cost model: tokens of reasoning and of the action, per step. */
export const REASONING_TOKENS = 350;
/** Agent cost model: tokens of the action call, per step. */
export const ACTION_TOKENS = 180;
/** Agent cost model: pixels per screenshot token. */
export const PIXELS_PER_TOKEN = 750;
/** Screen size of the cost model when the source records no display geometry. */
export const DEFAULT_SCREEN = { width: 1280, height: 800 } as const;
