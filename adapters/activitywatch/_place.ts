/**
 * Where a stream's snapshots go so that the compiler's dwell rule (SPEC §3.2: snapshot i
 * earns `min(t[i+1] − t[i], DWELL_CAP)`, nothing across a gap over `SESSION_GAP`) credits
 * exactly the canonical intervals and nothing past their ends.
 *
 * Inside an interval, snapshots on a 30 s grid each earn the time to the next. Its end is
 * the hard part: the last snapshot before a pause earns up to the cap, so
 * - a pause longer than the session gap gets a closing snapshot at the end (it earns 0);
 * - a pause of at most `SESSION_GAP − DWELL_CAP` gets its last snapshot exactly
 *   `DWELL_CAP` before the end (it earns the cap, which is exactly the time left);
 * - a pause in between cannot be met exactly by any placement: the last snapshot goes
 *   where the error is smallest (at most `DWELL_CAP / 2`, ~45 s), either just early enough
 *   that the pause becomes a session gap, or where the cap overshoots least.
 * An interval shorter than the cap followed by a short pause earns up to the cap (the
 * rules allow no less); these are the only inexact cases, and they are measured by the
 * tests against ActivityWatch's own view.
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
const GAP_MS = SESSION_GAP_MS;
const DAY_MS = 86_400_000;

/** A canonical interval of one window event, with the page its browser showed. */
export interface Piece extends EventSpan {
  url?: string;
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

/** Grid step of an event: 30 s, longer only for events too long for the ref space. */
export function stepOf(piece: EventSpan, maxInstants: number): number {
  const dur = piece.event.end - piece.event.start;
  return Math.max(AW_STEP_MS, Math.ceil(dur / maxInstants));
}

/**
 * The snapshot instants of one stream's pieces (sorted, not overlapping), in time order.
 * Where a pause cannot be met exactly, the choice between crediting a little too much and
 * a little too little follows each app's running error since the UTC day began, so errors
 * cancel instead of adding up (the day anchor keeps the choice independent of the window).
 */
export function placeInstants(
  pieces: readonly Piece[],
  maxInstants: number,
  keyOf: (p: Piece) => string,
): Instant[] {
  const out: Instant[] = [];
  const balance = new Map<string, number>();
  let day = -Infinity;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    const prev = pieces[i - 1];
    out.push({ at: p.from, piece: p, role: "start", contiguous: prev?.to === p.from });
    const next = pieces[i + 1];
    const pause = next === undefined ? Infinity : next.from - p.to;
    let limit = p.to;
    let tail: { at: number; role: InstantRole } | undefined;
    if (pause > 0) {
      if (Math.floor(p.to / DAY_MS) !== day) {
        day = Math.floor(p.to / DAY_MS);
        balance.clear();
      }
      const key = keyOf(p);
      const owed = balance.get(key) ?? 0;
      let err = 0;
      if (pause > GAP_MS) {
        tail = { at: p.to, role: "close" };
      } else {
        const exact = pause <= GAP_MS - CAP_MS;
        const early = GAP_MS - pause + 1; // this far before the end, the pause is a session gap
        const over = GAP_MS - pause; // this far before the end, the cap overshoots by CAP − it
        const lead = exact
          ? CAP_MS
          : Math.abs(owed - early) <= Math.abs(owed + CAP_MS - over)
          ? early
          : over;
        if (p.to - lead > p.from) {
          tail = { at: p.to - lead, role: "tail" };
          err = exact ? 0 : lead === early ? -early : CAP_MS - over;
        } else {
          limit = p.from; // too short for a tail: its start alone earns what the rules give
          const len = p.to - p.from;
          err = len + pause > GAP_MS ? -len : Math.min(len + pause, CAP_MS) - len;
        }
      }
      if (err !== 0) balance.set(key, owed + err);
      if (tail !== undefined) limit = tail.at;
    }
    const step = stepOf(p, maxInstants);
    const s0 = p.event.start;
    for (let k = Math.max(1, Math.floor((p.from - s0) / step) + 1);; k++) {
      const at = s0 + k * step;
      if (at >= limit) break;
      if (at > p.from) out.push({ at, piece: p, role: "grid", contiguous: false });
    }
    if (tail !== undefined) out.push({ at: tail.at, piece: p, role: tail.role, contiguous: false });
  }
  return out;
}
