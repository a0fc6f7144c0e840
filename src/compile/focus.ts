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
 * @module
 */

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
}

interface Claim {
  k: number;
  start: number;
  end: number;
}

/** The claims of one stream: runs of focused snapshots with contiguous credit. */
function claimsOf(stream: Stream, k: number, out: Claim[]): void {
  const { snaps, at, credit } = stream;
  let cur: Claim | undefined;
  for (let i = 0; i < snaps.length; i++) {
    const c = credit[i];
    if (snaps[i].focused !== true || c <= 0) {
      cur = undefined;
      continue;
    }
    if (cur !== undefined && cur.end === at[i]) {
      cur.end = at[i] + c;
      continue;
    }
    cur = { k, start: at[i], end: at[i] + c };
    out.push(cur);
  }
}

/** True when claim `a` holds focus over claim `b` where both are active. */
function beats(a: Claim, b: Claim): boolean {
  return a.start > b.start || (a.start === b.start && a.k < b.k);
}

/**
 * Builds the focus timeline of the streams; `enabled` false (the source does not say which
 * display holds focus) gives an empty one.
 */
export function focusTimeline(streams: readonly Stream[], enabled: boolean): FocusTimeline {
  const claims: Claim[] = [];
  if (enabled) streams.forEach((st, k) => claimsOf(st, k, claims));
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
    let best = active[0];
    for (let j = 1; j < active.length; j++) if (beats(active[j], best)) best = active[j];
    const n = holder.length;
    if (n > 0 && holder[n - 1] === best.k && spans[2 * n - 1] === lo) spans[2 * n - 1] = hi;
    else {
      spans.push(lo, hi);
      holder.push(best.k);
    }
  }
  const timeline: FocusTimeline = {
    spans: Float64Array.from(spans),
    holder: Int32Array.from(holder),
    credit: streams.map((st) => new Float64Array(st.snaps.length)),
    streamMs: streams.map(() => 0),
    totalMs: 0,
  };
  shareOut(streams, timeline);
  return timeline;
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
