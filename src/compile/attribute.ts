/**
 * Input attribution (SPEC §3.5): every event goes to the dwell interval that contains it
 * on its display, or is counted as unattributed — never dropped.
 *
 * @module
 */

import type { DisplayGeometry, InputEvent } from "../model.ts";
import { type FocusTimeline, holderAt } from "./focus.ts";
import { intervalAt, lastAtOrBefore, type Stream } from "./streams.ts";

/** Where an event landed: stream and snapshot index, or unattributed. */
export interface Attribution {
  /** Per stream, per snapshot index: the events attributed to that dwell interval. */
  perSnapshot: InputEvent[][][];
  /** Events outside every dwell interval (session gaps, before the first snapshot, …). */
  unattributed: InputEvent[];
}

/** Options for {@linkcode attributeInput}. */
export interface AttributeOptions {
  /** Display geometry: an event's coordinates pick the display they fall in. */
  displays: readonly DisplayGeometry[];
  /** Who held focus when: the focused display takes events without a display first. */
  focus: FocusTimeline;
}

function displayByPoint(
  displays: readonly DisplayGeometry[],
  x: number,
  y: number,
): string | undefined {
  for (const d of displays) {
    if (x >= d.x && x < d.x + d.width && y >= d.y && y < d.y + d.height) return d.display;
  }
  return undefined;
}

/**
 * Picks the stream of an event: its own display, else the display its coordinates fall in,
 * else the display holding focus at that instant on the one focus timeline, else the display
 * whose latest snapshot at or before the event is most recent (ties → display name order).
 */
export function pickStream(
  ev: InputEvent,
  streams: readonly Stream[],
  index: ReadonlyMap<string, number>,
  opts: AttributeOptions,
): number {
  if (streams.length === 1) return 0;
  if (ev.display !== undefined) {
    const k = index.get(ev.display);
    if (k !== undefined) return k;
  }
  if (ev.x !== undefined && ev.y !== undefined && opts.displays.length > 0) {
    const d = displayByPoint(opts.displays, ev.x, ev.y);
    const k = d === undefined ? undefined : index.get(d);
    if (k !== undefined) return k;
  }
  const focused = holderAt(opts.focus, ev.at);
  if (focused >= 0) return focused;
  let best = -1, bestAt = -Infinity;
  for (let k = 0; k < streams.length; k++) {
    const i = lastAtOrBefore(streams[k], ev.at);
    if (i < 0) continue;
    const t = streams[k].at[i];
    if (t > bestAt) {
      bestAt = t;
      best = k;
    }
  }
  return best;
}

/**
 * Attributes every event to a dwell interval of one stream, or to `unattributed`;
 * `unattributedAt`, when given, receives the index in `events` of each unattributed one.
 */
export function attributeInput(
  events: readonly InputEvent[],
  streams: readonly Stream[],
  opts: AttributeOptions,
  unattributedAt?: number[],
): Attribution {
  const index = new Map(streams.map((s, k) => [s.display, k]));
  const perSnapshot: InputEvent[][][] = streams.map((s) => new Array(s.snaps.length));
  const unattributed: InputEvent[] = [];
  for (let e = 0; e < events.length; e++) {
    const ev = events[e];
    const k = streams.length === 0 ? -1 : pickStream(ev, streams, index, opts);
    const i = k < 0 ? -1 : intervalAt(streams[k], ev.at);
    if (i < 0) {
      unattributed.push(ev);
      unattributedAt?.push(e);
      continue;
    }
    const slot = perSnapshot[k];
    (slot[i] ??= []).push(ev);
  }
  return { perSnapshot, unattributed };
}

/**
 * Per stream, per snapshot: 1 when its dwell is presence (SPEC §3.8) — a heartbeat row
 * that earned credit with no input in its interval. Read from the attribution before any
 * re-attribution moves events, because presence is about when input happened.
 */
export function presenceMarks(
  streams: readonly Stream[],
  perSnapshot: readonly (readonly (InputEvent[] | undefined)[])[],
): Uint8Array[] {
  return streams.map((stream, k) => {
    const pres = new Uint8Array(stream.snaps.length);
    markPresence(stream, perSnapshot[k], pres, 0);
    return pres;
  });
}

/** Sets `pres[i]` for the snapshots of one stream from `from` on (see presenceMarks). */
export function markPresence(
  stream: Stream,
  perSnap: readonly (InputEvent[] | undefined)[],
  pres: Uint8Array,
  from: number,
): void {
  for (let i = from; i < pres.length; i++) {
    pres[i] = stream.snaps[i].trigger === "heartbeat" && !perSnap[i] && stream.credit[i] > 0
      ? 1
      : 0;
  }
}
