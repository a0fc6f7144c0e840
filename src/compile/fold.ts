/**
 * The flicker merge (SPEC §3.4): `A → B → A` in one session, with B's dwell credit at
 * most `FLICKER`, collapses into one A frame that records B as an interruption. B's
 * seconds and snapshots move to the interruption, so A's duration stays A's own.
 *
 * @module
 */

import type { DraftFrame } from "./segment.ts";

/**
 * Folds short detours out of one stream's segments, in place, and returns the frames
 * left. Chains (A B A C A) fold repeatedly: each fold is retried against the frames
 * before it, so the result does not depend on where a chain starts. A nested detour
 * (A B C B A) is judged by all the time away from A — B's own credit plus the detours
 * already folded into B — so a long absence never hides as nested short ones.
 */
export function foldFlicker(segments: readonly DraftFrame[], flickerMs: number): DraftFrame[] {
  const out: DraftFrame[] = [];
  for (const segment of segments) {
    out.push(segment);
    foldTail(out, flickerMs);
  }
  return out;
}

/** Folds the last three frames while they read A, B, A in one session with B short. */
function foldTail(frames: DraftFrame[], flickerMs: number): void {
  while (frames.length >= 3) {
    const z = frames[frames.length - 1];
    const y = frames[frames.length - 2];
    const x = frames[frames.length - 3];
    if (
      x.key !== z.key || x.session !== y.session || y.session !== z.session ||
      awayMs(y) > flickerMs
    ) return;
    x.interruptions.push(
      { app: y.app, site: y.site, creditMs: y.creditMs, snaps: y.snaps },
      ...y.interruptions,
      ...z.interruptions,
    );
    for (let i = 0; i < z.snaps.length; i++) x.snaps.push(z.snaps[i]);
    x.creditMs += z.creditMs;
    frames.length -= 2;
  }
}

/** A detour's whole credit: its own and that of the detours folded into it. */
function awayMs(y: DraftFrame): number {
  let ms = y.creditMs;
  for (const x of y.interruptions) ms += x.creditMs;
  return ms;
}
