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
    foldTail(out, flickerMs, 0);
  }
  return out;
}

/** What {@linkcode foldFrom} gives: the frames, and the fold as it stood before the last segment. */
export interface Folded {
  /** The frames left after every fold. */
  frames: DraftFrame[];
  /** The frames as they stood before the last segment was pushed (never changed after). */
  beforeLast: DraftFrame[];
}

/**
 * {@linkcode foldFlicker} resumed: `kept` is the fold of the segments before `segments`
 * (a `beforeLast` of an earlier call), shared and never changed — a fold into one of its
 * frames folds into a copy — so the same `kept` can be resumed again. The fold is a stack
 * that only ever pushes a segment and folds its top three, so resuming it where it stood
 * gives what folding every segment from the first gives.
 */
export function foldFrom(
  kept: readonly DraftFrame[],
  segments: readonly DraftFrame[],
  flickerMs: number,
): Folded {
  const out = kept.slice();
  let frozen = out.length, beforeLast: DraftFrame[] = out.slice();
  for (let j = 0; j < segments.length; j++) {
    if (j === segments.length - 1) {
      beforeLast = out.slice();
      frozen = out.length;
    }
    out.push(segments[j]);
    frozen = foldTail(out, flickerMs, frozen);
  }
  return { frames: out, beforeLast };
}

/** A copy of a frame that a fold may change without changing the original. */
function ownCopy(d: DraftFrame): DraftFrame {
  return { ...d, snaps: d.snaps.slice(), interruptions: d.interruptions.slice() };
}

/**
 * Folds the last three frames while they read A, B, A in one session with B short; frames
 * below index `frozen` are shared and folded into as copies. Returns the new `frozen`.
 */
function foldTail(frames: DraftFrame[], flickerMs: number, frozen: number): number {
  while (frames.length >= 3) {
    const z = frames[frames.length - 1];
    const y = frames[frames.length - 2];
    const x = frames[frames.length - 3];
    if (
      x.key !== z.key || x.session !== y.session || y.session !== z.session ||
      awayMs(y) > flickerMs
    ) return frozen;
    let x2 = x;
    if (frames.length - 3 < frozen) {
      frozen = frames.length - 3;
      frames[frozen] = x2 = ownCopy(x);
    }
    x2.interruptions.push(
      { app: y.app, site: y.site, creditMs: y.creditMs, snaps: y.snaps },
      ...y.interruptions,
      ...z.interruptions,
    );
    for (let i = 0; i < z.snaps.length; i++) x2.snaps.push(z.snaps[i]);
    x2.creditMs += z.creditMs;
    frames.length -= 2;
  }
  return frozen;
}

/** A detour's whole credit: its own and that of the detours folded into it. */
function awayMs(y: DraftFrame): number {
  let ms = y.creditMs;
  for (const x of y.interruptions) ms += x.creditMs;
  return ms;
}
