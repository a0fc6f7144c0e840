/**
 * Replaying a window's rows as if they arrived over time: the prefix a source would have
 * held at a cut point, and the rows that arrived between two cuts, for certifying that an
 * incremental compile equals a full one (SPEC §11).
 *
 * @module
 */

import {
  type ActivityDocument,
  type Capture,
  type CaptureDelta,
  compile,
  type CompileOptions,
  startIncremental,
} from "../compile/mod.ts";

/** The capture as the source held it just before `cut` (rows at or after it not yet there). */
export function prefixCapture(capture: Capture, cut: number): Capture {
  const out: Capture = {
    ...capture,
    snapshots: capture.snapshots.filter((s) => s.at < cut),
    events: capture.events.filter((e) => e.at < cut),
  };
  if (capture.markers !== undefined) out.markers = capture.markers.filter((m) => m.at < cut);
  // The look-ahead past the window's end exists only once every row of the window does.
  if (cut <= capture.window.end) delete out.after;
  return out;
}

/** The rows that arrived in `[from, to)`; the last delta also brings the look-ahead rows. */
export function deltaBetween(capture: Capture, from: number, to: number): CaptureDelta {
  const inside = (at: number) => at >= from && at < to;
  const delta: CaptureDelta = {
    snapshots: capture.snapshots.filter((s) => inside(s.at)),
    events: capture.events.filter((e) => inside(e.at)),
    markers: (capture.markers ?? []).filter((m) => inside(m.at)),
  };
  if (to > capture.window.end && capture.after !== undefined) delta.after = capture.after;
  return delta;
}

/** Cut points every `stepMs` from the window's start (the last cut is past its end). */
export function evenCuts(window: { start: number; end: number }, stepMs: number): number[] {
  const out: number[] = [];
  for (let t = window.start + stepMs; t <= window.end; t += stepMs) out.push(t);
  out.push(window.end + 1);
  return out;
}

/** What a replay gives: the document after the last cut and each absorb's time. */
export interface Replay {
  /** The incremental document after every row arrived. */
  doc: ActivityDocument;
  /** Milliseconds each absorb took, in cut order. */
  absorbMs: number[];
  /** Cuts (epoch ms) where the incremental document differed from a full compile. */
  mismatches: number[];
}

/** Options of {@linkcode replay}. */
export interface ReplayOptions {
  /** Also compare with a full compile of the prefix at these cuts (costly: a compile each). */
  checkAt?: ReadonlySet<number>;
  /** How two documents are compared (default: their JSON). */
  bytes?: (doc: ActivityDocument) => string;
}

/**
 * Replays the window's rows through an incremental session, cut by cut (ascending; the
 * last cut stands for "everything": every row and the look-ahead arrive). The final
 * document is always compared with a full compile.
 */
export function replay(
  capture: Capture,
  opts: CompileOptions,
  cuts: readonly number[],
  check: ReplayOptions = {},
): Replay {
  const bytes = check.bytes ?? ((d: ActivityDocument) => JSON.stringify(d));
  // From the very beginning to past everything: rows outside the window arrive too.
  let from = -Infinity;
  const session = startIncremental(prefixCapture(capture, from), opts);
  const absorbMs: number[] = [];
  const mismatches: number[] = [];
  let doc = session.document();
  for (let i = 0; i < cuts.length; i++) {
    const cut = i === cuts.length - 1 ? Infinity : cuts[i];
    const delta = deltaBetween(capture, from, cut);
    const t0 = performance.now();
    doc = session.absorb(delta);
    absorbMs.push(performance.now() - t0);
    const checked = check.checkAt?.has(cuts[i]) || cut === Infinity;
    if (checked && bytes(doc) !== bytes(compile(prefixCapture(capture, cut), opts))) {
      mismatches.push(cuts[i]);
    }
    from = cut;
  }
  return { doc, absorbMs, mismatches };
}
