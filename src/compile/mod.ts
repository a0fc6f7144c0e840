/**
 * The compiler: capture model → activity document (SPEC §3, §4). Pure: no clock, no I/O,
 * no host timezone; the same capture and options always give the same document.
 *
 * `compile()` is a short pipeline; each stage is its own file in this folder:
 * options (`options.ts`) → streams (`streams.ts`) → segment (`segment.ts`) → fold
 * (`fold.ts`) → attribute (`attribute.ts`), measured exactly by `buildFrames()`
 * (`build.ts`); then the tally of credited time (`tally.ts`), the listed frames
 * (`listing.ts`), ledgers (`ledgers.ts`), coverage (`coverage.ts`) and the document
 * (`assemble.ts`). Every rule constant and default lives in `rules.ts`.
 *
 * @example
 * ```ts
 * import { compile } from "./src/compile/mod.ts";
 * const doc = compile(capture, { tz: "Europe/Berlin", day: "2026-07-04" });
 * ```
 *
 * @module
 */

import type { Capture } from "../model.ts";
import type { ActivityDocument } from "./document.ts";
import { type CompileOptions, settle } from "./options.ts";
import { compileSettled } from "./pipeline.ts";
import { typePage } from "../entities/type_page.ts";
import { type IncrementalCompile, startIncremental as startWith } from "./incremental.ts";

export { buildFrames, siteOf } from "./build.ts";
export type { BuildOptions, Built, BuiltFrame, BuiltInterruption, SiteOf } from "./build.ts";
export type { Stream } from "./streams.ts";
export type { FocusTimeline } from "./focus.ts";
export type { StaleRecord } from "./enrich/stale.ts";
export { DEFAULT_RULES, type Rules } from "./rules.ts";
export { minutes } from "./frame_doc.ts";
export type { CompileOptions } from "./options.ts";
export {
  type CaptureDelta,
  INCREMENTAL_TEST_HOOKS,
  type IncrementalCompile,
} from "./incremental.ts";
export type * from "./document.ts";
// The capture model is compile()'s input: re-exported so callers need one import.
export type * from "../model.ts";
export type { PageRef } from "../entities/mod.ts";

/**
 * Compiles a capture window into an activity document (schema v1).
 *
 * @example
 * ```ts
 * const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
 * console.log(doc.coverage.active_minutes);
 * ```
 */
export function compile(capture: Capture, opts: CompileOptions): ActivityDocument {
  return compileSettled(capture, settle(opts, typePage));
}

/**
 * Starts an incremental compile of a window from the rows read so far (see
 * incremental.ts); URLs are typed by `opts.typer`, else the generic typer, as compile() does.
 */
export function startIncremental(base: Capture, opts: CompileOptions): IncrementalCompile {
  return startWith(base, opts, typePage);
}
