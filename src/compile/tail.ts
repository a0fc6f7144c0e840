/**
 * Tail-only recompute of the measuring half (streams → focus → segment → fold → attribute,
 * build.ts) for an incremental session (incremental.ts, SPEC §11): when an absorb brings
 * only new snapshots and events after the watermark, the stages are recomputed from one
 * instant `T` on and spliced onto what the last absorb kept; anything else is the
 * whole-day recompute. Both give the same `Built`, stage by stage, to the last bit —
 * tests/compile_tail_test.ts holds the documents to byte equality with a full compile.
 *
 * **When the tail path runs.** The last absorb kept its per-stage results, the watermark
 * `W` (the latest time of any snapshot or event absorbed) and the last snapshot of each
 * display. The delta must bring rows only (no markers, no new `after`, facts, elements,
 * displays or typer; incremental.ts says so), every row at or after `W`, every snapshot
 * on a display already seen and sorting after its last (by `(at, ref)`), and no snapshot,
 * old or new, may name a machine or a recorder's detail. Otherwise: the whole day.
 *
 * **The checkpoint `T`.** For each display that gets snapshots, let `T_k` be the time of its
 * last kept snapshot — or, when that snapshot's dwell comes out unchanged (it stays closed:
 * the new one is past a session gap), the first new snapshot's time. `T` is the least of
 * the `T_k` and of the new events' times; `T ≤` every new row. Why nothing before `T`
 * changes, stage by stage (rows older than `T` are all kept rows):
 *
 * - *Dwell* (streams.ts): a snapshot's credit, `until`, `closed` and session depend on
 *   itself, the next snapshot of its display (or the one past the window) and the markers.
 *   Appending after a display's last snapshot changes only that last one (its next
 *   snapshot is new) and adds the new ones; its session number stays. So every snapshot
 *   of display `k` before its last is as it was, and its last one changes only at or after
 *   `T_k` (its interval starts there).
 * - *Focus* (focus.ts): a claim is a run of contiguous focused credit, chosen over another
 *   by when its run began (`since`), ties by display order. Without machines and recorder
 *   details no input flag cuts a claim and `since`, `k` never change once a run began. A
 *   delta extends or cuts only a claim holding a display's last snapshot (its end moves,
 *   at or after `T_k`) and adds claims starting at or after `T_k`: the set of claims
 *   active at any instant `x < T` and what decides between them are the same, so who held
 *   focus at `x` is. (With machines named, a new event can flip a snapshot's input flag,
 *   and a claim holding input beats one holding none: that would need the flags' reach
 *   bounded too — the whole day runs instead.) A snapshot whose credit ends at or before
 *   `T` keeps its focused share (its overlap with the same segments, added in the same
 *   order); the segments before `T` are kept, cut at `T`, and joined to the ones swept
 *   from the claims active at or after `T` where one holder spans `T`; the per-display
 *   and total focused sums are re-added over all segments in order (tail_focus.ts).
 * - *Attribution* (attribute.ts): an event's stream is its display, its point, the focus
 *   holder at its time or the display whose latest snapshot at or before it is most recent;
 *   its slot is the dwell interval holding it. For an event before `T` none of these
 *   changed (new snapshots are at or after `T`, focus before `T` is as it was, its interval
 *   is a kept one). So only events at or after `A` are attributed anew, `A` the earliest
 *   start of a reopened snapshot — per display the first snapshot `c_k` whose interval
 *   reaches past `T` (`until > T`) or that starts at or after `T`; every slot before `c_k`
 *   holds only events before `T`, unchanged. This is where a longer dwell pulls formerly
 *   unattributed input in: such input is at or after `T` (it was past the last snapshot's
 *   interval), and is looked at again. Unattributed events keep their order by index.
 * - *Presence* (attribute.ts) of a snapshot is its trigger, its credit and whether its slot
 *   holds input: unchanged before `c_k`.
 * - *Stale re-attribution* (enrich/stale.ts) moves a disagreeing event from its slot `i` to
 *   the nearest snapshot, `i` or `i + 1`. The slot before `c_k` can lose an event to `c_k`,
 *   and, when `c_k` is a new snapshot, to one that did not exist before: from `c_k − 1` on
 *   the re-attribution runs again (over the slots from `c_k − 2`, whose moves into `c_k − 1`
 *   it needs); the slots before `c_k − 1` are as they were.
 * - *Segments and the flicker fold* (segment.ts, fold.ts) depend on keys, sessions and
 *   credit, which change only from a display's last snapshot on. The fold is a stack that
 *   only pushes a segment and folds its top three; the stack as it stood before the last
 *   segment was pushed is kept (fold.ts folds into copies of it, never into it), and the
 *   fold resumes from there with the last segment cut anew. The two-frame lookback is
 *   inside: whatever the new segments fold back into is on that stack.
 * - *Frames* (build.ts) are measured from the per-snapshot results: a frame of the kept
 *   stack whose snapshots all lie before `c_k` (before `c_k − 1` with stale attribution) is
 *   the very `BuiltFrame` of the last absorb — same object, so memos keyed on it hit —
 *   pointed at its display's new `Stream`, which agrees with the old one on every index
 *   such a frame reads (and lets the old one go).
 * - *Tally* (tally.ts) and everything after it stay whole-day recomputes over the spliced
 *   result (pipeline.ts), with one site memo per session.
 *
 * @module
 */

import type { Capture, InputEvent, Snapshot } from "../model.ts";
import { redactCapture } from "../entities/redact_capture.ts";
import { markPresence, pickStream } from "./attribute.ts";
import type { BuildOptions, Built } from "./build.ts";
import { focusTimeline } from "./focus.ts";
import { foldFrom } from "./fold.ts";
import type { Rules } from "./rules.ts";
import { segmentStream } from "./segment.ts";
import type { SiteOf } from "./site.ts";
import {
  bySnapshotOrder,
  dwellCuts,
  dwellRules,
  intervalAt,
  measureDwell,
  type Stream,
} from "./streams.ts";
import { claimSince, focusTail } from "./tail_focus.ts";
import { staleTail } from "./tail_stale.ts";
import { integralTimes, type TallyKept, tallyTail, tallyWhole } from "./tail_tally.ts";
import { type Tally, tallyCredit } from "./tally.ts";
import { finish, type Kept, named, type StreamKept, wholeBuild } from "./tail_whole.ts";

/**
 * Test hook, never set by a user-facing path: moves the checkpoint this many ms later, so
 * the tests can show that a checkpoint one step too late is caught.
 */
export const TAIL_TEST_HOOKS: { lateMs: number } = { lateMs: 0 };

/** How often each path ran in a session (read by tests, never shown to users). */
export interface TailCounts {
  /** Absorbs recomputed from the checkpoint on. */
  tail: number;
  /** Whole-day recomputes (the first compile and every fallback). */
  whole: number;
}

/** The measuring half of one incremental session. */
export interface TailSession {
  /**
   * The frames of `capture` (the session's rows, appended to since the last call);
   * `rowsOnly` says the rows are all that changed, which lets the tail path run.
   */
  build(capture: Capture, rules: Rules, opts: BuildOptions, rowsOnly: boolean): Built;
  /** The tally of a Built: of the last one built, from its reopened snapshots on. */
  tally(built: Built): Tally;
  /** How often each path ran. */
  counts: TailCounts;
}

/** Starts the measuring half of a session; `site` is the session's site memo. */
export function tailSession(site: SiteOf): TailSession {
  let kept: Kept | undefined;
  let tallied: TallyKept | undefined;
  const counts: TailCounts = { tail: 0, whole: 0 };
  return {
    counts,
    tally(built) {
      if (tallied?.built === built) return tallied.tally;
      const k = kept;
      if (k === undefined || built !== k.built || !k.plain) return tallyCredit(built, site);
      const sp = k.spliced;
      const next = tallied !== undefined && sp !== undefined && sp.prev === tallied.built
        ? tallyTail(tallied, built, sp.from, site)
        : integralTimes(built)
        ? tallyWhole(built, site)
        : undefined;
      tallied = next;
      return next?.tally ?? tallyCredit(built, site);
    },
    build(capture, rules, opts, rowsOnly) {
      const red = redactCapture(capture);
      const stale = opts.stale === true;
      if (rowsOnly && kept !== undefined && red === capture && sameRules(kept.rules, rules)) {
        if (kept.stale === stale) {
          const next = tailBuild(kept, capture, site);
          if (next !== undefined) {
            counts.tail++;
            kept = next;
            return next.built;
          }
        }
      }
      counts.whole++;
      kept = wholeBuild(red, rules, stale, site);
      return kept.built;
    },
  };
}

function sameRules(a: Rules, b: Rules): boolean {
  return a.dwellCapS === b.dwellCapS && a.sessionGapS === b.sessionGapS &&
    a.flickerS === b.flickerS;
}

/** The tail path, or undefined when the new rows are not all after the watermark. */
function tailBuild(kept: Kept, capture: Capture, site: SiteOf): Kept | undefined {
  const snaps = capture.snapshots, events = capture.events;
  const prev = kept.built;
  if (snaps.length < kept.snapshots || events.length < kept.events) return undefined;
  const index = new Map(prev.streams.map((s, k) => [s.display, k]));
  const fresh: Snapshot[][] = prev.streams.map(() => []);
  let watermark = kept.watermark, t = Infinity;
  for (let i = kept.snapshots; i < snaps.length; i++) {
    const s = snaps[i], k = index.get(s.display);
    if (k === undefined || s.at < kept.watermark || named(s)) return undefined;
    const old = prev.streams[k].snaps;
    if (bySnapshotOrder(s, old[old.length - 1]) <= 0) return undefined;
    fresh[k].push(s);
    if (s.at > watermark) watermark = s.at;
  }
  for (let i = kept.events; i < events.length; i++) {
    const e = events[i];
    if (e.at < kept.watermark) return undefined;
    if (e.at > watermark) watermark = e.at;
    if (e.at < t) t = e.at;
  }
  if (!kept.plain) return undefined;
  // Streams: only a display's last kept snapshot and the new ones are measured again.
  const dwell = dwellRules(kept.rules);
  const nextPast = new Map<string, number>();
  for (const s of capture.after ?? []) {
    const x = nextPast.get(s.display);
    if (x === undefined || s.at < x) nextPast.set(s.display, s.at);
  }
  const streams = prev.streams.map((old, k) => {
    if (fresh[k].length === 0) return old;
    const add = fresh[k].sort(bySnapshotOrder);
    const n = old.snaps.length, last = n - 1;
    const st = extendStream(old, add);
    const cuts = dwellCuts(capture.markers ?? [], old.display);
    measureDwell(st, last, old.session[last], nextPast.get(old.display), cuts, dwell);
    const same = st.credit[last] === old.credit[last] && st.closed[last] === old.closed[last] &&
      Object.is(st.until[last], old.until[last]);
    const tk = same ? add[0].at : old.at[last];
    if (tk < t) t = tk;
    return st;
  });
  if (t === Infinity) return { ...kept, watermark };
  t += TAIL_TEST_HOOKS.lateMs;
  // Per display, the first snapshot whose interval reaches past t or that starts at or after it.
  const from = streams.map((st) => {
    let i = st.snaps.length - 1;
    while (i >= 0 && (st.at[i] >= t || (st.closed[i] === 0 && st.until[i] > t))) i--;
    return i + 1;
  });
  const since = streams.map((st, k) => {
    const old = kept.streams[k].since;
    if (st === prev.streams[k]) return old;
    const out = new Float64Array(st.snaps.length);
    const last = prev.streams[k].snaps.length - 1;
    out.set(old.subarray(0, last));
    claimSince(st, out, last);
    return out;
  });
  const focus = capture.facts.capabilities.focus
    ? focusTail(prev.focus, streams, since, from, t)
    : focusTimeline(streams, false);
  // Attribution: the events from the earliest reopened snapshot on, in index order.
  let a = t;
  streams.forEach((st, k) => {
    if (from[k] < st.snaps.length && st.at[from[k]] < a) a = st.at[from[k]];
  });
  const order = kept.order;
  const added: number[] = [];
  for (let i = kept.events; i < events.length; i++) added.push(i);
  added.sort((x, y) => events[x].at - events[y].at || x - y);
  for (const i of added) order.push(i);
  let lo = 0, hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (events[order[mid]].at < a) lo = mid + 1;
    else hi = mid;
  }
  const again = Int32Array.from(order.slice(lo)).sort();
  const raw = streams.map((st, k) => {
    const out: (InputEvent[] | undefined)[] = kept.streams[k].raw.slice(0, from[k]);
    out.length = st.snaps.length;
    return out;
  });
  const opts = { displays: capture.displays, focus };
  const lost: number[] = [];
  for (let j = 0; j < again.length; j++) {
    const ev = events[again[j]];
    const k = pickStream(ev, streams, index, opts);
    const i = k < 0 ? -1 : intervalAt(streams[k], ev.at);
    if (i < 0) lost.push(again[j]);
    else if (i >= from[k]) (raw[k][i] ??= []).push(ev);
  }
  const unattributedAt = mergeKept(kept.unattributedAt, lost, (i) => events[i].at < a);
  const presence = streams.map((st, k) => {
    const pres = new Uint8Array(st.snaps.length);
    pres.set(prev.presence[k].subarray(0, from[k]));
    markPresence(st, raw[k], pres, from[k]);
    return pres;
  });
  // Per display, where the per-snapshot results may differ from the last absorb's.
  const reopen = streams.map((st, k) =>
    kept.stale && from[k] < st.snaps.length ? Math.max(0, from[k] - 1) : from[k]
  );
  const sks = streams.map((stream, k): StreamKept => {
    const sk = kept.streams[k];
    const same = stream === prev.streams[k] && reopen[k] === stream.snaps.length;
    const { final, records } = kept.stale && !same
      ? staleTail(stream, raw[k], sk.final, sk.records, reopen[k])
      : { final: kept.stale ? sk.final : raw[k], records: sk.records };
    let fold = sk.fold, lastSegment = sk.lastSegment, drafts = sk.drafts;
    if (stream !== prev.streams[k]) {
      const segs = segmentStream(stream, site, sk.lastSegment);
      lastSegment = segs[segs.length - 1].snaps[0];
      const folded = foldFrom(sk.fold, segs, kept.rules.flickerS * 1000);
      fold = folded.beforeLast;
      drafts = folded.frames;
    }
    return {
      stream,
      fold,
      lastSegment,
      since: since[k],
      raw: raw[k],
      final,
      records,
      frames: sk.frames,
      drafts,
    };
  });
  return finish(capture, {
    streams: sks,
    focus,
    presence,
    unattributed: unattributedAt.map((i) => events[i]),
    unattributedAt,
    order,
    watermark,
    rules: kept.rules,
    stale: kept.stale,
    plain: true,
    keepBelow: reopen,
    spliced: { prev, from },
  });
}

/**
 * A stream of `old`'s snapshots and `add` (sorting after them) whose arrays hold `old`'s
 * measures up to its last snapshot; measureDwell measures the rest.
 */
function extendStream(old: Stream, add: readonly Snapshot[]): Stream {
  const n = old.snaps.length, total = n + add.length, last = n - 1;
  const at = new Float64Array(total);
  at.set(old.at);
  for (let j = 0; j < add.length; j++) at[n + j] = add[j].at;
  const credit = new Float64Array(total), closed = new Uint8Array(total);
  const until = new Float64Array(total), session = new Int32Array(total);
  credit.set(old.credit.subarray(0, last));
  closed.set(old.closed.subarray(0, last));
  until.set(old.until.subarray(0, last));
  session.set(old.session.subarray(0, last));
  return { display: old.display, snaps: old.snaps.concat(add), at, credit, closed, until, session };
}

/** The kept indices that `keep` accepts merged with `fresh` (both ascending), ascending. */
function mergeKept(old: number[], fresh: number[], keep: (i: number) => boolean): number[] {
  const out: number[] = [];
  let j = 0;
  for (const i of old) {
    if (!keep(i)) continue;
    while (j < fresh.length && fresh[j] < i) out.push(fresh[j++]);
    out.push(i);
  }
  while (j < fresh.length) out.push(fresh[j++]);
  return out;
}
