/**
 * One focus timeline across displays (SPEC §3.7): at each instant at most one display
 * holds focus, so a frame earns focused seconds only while its own display holds it, and
 * per-app focused time adds up to the day's focused time.
 *
 * A display *claims* focus over the credited dwell of its snapshots marked `focused`; a run
 * of such snapshots whose credit is contiguous is one claim. Where claims of two displays
 * overlap, the claim that began last holds focus (focus moved to it), ties going to the
 * display first in name order, so the timeline is a total function of the capture.
 *
 * The same timeline spans machines and recorders (SPEC §3.7: a person's attention is counted
 * once). Where snapshots name their machine (`Snapshot.machine`, set by a reader whose
 * window holds several), a claim whose dwell interval holds input of its own machine beats
 * one of another machine that holds none; where neither or both do, focus moved last (the
 * claim that began last) decides, as between displays. Between two recorders of one
 * machine, the more detailed (`Snapshot.detail`) holds focus. Where claims of two machines
 * (or of two recorders of one) overlap, the overlap is measured by pair, never added.
 *
 * @module
 */

import type { InputEvent } from "../model.ts";
import type { Stream } from "./streams.ts";

/** Who held focus when: disjoint segments, and each snapshot's share of them. */
export interface FocusTimeline {
  /** Disjoint `[start, end)` segments in time order, flat: start, end, start, end, … */
  spans: Float64Array;
  /** Stream index holding focus during each segment of `spans`. */
  holder: Int32Array;
  /** Per stream, per snapshot: ms of its credited dwell during which its display held focus. */
  credit: Float64Array[];
  /** Per stream: the focused ms of its display. */
  streamMs: number[];
  /** All focused ms (the sum of `streamMs`). */
  totalMs: number;
  /**
   * Ms during which claims of two machines (`a+b`, names sorted) or of two recorders of
   * one machine (`a+a`) overlapped; empty when snapshots name no machine.
   */
  overlapMs: Map<string, number>;
}

/** A run of one stream's focused, credited snapshots (cut where its input changes). */
export interface Claim {
  /** The stream's index. */
  k: number;
  /** Start of the claim, in ms. */
  start: number;
  /** End of the claim, in ms. */
  end: number;
  /** When the run of focused snapshots this claim belongs to began (focus moved here). */
  since: number;
  /** The stream's machine (undefined: one machine). */
  group?: string;
  /** The stream's recorder detail (undefined: one recorder). */
  detail?: number;
  /** Its snapshots' dwell holds input of its own machine. */
  input: boolean;
}

/**
 * The claims of one stream: runs of focused snapshots with contiguous credit; with `input`
 * flags (several machines), a run is cut where its input changes, keeping its `since`.
 */
function claimsOf(stream: Stream, k: number, out: Claim[], input?: Uint8Array): void {
  const { snaps, at, credit } = stream;
  const group = snaps[0]?.machine, detail = snaps[0]?.detail;
  let cur: Claim | undefined;
  for (let i = 0; i < snaps.length; i++) {
    const c = credit[i];
    if (snaps[i].focused !== true || c <= 0) {
      cur = undefined;
      continue;
    }
    const has = input !== undefined && input[i] === 1;
    if (cur !== undefined && cur.end === at[i]) {
      if (cur.input === has) {
        cur.end = at[i] + c;
        continue;
      }
      cur = { k, start: at[i], end: at[i] + c, since: cur.since, group, detail, input: has };
      out.push(cur);
      continue;
    }
    cur = { k, start: at[i], end: at[i] + c, since: at[i], group, detail, input: has };
    out.push(cur);
  }
}

/** True when claim `a` holds focus over claim `b` where both are active. */
function beats(a: Claim, b: Claim): boolean {
  if (a.group !== b.group) {
    if (a.input !== b.input) return a.input;
  } else if (a.detail !== b.detail) return (a.detail ?? 0) > (b.detail ?? 0);
  return a.since > b.since || (a.since === b.since && a.k < b.k);
}

/** Per stream, per snapshot: 1 when an event of the stream's machine falls in its credit. */
function inputFlags(streams: readonly Stream[], events: readonly InputEvent[]): Uint8Array[] {
  const byMachine = new Map<string, number[]>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.machine === undefined) continue;
    let list = byMachine.get(e.machine);
    if (list === undefined) byMachine.set(e.machine, list = []);
    list.push(e.at);
  }
  for (const list of byMachine.values()) list.sort((a, b) => a - b);
  return streams.map((st) => {
    const out = new Uint8Array(st.snaps.length);
    const times = byMachine.get(st.snaps[0]?.machine ?? "");
    if (times === undefined) return out;
    let j = 0;
    for (let i = 0; i < st.snaps.length; i++) {
      while (j < times.length && times[j] < st.at[i]) j++;
      // Snapshots are in time order, so the cursor only moves forward; an event may also
      // belong to a later snapshot of another stream, which has its own cursor.
      if (j < times.length && times[j] < st.at[i] + st.credit[i]) out[i] = 1;
    }
    return out;
  });
}

/**
 * Builds the focus timeline of the streams; `enabled` false (the source does not say which
 * display holds focus) gives an empty one. `events` (with machines named) let the machine
 * with input hold focus.
 */
export function focusTimeline(
  streams: readonly Stream[],
  enabled: boolean,
  events: readonly InputEvent[] = [],
): FocusTimeline {
  const claims: Claim[] = [];
  const machines = streams.some((st) => st.snaps[0]?.machine !== undefined);
  const flags = enabled && machines ? inputFlags(streams, events) : undefined;
  if (enabled) streams.forEach((st, k) => claimsOf(st, k, claims, flags?.[k]));
  const { spans, holder, overlapMs } = sweepClaims(claims, machines);
  const timeline: FocusTimeline = {
    spans: Float64Array.from(spans),
    holder: Int32Array.from(holder),
    credit: streams.map((st) => new Float64Array(st.snaps.length)),
    streamMs: streams.map(() => 0),
    totalMs: 0,
    overlapMs,
  };
  shareOut(streams, timeline);
  return timeline;
}

/** The disjoint segments of a sweep over claims, flat, with who held each. */
export interface Swept {
  /** `[start, end)` pairs, flat, in time order. */
  spans: number[];
  /** The stream holding each segment. */
  holder: number[];
  /** Overlap of machines' (or recorders') claims, by pair. */
  overlapMs: Map<string, number>;
}

/**
 * Sweeps the elementary intervals between the claims' boundaries (sorting `claims` in
 * place): in each, the claim that {@linkcode beats} every other active one holds focus;
 * neighbouring intervals of one holder merge.
 */
export function sweepClaims(claims: Claim[], machines: boolean): Swept {
  const overlapMs = new Map<string, number>();
  const bounds = new Float64Array(claims.length * 2);
  claims.forEach((c, j) => {
    bounds[2 * j] = c.start;
    bounds[2 * j + 1] = c.end;
  });
  bounds.sort();
  claims.sort((a, b) => a.start - b.start || a.k - b.k);
  // Sweep the elementary intervals between boundaries; at most one claim per display is
  // active at a time (a stream's credited intervals are disjoint), so the set stays small.
  const spans: number[] = [];
  const holder: number[] = [];
  const active: Claim[] = [];
  let next = 0;
  for (let b = 0; b + 1 < bounds.length; b++) {
    const lo = bounds[b], hi = bounds[b + 1];
    if (hi <= lo) continue;
    for (let j = active.length - 1; j >= 0; j--) if (active[j].end <= lo) active.splice(j, 1);
    while (next < claims.length && claims[next].start <= lo) {
      if (claims[next].end > lo) active.push(claims[next]);
      next++;
    }
    if (active.length === 0) continue;
    if (machines && active.length > 1) addOverlaps(active, hi - lo, overlapMs);
    let best = active[0];
    for (let j = 1; j < active.length; j++) if (beats(active[j], best)) best = active[j];
    const n = holder.length;
    if (n > 0 && holder[n - 1] === best.k && spans[2 * n - 1] === lo) spans[2 * n - 1] = hi;
    else {
      spans.push(lo, hi);
      holder.push(best.k);
    }
  }
  return { spans, holder, overlapMs };
}

/** Adds `ms` once to every pair of machines (or recorders of one) among active claims. */
function addOverlaps(active: readonly Claim[], ms: number, out: Map<string, number>): void {
  const keys = new Set<string>();
  for (let a = 0; a < active.length; a++) {
    for (let b = a + 1; b < active.length; b++) {
      const x = active[a], y = active[b];
      if (x.group === y.group && x.detail === y.detail) continue;
      const [p, q] = [x.group ?? "", y.group ?? ""].sort();
      keys.add(`${p}+${q}`);
    }
  }
  for (const key of keys) out.set(key, (out.get(key) ?? 0) + ms);
}

/** Splits each segment over the credited dwell of its holder's snapshots. */
function shareOut(streams: readonly Stream[], tl: FocusTimeline): void {
  const cursor = streams.map(() => 0);
  for (let s = 0; s < tl.holder.length; s++) {
    const k = tl.holder[s], lo = tl.spans[2 * s], hi = tl.spans[2 * s + 1];
    const st = streams[k], out = tl.credit[k];
    tl.streamMs[k] += hi - lo;
    tl.totalMs += hi - lo;
    let i = cursor[k];
    while (i < st.at.length && st.at[i] + st.credit[i] <= lo) i++;
    cursor[k] = i;
    for (; i < st.at.length && st.at[i] < hi; i++) {
      const a = st.at[i] > lo ? st.at[i] : lo;
      const e = st.at[i] + st.credit[i];
      const b = e < hi ? e : hi;
      if (b > a) out[i] += b - a;
    }
  }
}

/**
 * Focused ms of one snapshot of stream `k` whose credit is `[a, a + c)`: the sum shareOut
 * adds up for it, segment by segment in the same order, so the two agree to the last bit.
 */
export function focusedShare(
  spans: ArrayLike<number>,
  holder: ArrayLike<number>,
  k: number,
  a: number,
  c: number,
): number {
  const e = a + c;
  let lo = 0, hi = holder.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[2 * mid + 1] <= a) lo = mid + 1;
    else hi = mid;
  }
  let out = 0;
  for (let s = lo; s < holder.length && spans[2 * s] < e; s++) {
    if (holder[s] !== k) continue;
    const from = a > spans[2 * s] ? a : spans[2 * s];
    const to = e < spans[2 * s + 1] ? e : spans[2 * s + 1];
    if (to > from) out += to - from;
  }
  return out;
}

/** Stream index holding focus at instant `t`, or -1 when no display does. */
export function holderAt(tl: FocusTimeline, t: number): number {
  let lo = 0, hi = tl.holder.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (tl.spans[2 * mid + 1] <= t) lo = mid + 1;
    else if (tl.spans[2 * mid] > t) hi = mid - 1;
    else return tl.holder[mid];
  }
  return -1;
}
