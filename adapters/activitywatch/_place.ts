/**
 * Where a stream's snapshots go so that the compiler's dwell rule (SPEC §3.2: snapshot i
 * earns `min(t[i+1] − t[i], DWELL_CAP)`, nothing across a gap over `SESSION_GAP`, nothing
 * past an `away` marker) credits exactly the canonical intervals.
 *
 * Inside an interval, snapshots on a 30 s grid each earn the time to the next. The grid is
 * anchored at the epoch, not at the event, so every window edge (a whole minute) is a grid
 * instant: the last snapshot inside a window earns up to the edge and no further, in a read
 * and in the store alike, and per-window minutes add up to the day's. Where an
 * interval ends at an afk period, the away marker written there (`_snapshots.ts`) ends the
 * last snapshot's dwell exactly. Where it ends at a pause the window watcher left with no
 * afk event (a hole between window events), the dwell rule alone has to stop it:
 * - a pause longer than the session gap gets a closing snapshot at the end (it earns 0);
 * - a pause of at most `SESSION_GAP − DWELL_CAP` gets its last snapshot exactly
 *   `DWELL_CAP` before the end (it earns the cap, which is exactly the time left).
 * What no placement can meet is a hole of 210–300 s, or an interval shorter than the cap
 * followed by a hole: its last snapshot earns up to the cap. These are the only inexact
 * cases, and the tests measure them against ActivityWatch's own view.
 *
 * The placement assumes the default rules (`rules.ts`); other `--dwell-cap` or
 * `--session-gap` values still give sensible, if less exact, credit.
 *
 * @module
 */

import { DWELL_CAP_S, SESSION_GAP_MS } from "../../src/compile/rules.ts";
import type { EventSpan } from "./_canonical.ts";

/** Grid of snapshots inside an interval, in ms. */
export const AW_STEP_MS = 30_000;
const CAP_MS = DWELL_CAP_S * 1000;

/** A canonical interval of one window event, with the page its browser showed. */
export interface Piece extends EventSpan {
  url?: string;
  /** The browser showed a tab its recorder withheld (incognito, redacted): no title, no URL. */
  private?: boolean;
}

/** Why a snapshot instant exists. */
export type InstantRole = "start" | "grid" | "tail" | "close";

/** One snapshot instant of a stream. */
export interface Instant {
  at: number;
  piece: Piece;
  role: InstantRole;
  /** For `start`: the piece continues the previous one without a pause. */
  contiguous: boolean;
}

/** Grid step of an event: 30 s, a multiple of it only for events too long for the ref space. */
export function stepOf(piece: EventSpan, maxInstants: number): number {
  const dur = piece.event.end - piece.event.start;
  return Math.max(1, Math.ceil(dur / maxInstants / AW_STEP_MS)) * AW_STEP_MS;
}

/** The snapshot instants of one stream's pieces (sorted, not overlapping), in time order. */
export function placeInstants(pieces: readonly Piece[], maxInstants: number): Instant[] {
  const out: Instant[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    out.push({ at: p.from, piece: p, role: "start", contiguous: pieces[i - 1]?.to === p.from });
    const next = pieces[i + 1];
    const pause = next === undefined ? Infinity : next.from - p.to;
    let tail: { at: number; role: InstantRole } | undefined;
    if (pause > SESSION_GAP_MS) tail = { at: p.to, role: "close" };
    else if (pause > 0 && pause <= SESSION_GAP_MS - CAP_MS && p.to - CAP_MS > p.from) {
      tail = { at: p.to - CAP_MS, role: "tail" };
    }
    const limit = tail?.at ?? p.to;
    const step = stepOf(p, maxInstants);
    for (let at = (Math.floor(p.from / step) + 1) * step; at < limit; at += step) {
      out.push({ at, piece: p, role: "grid", contiguous: false });
    }
    if (tail !== undefined) out.push({ at: tail.at, piece: p, role: tail.role, contiguous: false });
  }
  return out;
}
