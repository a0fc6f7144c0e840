/**
 * Stale re-attribution (enrich/stale.ts) for the tail path: run over one stream, or over a
 * stream's tail, keeping the slots it reads unchanged (tail.ts keeps them for the next
 * absorb) and its records in the order a whole pass makes them.
 *
 * @module
 */

import type { InputEvent } from "../model.ts";
import { reattributeStale, type StaleRecord } from "./enrich/stale.ts";
import type { Stream } from "./streams.ts";

export type { StaleRecord };

/** Slots after re-attribution and the records it made, in order. */
export interface StaleResult {
  /** Per snapshot: its events after re-attribution. */
  final: (InputEvent[] | undefined)[];
  /** Each moved event with its record, in the order of a whole pass. */
  records: [InputEvent, StaleRecord][];
}

/** Copies of the slots from `from` on (re-attribution pushes into them). */
function copySlots(raw: readonly (InputEvent[] | undefined)[], from: number) {
  const out: (InputEvent[] | undefined)[] = new Array(raw.length - from);
  for (let i = from; i < raw.length; i++) if (raw[i] !== undefined) out[i - from] = raw[i]!.slice();
  return out;
}

/** Re-attributes one whole stream's events, leaving `raw` as it was. */
export function staleWhole(
  stream: Stream,
  raw: readonly (InputEvent[] | undefined)[],
): StaleResult {
  const final = copySlots(raw, 0);
  const records: [InputEvent, StaleRecord][] = [
    ...reattributeStale([final] as InputEvent[][][], [stream]),
  ];
  return { final, records };
}

/**
 * Re-attributes a stream's slots from `b` on: an event moves from slot `i` to `i` or
 * `i + 1` only, so slots before `b` keep `final` and `records` from the last absorb, and
 * slot `b` needs the moves out of `b − 1`, which a pass from `b − 1` makes again.
 */
export function staleTail(
  stream: Stream,
  raw: readonly (InputEvent[] | undefined)[],
  oldFinal: readonly (InputEvent[] | undefined)[],
  oldRecords: readonly [InputEvent, StaleRecord][],
  b: number,
): StaleResult {
  const s = b > 0 ? b - 1 : 0;
  const view: Stream = {
    display: stream.display,
    snaps: stream.snaps.slice(s),
    at: stream.at.subarray(s),
    credit: stream.credit.subarray(s),
    closed: stream.closed.subarray(s),
    until: stream.until.subarray(s),
    session: stream.session.subarray(s),
  };
  const slots = copySlots(raw, s);
  const moved = reattributeStale([slots] as InputEvent[][][], [view]);
  const final: (InputEvent[] | undefined)[] = oldFinal.slice(0, b);
  final.length = stream.snaps.length;
  for (let i = b; i < final.length; i++) final[i] = slots[i - s];
  const records: [InputEvent, StaleRecord][] = [];
  for (const r of oldRecords) if (r[1].from < b) records.push(r);
  for (const [ev, r] of moved) {
    if (r.from + s < b) continue;
    records.push([ev, { from: r.from + s, to: r.to + s, distanceMs: r.distanceMs }]);
  }
  return { final, records };
}
