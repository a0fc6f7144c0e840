/**
 * Which frames the document lists (SPEC §3.12) and their document form: frames shorter
 * than `min_minutes` are counted as omitted, the rest are ordered by instant, their
 * clicks resolved once in a batch (SPEC §8), and rounded into document frames.
 *
 * @module
 */

import type { Capture, InputEvent } from "../model.ts";
import type { Built, BuiltFrame } from "./build.ts";
import type { Frame } from "./document.ts";
import { byKey, frameDoc } from "./frame_doc.ts";
import type { Settings } from "./options.ts";
import { classifyFrameClicks, type ClickMemo } from "./enrich/mod.ts";
import type { FrameDocMemo } from "./frame_memo.ts";
import { emptyResolutionCounts, type ResolutionCounts } from "./enrich/counts.ts";
import type { Resolution } from "./enrich/resolve.ts";

const MIN = 60_000;

/** The listed frames, exact and in document form, and what was left out. */
export interface Listing {
  /** Frames at least `min_minutes` long, ordered by start instant, then display. */
  listed: BuiltFrame[];
  /** The document form of `listed`, in the same order. */
  frames: Frame[];
  /** Frames left out for being shorter than `min_minutes`. */
  omitted: number;
  /** Their dwell credit, in ms: still part of ledgers and coverage. */
  omittedMs: number;
  /** Resolution level of every click of a listed frame (with enrichment). */
  levels: Map<InputEvent, Resolution> | undefined;
  /** Clicks of listed frames per resolution level (zeros without enrichment). */
  totals: ResolutionCounts;
}

/**
 * What one incremental session keeps between listings (click_memo.ts, frame_memo.ts; made
 * by incremental.ts's listingMemo, so a one-off compile loads neither).
 */
export interface ListingMemo {
  /** Click levels, by event. */
  clicks: ClickMemo;
  /** Frame documents, by frame id. */
  docs: FrameDocMemo;
}

/**
 * Lists the frames of a build under the settings' `minMinutes` and renders them; `memo`
 * carries one session's click levels and frame documents between compiles (the same
 * listing either way).
 */
export function listFrames(
  capture: Capture,
  built: Built,
  settings: Settings,
  memo?: ListingMemo,
): Listing {
  const listed: BuiltFrame[] = [];
  let omitted = 0, omittedMs = 0;
  for (const f of built.frames) {
    if (f.durationMs < settings.minMinutes * MIN) {
      omitted++;
      omittedMs += f.durationMs;
      continue;
    }
    listed.push(f);
  }
  // Instants, not local strings: local times repeat on the day clocks go back.
  listed.sort((a, b) => a.startMs - b.startMs || byKey(a.display, b.display));
  const levels = settings.enrich
    ? classifyFrameClicks(listed, capture, {
      stale: built.stale,
      tolerancePx: settings.tolerancePx,
      nearbyMs: settings.nearbyS * 1000,
      ...(memo !== undefined ? { memo: memo.clicks } : {}),
    })
    : undefined;
  const totals = emptyResolutionCounts();
  const focus = capture.facts.capabilities.focus;
  const ctx = {
    time: settings.time,
    pageOf: settings.pageOf,
    focus,
    levels,
    stale: built.stale,
    totals,
  };
  let frames: Frame[];
  if (memo === undefined) frames = listed.map((f) => frameDoc(f, ctx));
  else {
    const next = new Map<string, unknown>();
    frames = listed.map((f) => memo.docs.doc(f, ctx, next));
    memo.docs.entries = next;
  }
  return { listed, frames, omitted, omittedMs, levels, totals };
}
