/**
 * The compile pipeline over settled options: the one sequence of stages both compile()
 * and the incremental session run, so the two cannot drift apart.
 *
 * @module
 */

import type { Capture } from "../model.ts";
import { assembleDocument } from "./assemble.ts";
import { buildFrames, type BuildOptions, type Built } from "./build.ts";
import { buildCoverage } from "./coverage.ts";
import type { ActivityDocument } from "./document.ts";
import { buildLedgers } from "./ledgers.ts";
import { listFrames, type ListingMemo } from "./listing.ts";
import type { Settings } from "./options.ts";
import type { Rules } from "./rules.ts";
import { type Tally, tallyCredit } from "./tally.ts";
import { type GeometryMemo, settleFrameGeometry } from "./enrich/mod.ts";

/** A session's own measuring stages (tail.ts), in place of the whole-capture ones. */
export interface MeasureStages {
  /** Builds the frames, as buildFrames does. */
  build(capture: Capture, rules: Rules, opts: BuildOptions): Built;
  /** Tallies them, as tallyCredit does. */
  tally(built: Built): Tally;
}

/** What an incremental session keeps between compiles (see incremental.ts); all optional. */
export interface SessionState {
  /** The geometry inference's rows and fits (enrich/infer_geometry.ts). */
  geometry?: GeometryMemo;
  /** Click levels and frame documents (listing.ts). */
  listed?: ListingMemo;
  /** The measuring half, recomputed from a checkpoint on (tail.ts). */
  stages?: MeasureStages;
}

/**
 * Runs every stage on a capture with options already settled (see options.ts); `session`
 * is what an incremental session keeps between compiles (absent: a one-off compile).
 */
export function compileSettled(
  capture: Capture,
  settings: Settings,
  session: SessionState = {},
): ActivityDocument {
  const { geometry: memo, listed, stages } = session;
  const opts = { stale: settings.enrich };
  const built = stages?.build(capture, settings.rules, opts) ??
    buildFrames(capture, settings.rules, opts);
  const focus = capture.facts.capabilities.focus;
  const tally = stages?.tally(built) ?? tallyCredit(built);
  // Clicks are placed with inferred geometry where none is known; attribution is not.
  const geometry = settings.enrich && settings.inferDisplays
    ? settleFrameGeometry(built.frames, capture, built.stale, memo)
    : undefined;
  const placed = geometry?.inferred.length ? { ...capture, displays: geometry.displays } : capture;
  const listing = listFrames(placed, built, settings, listed);
  const ledgers = buildLedgers(built.frames, tally, focus);
  const coverage = buildCoverage(capture, { settings, built, tally, listing });
  const parts = { settings, built, listing, coverage, ledgers, geometry, placed };
  return assembleDocument(capture, parts);
}
