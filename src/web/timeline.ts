/**
 * The day's timeline as numbers: one lane per display with its frames, the stretches its
 * display held focus, its presence-only stretches and its detours, plus the gaps across
 * all displays. Read from the compiled document and the streams `buildFrames` builds from
 * the same capture, so every shape is a measured interval, never a guess.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { buildFrames } from "../compile/mod.ts";
import { rulesWith } from "../compile/rules.ts";
import { offsetMinutes } from "../compile/time.ts";
import type { Capture } from "../model.ts";

/** A half-open interval `[start, end)` in UTC ms. */
export interface Span {
  /** Start, UTC ms. */
  start: number;
  /** End, UTC ms. */
  end: number;
}

/** A frame as the timeline draws it. */
export interface TimelineFrame extends Span {
  /** The frame's stable id. */
  id: string;
  /** Its app. */
  app: string;
  /** Its site, when it had one. */
  site?: string;
  /** Its most-dwelt window title. */
  title?: string;
  /** Its dwell credit in minutes. */
  minutes: number;
  /** Minutes while its display held focus, when the source marks focus. */
  focusedMin?: number;
}

/** A detour folded into a frame, drawn as a tick where it started. */
export interface Tick {
  /** When the detour started, UTC ms. */
  at: number;
  /** The detour's app. */
  app: string;
  /** The detour's site, when it had one. */
  site?: string;
  /** Its dwell credit in seconds. */
  seconds: number;
}

/** One display's lane. */
export interface Lane {
  /** The display's name. */
  display: string;
  /** Its frames, in time order. */
  frames: TimelineFrame[];
  /** When this display held focus (empty when the source does not mark focus). */
  focus: Span[];
  /** Heartbeat-only stretches: an awake screen with no input and no change. */
  presence: Span[];
  /** Detours folded into its frames. */
  ticks: Tick[];
}

/** A gap across every display; with a reason it is an away period. */
export interface TimelineGap extends Span {
  /** Its length in minutes. */
  minutes: number;
  /** Why nothing was captured (`locked`, `away`, …), when the recorder said so. */
  reason?: string;
}

/** The whole timeline. */
export interface Timeline {
  /** The axis start (a local full hour), UTC ms. */
  start: number;
  /** The axis end (a local full hour), UTC ms. */
  end: number;
  /** The IANA timezone of the axis labels. */
  tz: string;
  /** The lanes, by display name. */
  lanes: Lane[];
  /** Gaps and away periods. */
  gaps: TimelineGap[];
}

const HOUR = 3_600_000;

/** `ms` moved down (or up) to a full hour of local time in `tz`. */
export function localHour(ms: number, tz: string, up: boolean): number {
  const off = offsetMinutes(ms, tz) * 60_000;
  const local = ms + off;
  const floor = local - (((local % HOUR) + HOUR) % HOUR);
  return (up && floor < local ? floor + HOUR : floor) - off;
}

function merge(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** The timeline of a compiled day (`doc` compiled from `capture` with every frame listed). */
export function buildTimeline(doc: ActivityDocument, capture: Capture): Timeline {
  const tz = doc.window.tz;
  const c = doc.compiler.constants;
  const built = buildFrames(
    capture,
    rulesWith({ dwellCapS: c.dwell_cap_s, sessionGapS: c.session_gap_s, flickerS: c.flicker_s }),
  );
  const lanes = new Map<string, Lane>();
  const lane = (display: string): Lane => {
    let l = lanes.get(display);
    if (l === undefined) {
      l = { display, frames: [], focus: [], presence: [], ticks: [] };
      lanes.set(display, l);
    }
    return l;
  };
  for (const d of Object.keys(doc.coverage.per_display)) lane(d);
  for (const f of doc.frames) {
    lane(f.display).frames.push({
      id: f.id,
      app: f.app,
      ...(f.site !== undefined ? { site: f.site } : {}),
      ...(f.windows[0] !== undefined ? { title: f.windows[0] } : {}),
      start: Date.parse(f.start),
      end: Date.parse(f.end),
      minutes: f.duration_min,
      ...(f.focused_min !== undefined ? { focusedMin: f.focused_min } : {}),
    });
  }
  built.streams.forEach((stream, k) => {
    const l = lane(stream.display);
    const pres = built.presence[k];
    const spans: Span[] = [];
    for (let i = 0; i < stream.snaps.length; i++) {
      if (pres[i]) spans.push({ start: stream.at[i], end: stream.at[i] + stream.credit[i] });
    }
    l.presence = merge(spans);
    const focus: Span[] = [];
    const f = built.focus;
    for (let j = 0; j < f.holder.length; j++) {
      if (f.holder[j] === k) focus.push({ start: f.spans[2 * j], end: f.spans[2 * j + 1] });
    }
    l.focus = merge(focus);
    const atOf = new Map(stream.snaps.map((s) => [s.ref, s.at]));
    for (const frame of built.frames) {
      if (frame.display !== stream.display) continue;
      for (const it of frame.interruptions) {
        const at = Math.min(...it.snapRefs.map((r) => atOf.get(r) ?? Infinity));
        if (!Number.isFinite(at)) continue;
        l.ticks.push({
          at,
          app: it.app,
          ...(it.site !== undefined ? { site: it.site } : {}),
          seconds: Math.round(it.creditMs / 1000),
        });
      }
    }
    l.ticks.sort((a, b) => a.at - b.at);
  });
  const gaps = doc.coverage.gaps.map((g) => ({
    start: Date.parse(g.start),
    end: Date.parse(g.end),
    minutes: g.minutes,
    ...(g.reason !== undefined ? { reason: g.reason } : {}),
  }));
  const first = doc.coverage.first_activity, last = doc.coverage.last_activity;
  const start = first === null ? Date.parse(doc.window.start) : Date.parse(first);
  const end = last === null ? Date.parse(doc.window.end) : Date.parse(last);
  return {
    start: localHour(start, tz, false),
    end: Math.max(localHour(end, tz, true), localHour(start, tz, false) + HOUR),
    tz,
    lanes: [...lanes.values()].sort((a, b) => a.display < b.display ? -1 : 1),
    gaps,
  };
}
