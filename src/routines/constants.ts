/**
 * The routine miner's thresholds and the agent cost model (SPEC §8, issue 15). They live
 * here rather than in `src/compile/rules.ts` only because that file belongs to the compiler;
 * every one is recorded in the report it shapes.
 *
 * @module
 */

/** Least non-overlapping occurrences of a routine. */
export const MIN_OCCURRENCES = 3;
/** Least steps with a fixed accessible name in a routine. */
export const MIN_NAMED = 2;
/** Steps of one app/site further apart than this never belong to one occurrence. */
export const MAX_STEP_GAP_MS = 300_000;
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
