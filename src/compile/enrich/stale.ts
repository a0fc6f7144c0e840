/**
 * Stale attribution (SPEC §8): an input event whose own app or window disagrees with the
 * snapshot its dwell interval belongs to was recorded against a stale focus; it moves to
 * the temporally nearest snapshot of its stream (binary search, ties to the earlier), and
 * the time distance is kept.
 *
 * @module
 */

import type { InputEvent, Snapshot } from "../../model.ts";
import { lastAtOrBefore, type Stream } from "../streams.ts";

/** One event whose own app/window disagreed with the capture and that moved. */
export interface StaleRecord {
  /** Stream index of the snapshot the dwell interval gave it. */
  from: number;
  /** Stream index of the temporally nearest snapshot, where it now belongs. */
  to: number;
  /** |event time − that snapshot's time|, in ms. */
  distanceMs: number;
}

/** True when the event names an app or window the snapshot does not show. */
export function disagrees(ev: InputEvent, snap: Snapshot): boolean {
  if (ev.app !== undefined && ev.app !== snap.app) return true;
  return ev.title !== undefined && ev.title !== "" && snap.title !== undefined &&
    snap.title !== "" && ev.title !== snap.title;
}

/** Index of the snapshot nearest to `t` in a stream (ties: the earlier), or -1 when empty. */
export function nearestSnapshot(stream: Stream, t: number): number {
  const n = stream.at.length;
  if (n === 0) return -1;
  const i = lastAtOrBefore(stream, t);
  if (i < 0) return 0;
  if (i + 1 >= n) return i;
  return stream.at[i + 1] - t < t - stream.at[i] ? i + 1 : i;
}

/**
 * Moves disagreeing events, in place, from their dwell interval's slot to the nearest
 * snapshot's slot of the same stream; returns a record per event that moved. An event
 * whose nearest snapshot is the one it already belongs to stays and is not counted: the
 * count is of re-attributions, not of disagreements.
 */
export function reattributeStale(
  perSnapshot: InputEvent[][][],
  streams: readonly Stream[],
): Map<InputEvent, StaleRecord> {
  const records = new Map<InputEvent, StaleRecord>();
  streams.forEach((stream, k) => {
    const slots = perSnapshot[k];
    const moves: [InputEvent, number][] = [];
    for (let i = 0; i < slots.length; i++) {
      const evs = slots[i];
      if (evs === undefined) continue;
      const snap = stream.snaps[i];
      let keep: InputEvent[] | undefined;
      for (let j = 0; j < evs.length; j++) {
        const ev = evs[j];
        if (!disagrees(ev, snap)) {
          keep?.push(ev);
          continue;
        }
        const to = nearestSnapshot(stream, ev.at);
        if (to === i) {
          keep?.push(ev);
          continue;
        }
        records.set(ev, { from: i, to, distanceMs: Math.abs(ev.at - stream.at[to]) });
        keep ??= evs.slice(0, j);
        moves.push([ev, to]);
      }
      if (keep !== undefined) slots[i] = keep;
    }
    for (const [ev, to] of moves) (slots[to] ??= []).push(ev);
  });
  return records;
}
