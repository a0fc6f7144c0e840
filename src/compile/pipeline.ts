/**
 * The compile pipeline over settled options: the one sequence of stages both compile()
 * and the incremental session run, so the two cannot drift apart.
 *
 * @module
 */

import type { Capture } from "../model.ts";
import { assembleDocument } from "./assemble.ts";
import { buildFrames } from "./build.ts";
import { buildCoverage } from "./coverage.ts";
import type { ActivityDocument } from "./document.ts";
import { buildLedgers } from "./ledgers.ts";
import { listFrames, type ListingMemo } from "./listing.ts";
import type { Settings } from "./options.ts";
import { tallyCredit } from "./tally.ts";
import { type GeometryMemo, settleFrameGeometry } from "./enrich/mod.ts";

/**
 * Runs every stage on a capture with options already settled (see options.ts); `memo`
 * keeps a session's geometry inference between compiles, `listed` its click levels and
 * frame documents (see incremental.ts).
 */
export function compileSettled(
  capture: Capture,
  settings: Settings,
  memo?: GeometryMemo,
  listed?: ListingMemo,
): ActivityDocument {
  const built = buildFrames(capture, settings.rules, { stale: settings.enrich });
  const focus = capture.facts.capabilities.focus;
  const tally = tallyCredit(built);
  // Clicks are placed with inferred geometry where none is known; attribution is not.
  const geometry = settings.enrich && settings.inferDisplays
    ? settleFrameGeometry(built.frames, capture, built.stale, memo)
    : undefined;
  const placed = geometry?.inferred.length ? { ...capture, displays: geometry.displays } : capture;
  const listing = listFrames(placed, built, settings, listed);
  const ledgers = buildLedgers(built.frames, tally, focus);
  const coverage = buildCoverage(capture, { settings, built, tally, listing });
  return assembleDocument(capture, { settings, built, listing, coverage, ledgers, geometry });
}
