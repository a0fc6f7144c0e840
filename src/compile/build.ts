/**
 * Capture model → frames with exact (unrounded) measures: the measuring half of the
 * pipeline (streams → segment → fold → attribute). The document stages round; invariant
 * tests, steps and patterns read these numbers directly.
 *
 * @module
 */

import type { Capture, InputEvent } from "../model.ts";
import { redactCapture } from "../entities/redact_capture.ts";
import { attributeInput, presenceMarks } from "./attribute.ts";
import { type FocusTimeline, focusTimeline } from "./focus.ts";
import { foldFlicker } from "./fold.ts";
import type { Rules } from "./rules.ts";
import { type DraftFrame, segmentStream } from "./segment.ts";
import { cachedSiteOf, type SiteOf } from "./site.ts";
import { buildStreams, dwellRules, type Stream } from "./streams.ts";
import { reattributeStale, type StaleRecord } from "./enrich/stale.ts";

export { siteOf } from "./site.ts";
export type { SiteOf } from "./site.ts";

/** A detour folded into a frame, with exact credit and its input. */
export interface BuiltInterruption {
  /** The detour's app. */
  app: string;
  /** The detour's site, when it showed a URL. */
  site: string | undefined;
  /** Dwell credit of the detour in ms (not part of the frame's duration). */
  creditMs: number;
  /** Refs of the detour's snapshots, for the frame's evidence. */
  snapRefs: number[];
  /** Input attributed to the detour's dwell intervals (not part of the frame's input). */
  events: InputEvent[];
}

/** A compiled frame with exact measures. */
export interface BuiltFrame {
  /** Stable id `<display>:<first snapshot ref>` (SPEC §3.9). */
  id: string;
  /** The display whose stream the frame came from. */
  display: string;
  /** The machine of the frame's snapshots, when the capture names machines. */
  machine?: string;
  /** The frame's app. */
  app: string;
  /** The frame's site, when it showed a URL. */
  site: string | undefined;
  /** Time of the first own snapshot, in ms since the epoch. */
  startMs: number;
  /** Time of the last own snapshot plus its credit, in ms since the epoch. */
  endMs: number;
  /** Dwell credit of the own snapshots in ms (interruptions excluded). */
  durationMs: number;
  /** Credit earned while the display held focus, in ms. */
  focusedMs: number;
  /** Credit earned by heartbeat-only stretches, in ms. */
  presenceMs: number;
  /** The stream the frame's snapshots index into. */
  stream: Stream;
  /** Stream indices of the frame's own snapshots, ascending. */
  snaps: number[];
  /** Input attributed to the frame's own dwell intervals. */
  events: InputEvent[];
  /** Detours folded into the frame by the flicker rule, in time order. */
  interruptions: BuiltInterruption[];
}

/** Everything the document stages need. */
export interface Built {
  /** One stream per display, sorted by display name. */
  streams: Stream[];
  /** Every frame, listed or not, stream by stream in time order. */
  frames: BuiltFrame[];
  /** Events outside every dwell interval: counted, never dropped (SPEC §3.5). */
  unattributed: InputEvent[];
  /** Per stream, per snapshot: 1 when its dwell is presence (heartbeat, no input). */
  presence: Uint8Array[];
  /** Which display held focus when (empty when the source does not mark focus). */
  focus: FocusTimeline;
  /** Events whose own app/window disagreed with the capture (when stale attribution ran). */
  stale?: Map<InputEvent, StaleRecord>;
  /** The capture as the stages read it: titles, element names and script URLs redacted. */
  redacted: Capture;
}

/** Options of {@linkcode buildFrames}. */
export interface BuildOptions {
  /** Re-attribute events whose own app/window disagrees with the capture (SPEC §8). */
  stale?: boolean;
  /** The URL → site function (a session keeps one memo; default: one per call). */
  site?: SiteOf;
}

/** Builds frames from a capture: streams, dwell, segments, flicker folds, input. */
export function buildFrames(raw: Capture, rules: Rules, opts: BuildOptions = {}): Built {
  const capture = redactCapture(raw); // titles are third-party text: redacted before use (SPEC §9)
  const streams = buildStreams(
    capture.snapshots,
    dwellRules(rules),
    capture.after,
    capture.markers,
  );
  const site = opts.site ?? cachedSiteOf();
  const drafts = streams.map((s) => foldFlicker(segmentStream(s, site), rules.flickerS * 1000));
  const focus = focusTimeline(streams, capture.facts.capabilities.focus, capture.events);
  const { perSnapshot, unattributed } = attributeInput(capture.events, streams, {
    displays: capture.displays,
    focus,
  });
  const presence = presenceMarks(streams, perSnapshot);
  const stale = opts.stale ? reattributeStale(perSnapshot, streams) : undefined;
  const frames: BuiltFrame[] = [];
  streams.forEach((stream, k) => {
    const parts = { perSnap: perSnapshot[k], pres: presence[k], focused: focus.credit[k] };
    for (const d of drafts[k]) frames.push(finishFrame(d, stream, parts));
  });
  return {
    streams,
    frames,
    unattributed,
    presence,
    focus,
    redacted: capture,
    ...(stale ? { stale } : {}),
  };
}

/** The events of the given snapshots' dwell intervals, in snapshot order. */
function collect(
  snaps: readonly number[],
  perSnap: readonly (InputEvent[] | undefined)[],
): InputEvent[] {
  const out: InputEvent[] = [];
  for (let j = 0; j < snaps.length; j++) {
    const evs = perSnap[snaps[j]];
    if (evs) { for (let k = 0; k < evs.length; k++) out.push(evs[k]); }
  }
  return out;
}

/** One stream's per-snapshot results that frames are measured from. */
export interface StreamParts {
  /** Per snapshot: the events of its dwell interval (after any stale re-attribution). */
  perSnap: readonly (InputEvent[] | undefined)[];
  /** Per snapshot: 1 when its dwell is presence. */
  pres: Uint8Array;
  /** Focused ms of each snapshot, from the one focus timeline. */
  focused: Float64Array;
}

/** Measures a draft frame of `stream` from the stream's per-snapshot results. */
export function finishFrame(d: DraftFrame, stream: Stream, parts: StreamParts): BuiltFrame {
  const { perSnap, pres, focused } = parts;
  const first = d.snaps[0], last = d.snaps[d.snaps.length - 1];
  let focusedMs = 0, presenceMs = 0;
  for (let j = 0; j < d.snaps.length; j++) {
    const i = d.snaps[j];
    focusedMs += focused[i];
    if (pres[i]) presenceMs += stream.credit[i];
  }
  return {
    id: `${stream.display}:${stream.snaps[first].ref}`,
    display: stream.display,
    ...(stream.snaps[first].machine !== undefined ? { machine: stream.snaps[first].machine } : {}),
    app: d.app,
    site: d.site,
    startMs: stream.at[first],
    endMs: stream.at[last] + stream.credit[last],
    durationMs: d.creditMs,
    focusedMs,
    presenceMs,
    stream,
    snaps: d.snaps,
    events: collect(d.snaps, perSnap),
    interruptions: d.interruptions.map((x) => ({
      app: x.app,
      site: x.site,
      creditMs: x.creditMs,
      snapRefs: x.snaps.map((i) => stream.snaps[i].ref),
      events: collect(x.snaps, perSnap),
    })),
  };
}
