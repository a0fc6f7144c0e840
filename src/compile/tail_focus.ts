/**
 * The focus timeline reopened from an instant `t` on (tail.ts says why nothing before `t`
 * can change): the segments before `t` are kept, those from `t` on are swept anew from the
 * claims still active at or after `t`, and the two are joined where one holder spans `t`.
 *
 * @module
 */

import { type Claim, focusedShare, type FocusTimeline, sweepClaims } from "./focus.ts";
import type { Stream } from "./streams.ts";

/**
 * Per snapshot from `from` on: when the run of contiguous focused credit it belongs to
 * began (NaN for a snapshot that claims nothing) — the `since` focus.ts's claims carry.
 */
export function claimSince(stream: Stream, out: Float64Array, from: number): void {
  const { snaps, at, credit } = stream;
  for (let i = from; i < snaps.length; i++) {
    if (snaps[i].focused !== true || credit[i] <= 0) {
      out[i] = NaN;
      continue;
    }
    const j = i - 1;
    out[i] = j >= 0 && !Number.isNaN(out[j]) && at[j] + credit[j] === at[i] ? out[j] : at[i];
  }
}

/**
 * The timeline of `streams` (no machines named) whose segments before `t` are `prev`'s:
 * `from[k]` is the first snapshot of stream `k` whose credit may reach past `t` (every
 * earlier one keeps its focused share), `since` the claim starts of {@linkcode claimSince}.
 */
export function focusTail(
  prev: FocusTimeline,
  streams: readonly Stream[],
  since: readonly Float64Array[],
  from: readonly number[],
  t: number,
): FocusTimeline {
  const claims: Claim[] = [];
  streams.forEach((st, k) => {
    let cur: Claim | undefined;
    for (let i = from[k]; i < st.snaps.length; i++) {
      const c = st.credit[i], a = st.at[i];
      if (st.snaps[i].focused !== true || c <= 0 || a + c <= t) {
        cur = undefined;
        continue;
      }
      if (cur !== undefined && cur.end === a) {
        cur.end = a + c;
        continue;
      }
      // Clipped at t: a claim is chosen by when it began (`since`), not by its start here.
      cur = { k, start: a > t ? a : t, end: a + c, since: since[k][i], input: false };
      claims.push(cur);
    }
  });
  const tail = sweepClaims(claims, false);
  const old = prev.spans;
  let m = 0, hiS = prev.holder.length;
  while (m < hiS) {
    const mid = (m + hiS) >>> 1;
    if (old[2 * mid] < t) m = mid + 1;
    else hiS = mid;
  }
  const spans = new Float64Array(2 * (m + tail.holder.length));
  const holder = new Int32Array(m + tail.holder.length);
  spans.set(old.subarray(0, 2 * m));
  holder.set(prev.holder.subarray(0, m));
  if (m > 0 && spans[2 * m - 1] > t) spans[2 * m - 1] = t;
  let n = m;
  for (let j = 0; j < tail.holder.length; j++) {
    const lo = tail.spans[2 * j], hi = tail.spans[2 * j + 1], h = tail.holder[j];
    if (j === 0 && n > 0 && holder[n - 1] === h && spans[2 * n - 1] === lo) {
      spans[2 * n - 1] = hi;
      continue;
    }
    spans[2 * n] = lo;
    spans[2 * n + 1] = hi;
    holder[n++] = h;
  }
  const fs = spans.slice(0, 2 * n), fh = holder.slice(0, n);
  const tl: FocusTimeline = {
    spans: fs,
    holder: fh,
    credit: streams.map((st, k) => {
      const out = new Float64Array(st.snaps.length);
      const keep = Math.min(from[k], prev.credit[k].length);
      out.set(prev.credit[k].subarray(0, keep));
      for (let i = keep; i < out.length; i++) {
        out[i] = focusedShare(fs, fh, k, st.at[i], st.credit[i]);
      }
      return out;
    }),
    streamMs: streams.map(() => 0),
    totalMs: 0,
    overlapMs: new Map(),
  };
  // The sums in segment order, as focus.ts adds them.
  for (let s = 0; s < n; s++) {
    const ms = tl.spans[2 * s + 1] - tl.spans[2 * s];
    tl.streamMs[tl.holder[s]] += ms;
    tl.totalMs += ms;
  }
  return tl;
}
