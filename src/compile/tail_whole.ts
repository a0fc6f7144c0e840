/**
 * The whole-day build of an incremental session's measuring half (tail.ts): the stages of
 * build.ts over every row, keeping what the tail path resumes from, and the assembly of a
 * `Built` from per-display results (shared by both paths, so they cannot drift apart).
 *
 * @module
 */

import type { Capture, InputEvent, Snapshot } from "../model.ts";
import { attributeInput, presenceMarks } from "./attribute.ts";
import type { Built, BuiltFrame } from "./build.ts";
import { finishFrame } from "./build.ts";
import { type FocusTimeline, focusTimeline } from "./focus.ts";
import { foldFrom } from "./fold.ts";
import type { Rules } from "./rules.ts";
import { type DraftFrame, segmentStream } from "./segment.ts";
import type { SiteOf } from "./site.ts";
import { buildStreams, dwellRules, type Stream } from "./streams.ts";
import { claimSince } from "./tail_focus.ts";
import { type StaleRecord, staleWhole } from "./tail_stale.ts";

/** What one display's stages kept from the last absorb. */
export interface StreamKept {
  stream: Stream;
  /** The fold as it stood before the last segment, which starts at `lastSegment`. */
  fold: DraftFrame[];
  lastSegment: number;
  /** Per snapshot: when its claim run began (NaN: it claims nothing). */
  since: Float64Array;
  /** Per snapshot: its interval's events before stale re-attribution (never changed). */
  raw: (InputEvent[] | undefined)[];
  /** Per snapshot: its events after stale re-attribution (what frames read). */
  final: (InputEvent[] | undefined)[];
  /** The stale records of this stream, in the order re-attribution made them. */
  records: [InputEvent, StaleRecord][];
  /** The frames of the stream's drafts. */
  frames: Map<DraftFrame, BuiltFrame>;
  drafts: DraftFrame[];
}

/** What the measuring half kept from the last absorb. */
export interface Kept {
  built: Built;
  streams: StreamKept[];
  /** Index in `capture.events` of each unattributed event, ascending. */
  unattributedAt: number[];
  /** Event indices by time (ties by index). */
  order: number[];
  /** The latest time of any snapshot or event absorbed. */
  watermark: number;
  snapshots: number;
  events: number;
  rules: Rules;
  stale: boolean;
  /** No snapshot names a machine or a recorder's detail. */
  plain: boolean;
  /** When `built` is a tail build: the Built it spliced onto and where each display reopened. */
  spliced?: { prev: Built; from: number[] };
}

/** True when a snapshot names a machine or a recorder's detail (the tail path's limit). */
export function named(s: Snapshot): boolean {
  return s.machine !== undefined || s.detail !== undefined;
}

/** The latest time of any snapshot or event of `capture` (-Infinity: none). */
function latest(capture: Capture): number {
  let w = -Infinity;
  for (const s of capture.snapshots) if (s.at > w) w = s.at;
  for (const e of capture.events) if (e.at > w) w = e.at;
  return w;
}

/** Builds every stage over the whole capture, keeping what the tail path resumes from. */
export function wholeBuild(capture: Capture, rules: Rules, stale: boolean, site: SiteOf): Kept {
  const streams = buildStreams(
    capture.snapshots,
    dwellRules(rules),
    capture.after,
    capture.markers,
  );
  const focus = focusTimeline(streams, capture.facts.capabilities.focus, capture.events);
  const unattributedAt: number[] = [];
  const { perSnapshot, unattributed } = attributeInput(capture.events, streams, {
    displays: capture.displays,
    focus,
  }, unattributedAt);
  const presence = presenceMarks(streams, perSnapshot);
  const kept = streams.map((stream, k): StreamKept => {
    const segs = segmentStream(stream, site);
    const lastSegment = segs[segs.length - 1].snaps[0];
    const folded = foldFrom([], segs, rules.flickerS * 1000);
    const since = new Float64Array(stream.snaps.length);
    claimSince(stream, since, 0);
    const raw = perSnapshot[k];
    const { final, records } = stale
      ? staleWhole(stream, raw)
      : { final: raw, records: [] as [InputEvent, StaleRecord][] };
    return {
      stream,
      fold: folded.beforeLast,
      lastSegment,
      since,
      raw,
      final,
      records,
      frames: new Map(),
      drafts: folded.frames,
    };
  });
  const order = capture.events.map((_, i) => i);
  order.sort((a, b) => capture.events[a].at - capture.events[b].at || a - b);
  return finish(capture, {
    streams: kept,
    focus,
    presence,
    unattributed,
    unattributedAt,
    order,
    watermark: latest(capture),
    rules,
    stale,
    plain: !capture.snapshots.some(named),
    keepBelow: streams.map(() => 0),
  });
}

/** What {@linkcode finish} assembles a `Built` and its `Kept` from. */
export interface Parts {
  streams: StreamKept[];
  focus: FocusTimeline;
  presence: Uint8Array[];
  unattributed: InputEvent[];
  unattributedAt: number[];
  order: number[];
  watermark: number;
  rules: Rules;
  stale: boolean;
  plain: boolean;
  /** Per stream: a kept frame whose snapshots all lie below this index is reused. */
  keepBelow: number[];
  /** See {@linkcode Kept.spliced}. */
  spliced?: { prev: Built; from: number[] };
}

/** Measures the frames of every display (reusing kept ones) and assembles `Built` and `Kept`. */
export function finish(capture: Capture, p: Parts): Kept {
  const frames: BuiltFrame[] = [];
  p.streams.forEach((sk, k) => {
    const parts = { perSnap: sk.final, pres: p.presence[k], focused: p.focus.credit[k] };
    const memo = new Map<DraftFrame, BuiltFrame>();
    for (const d of sk.drafts) {
      const old = sk.frames.get(d);
      const f = old !== undefined && lastIndex(d) < p.keepBelow[k]
        ? old
        : finishFrame(d, sk.stream, parts);
      // A kept frame points at the display's newest stream (the same on every index it
      // reads), so the streams of earlier absorbs are not kept alive by it.
      f.stream = sk.stream;
      memo.set(d, f);
      frames.push(f);
    }
    sk.frames = memo;
  });
  let stale: Map<InputEvent, StaleRecord> | undefined;
  if (p.stale) {
    stale = new Map();
    for (const sk of p.streams) for (const [ev, r] of sk.records) stale.set(ev, r);
  }
  const built: Built = {
    streams: p.streams.map((sk) => sk.stream),
    frames,
    unattributed: p.unattributed,
    presence: p.presence,
    focus: p.focus,
    redacted: capture,
    ...(stale ? { stale } : {}),
  };
  return {
    built,
    streams: p.streams,
    unattributedAt: p.unattributedAt,
    order: p.order,
    watermark: p.watermark,
    snapshots: capture.snapshots.length,
    events: capture.events.length,
    rules: p.rules,
    stale: p.stale,
    plain: p.plain,
    ...(p.spliced ? { spliced: p.spliced } : {}),
  };
}

/** The highest snapshot index a draft frame holds, its detours' included. */
function lastIndex(d: DraftFrame): number {
  let max = d.snaps[d.snaps.length - 1];
  // Each detour's snapshots ascend: its last is its highest.
  for (const x of d.interruptions) {
    if (x.snaps[x.snaps.length - 1] > max) max = x.snaps[x.snaps.length - 1];
  }
  return max;
}
