/**
 * Per-display streams and dwell credit (SPEC §3.1–3.2).
 *
 * A recorder that says the user left is believed (this refines SPEC §3.2): a snapshot's
 * dwell interval ends at the first `away` or `stop` marker at or after it (one naming its
 * display, or naming none), so a snapshot written just before the screen locked, or
 * before ActivityWatch's afk watcher saw the user go, earns only the time up to that
 * marker, never the capped dwell across the absence; the frame closes there as at a
 * session gap, and input after the marker is unattributed. `back` and `start` markers change nothing: the next snapshot starts anew.
 *
 * @module
 */

import type { Marker, Snapshot } from "../model.ts";
import type { Rules } from "./rules.ts";

/** One display's snapshots in total order with their dwell credit. */
export interface Stream {
  /** The display every snapshot of the stream is on. */
  display: string;
  /** Snapshots sorted by `(at, ref)`. */
  snaps: Snapshot[];
  /** Snapshot times, for binary search. */
  at: Float64Array;
  /** Dwell credit of each snapshot in ms. */
  credit: Float64Array;
  /** 1 when the snapshot has no dwell interval after it (session gap or last of stream). */
  closed: Uint8Array;
  /**
   * End of each snapshot's dwell interval in ms (input in `[at, until)` is its own): the next
   * snapshot, the one past the window, or an earlier `away`/`stop` marker; NaN when closed.
   * Equal to `at` when a marker sits on the snapshot itself: it earns nothing.
   */
  until: Float64Array;
  /** Session number of each snapshot (increments after every session gap). */
  session: Int32Array;
}

/** The compiler's time constants in milliseconds. */
export interface DwellRules {
  /** The most dwell credit one snapshot earns, in ms. */
  dwellCapMs: number;
  /** A gap longer than this between snapshots ends a session, in ms. */
  sessionGapMs: number;
}

/** The rules' dwell constants in ms. */
export function dwellRules(rules: Rules): DwellRules {
  return { dwellCapMs: rules.dwellCapS * 1000, sessionGapMs: rules.sessionGapS * 1000 };
}

/** The streams' order of snapshots: by time, then by ref. */
export function bySnapshotOrder(a: Snapshot, b: Snapshot): number {
  return a.at - b.at || a.ref - b.ref;
}

/** Times of the markers that end dwell on `display` (`away`, `stop`), ascending. */
export function dwellCuts(markers: readonly Marker[], display: string): Float64Array {
  const out: number[] = [];
  for (const m of markers) {
    if (m.kind !== "away" && m.kind !== "stop") continue;
    // A marker about one display (one host's afk watcher) leaves the others alone.
    if (m.display === undefined || m.display === display) out.push(m.at);
  }
  return Float64Array.from(out).sort();
}

/**
 * Splits snapshots by display (sorted by name) and computes each one's dwell credit. `after`
 * holds, per display, the first snapshot past the window (SPEC §3.11): it ends the last
 * inside snapshot's dwell and is not itself part of the stream. `markers` are the
 * recorder's own statements: an `away` or `stop` marker ends the dwell of the snapshots
 * before it (see the module doc). A snapshot whose source
 * says input has been idle for a session gap or more earns nothing and closes its frame, as
 * a session gap between snapshots does: SPEC §3.2 treats that long without activity as
 * absence, and a recorder that keeps writing heartbeats through an absence must not turn it
 * into time (anything shorter is reading, reported as presence, SPEC §3.8). Using the
 * session gap itself keeps the threshold recorded in the document's constants.
 */
export function buildStreams(
  snapshots: readonly Snapshot[],
  rules: DwellRules,
  after: readonly Snapshot[] = [],
  markers: readonly Marker[] = [],
): Stream[] {
  const next = new Map<string, number>();
  for (const s of after) {
    const t = next.get(s.display);
    if (t === undefined || s.at < t) next.set(s.display, s.at);
  }
  const byDisplay = new Map<string, Snapshot[]>();
  for (let i = 0; i < snapshots.length; i++) {
    const s = snapshots[i];
    let list = byDisplay.get(s.display);
    if (!list) byDisplay.set(s.display, list = []);
    list.push(s);
  }
  const names = [...byDisplay.keys()].sort();
  return names.map((display) => {
    const snaps = byDisplay.get(display)!.sort(bySnapshotOrder);
    const stream = emptyStream(display, snaps);
    measureDwell(stream, 0, 0, next.get(display), dwellCuts(markers, display), rules);
    return stream;
  });
}

/** A stream of `snaps` (sorted) with their times set and nothing measured yet. */
function emptyStream(display: string, snaps: Snapshot[]): Stream {
  const n = snaps.length;
  const at = new Float64Array(n);
  for (let i = 0; i < n; i++) at[i] = snaps[i].at;
  return {
    display,
    snaps,
    at,
    credit: new Float64Array(n),
    closed: new Uint8Array(n),
    until: new Float64Array(n).fill(NaN),
    session: new Int32Array(n),
  };
}

/**
 * Measures the dwell of the stream's snapshots from index `from` on, in place, `sess` being
 * the session number of snapshot `from`: each snapshot's dwell depends only on itself, the
 * next snapshot (or `tail`, the first one past the window) and the cuts, so a tail
 * recompute (tail.ts) starting at the last snapshot it kept gives what a whole pass gives.
 */
export function measureDwell(
  stream: Stream,
  from: number,
  sess: number,
  tail: number | undefined,
  cuts: Float64Array,
  rules: DwellRules,
): void {
  const { snaps, at, credit, closed, until, session } = stream;
  const n = snaps.length;
  // The first cut at or after a snapshot only moves forward; starting it at 0 finds the
  // same one a pass from the first snapshot finds.
  let c = 0;
  for (let i = from; i < n; i++) {
    session[i] = sess;
    credit[i] = 0;
    closed[i] = 0;
    until[i] = NaN;
    const following = i < n - 1 ? at[i + 1] : tail;
    if (following === undefined) {
      closed[i] = 1;
      continue;
    }
    const gap = following - at[i];
    const idle = snaps[i].idleMs;
    if (gap > rules.sessionGapMs || (idle !== undefined && idle >= rules.sessionGapMs)) {
      closed[i] = 1;
      sess++;
      continue;
    }
    while (c < cuts.length && cuts[c] < at[i]) c++;
    // An away or stop marker before the next snapshot ends the interval there.
    const away = c < cuts.length && cuts[c] < following;
    const end = away ? cuts[c] : following;
    const span = end - at[i];
    credit[i] = span < rules.dwellCapMs ? span : rules.dwellCapMs;
    until[i] = end;
    if (away) sess++;
  }
}

/** Index of the last snapshot at or before `t` in a stream, or -1. */
export function lastAtOrBefore(stream: Stream, t: number): number {
  const at = stream.at;
  let lo = 0, hi = at.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/**
 * Index of the dwell interval `[t[i], t[i+1])` containing `t`, or -1 when `t` lies in a
 * session gap, after an away marker, before the first snapshot or after the last one.
 */
export function intervalAt(stream: Stream, t: number): number {
  const i = lastAtOrBefore(stream, t);
  if (i < 0 || stream.closed[i] === 1) return -1;
  // `until` is the next snapshot, the one past the window, or an earlier away marker.
  return t < stream.until[i] ? i : -1;
}
