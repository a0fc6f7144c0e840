/**
 * The coverage block (SPEC §3.6–3.8, §4): what the window covered — per display and
 * deduplicated across displays, focused and present — and what it could not see: gaps,
 * unattributed input, rejected rows.
 *
 * @module
 */

import type { Capture, Marker } from "../model.ts";
import type { Built } from "./build.ts";
import type { Coverage, DisplayCoverage, Gap, Withheld } from "./document.ts";
import { buildWithheld } from "./withheld.ts";
import { byKey, minutes } from "./frame_doc.ts";
import type { Listing } from "./listing.ts";
import type { Settings } from "./options.ts";
import { toRuns } from "./runs.ts";
import { dedupMs, displayFocusMs, focusMs, presenceMs, type Tally } from "./tally.ts";

/** The earlier stages' results that coverage reads. */
export interface CoverageParts {
  /** The settled options. */
  settings: Settings;
  /** The exact frames, streams and attribution. */
  built: Built;
  /** The unions over credited snapshots. */
  tally: Tally;
  /** The listed and omitted frames, with click resolution totals. */
  listing: Listing;
}

/** Builds the coverage block in document key order. */
export function buildCoverage(capture: Capture, parts: CoverageParts): Coverage {
  const { settings, built, tally, listing } = parts;
  const { time, enrich } = settings;
  const focus = capture.facts.capabilities.focus;
  const perDisplay: Record<string, DisplayCoverage> = {};
  built.streams.forEach((st, k) => {
    perDisplay[st.display] = {
      active_minutes: minutes(tally.streamMs[k]),
      ...(focus ? { focused_minutes: minutes(displayFocusMs(tally, k)) } : {}),
      snapshots: st.snaps.length,
      frames: 0,
    };
  });
  for (const f of listing.listed) perDisplay[f.display].frames++;
  const gaps = coverageGaps(built.streams.flatMap((s) => Array.from(s.at)), {
    window: observedWindow(capture.window, settings.observedUntil),
    sessionGapS: settings.rules.sessionGapS,
    time,
    markers: capture.markers ?? [],
  });
  const dedup = dedupMs(tally);
  const none = tally.firstMs === Infinity;
  const spanMs = none ? 0 : tally.lastMs - tally.firstMs;
  const rejected = capture.facts.rejected;
  const rejectedRows: Record<string, number> = {};
  for (const k of Object.keys(rejected).sort(byKey)) rejectedRows[k] = rejected[k];
  return {
    first_activity: none ? null : time(tally.firstMs),
    last_activity: none ? null : time(tally.lastMs),
    active_minutes: minutes(tally.activeMs),
    dedup_active_minutes: minutes(dedup),
    ...(focus ? { focused_minutes: minutes(focusMs(tally)) } : {}),
    presence_minutes: minutes(presenceMs(tally)),
    span_minutes: minutes(spanMs),
    coverage_pct: spanMs > 0 ? Math.round((dedup / spanMs) * 1000) / 10 : 0,
    snapshots: capture.snapshots.length,
    distinct_apps: tally.apps.size,
    frames: listing.frames.length,
    omitted_frames: listing.omitted,
    omitted_minutes: minutes(listing.omittedMs),
    gaps,
    per_display: perDisplay,
    ...(built.focus.overlapMs.size > 0 ? { overlap_minutes: overlaps(built.focus.overlapMs) } : {}),
    unattributed_input: built.unattributed.length,
    ...(enrich
      ? { click_resolution: listing.totals, reattributed_input: built.stale?.size ?? 0 }
      : {}),
    rejected_rows: rejectedRows,
    ...withheldPart(built.redacted),
  };
}

function withheldPart(capture: Capture): { withheld?: Withheld } {
  const own = buildWithheld(capture);
  const upstream = capture.facts.withheld;
  if (upstream === undefined || Object.keys(upstream).length === 0) {
    return own === undefined ? {} : { withheld: own };
  }
  const base: Withheld = own ?? { excluded_rows: {}, typed_runs_not_loaded: 0, redacted: {} };
  return { withheld: { ...base, recorder: sortedCounts(upstream) } };
}

/** The part of the window that had happened when the capture was read. */
function observedWindow(
  window: { start: number; end: number },
  until: number | undefined,
): { start: number; end: number } {
  if (until === undefined || until >= window.end) return window;
  return { start: window.start, end: Math.max(window.start, until) };
}

interface GapContext {
  window: { start: number; end: number };
  sessionGapS: number;
  time: (ms: number) => string;
  markers: readonly Marker[];
}

/**
 * Periods longer than the session gap with no snapshot on any display — between
 * snapshots, and from the window's start to the first one and from the last one to the
 * window's end (SPEC §3.11) — each labelled with the reason the recorder gave (its marker
 * rows inside the gap), else left unknown.
 */
function coverageGaps(times: number[], ctx: GapContext): Gap[] {
  times.sort((a, b) => a - b);
  const { start, end } = ctx.window;
  // The window's edges bound the first and last gap; a window with no snapshot is one gap.
  if (times.length === 0 || start <= times[0]) times.unshift(start);
  if (end >= times[times.length - 1]) times.push(end);
  const markers = [...ctx.markers].sort((a, b) => a.at - b.at || a.ref - b.ref);
  const gaps: Gap[] = [];
  const limit = ctx.sessionGapS * 1000;
  let m = 0;
  for (let i = 1; i < times.length; i++) {
    const lo = times[i - 1], hi = times[i];
    if (hi - lo <= limit) continue;
    const gap: Gap = { start: ctx.time(lo), end: ctx.time(hi), minutes: minutes(hi - lo) };
    while (m < markers.length && markers[m].at < lo) m++;
    const inside: Marker[] = [];
    for (let k = m; k < markers.length && markers[k].at <= hi; k++) inside.push(markers[k]);
    const away = inside.find((x) => x.kind === "away");
    const reason = away
      ? away.reason ?? "away"
      : inside.some((x) => x.kind === "stop")
      ? "recorder stopped"
      : undefined;
    if (reason !== undefined) {
      gap.reason = reason;
      gap.evidence = toRuns(inside.map((x) => x.ref));
    }
    gaps.push(gap);
  }
  return gaps;
}

/** Overlap minutes by pair, keys in a fixed order. */
function overlaps(ms: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of [...ms.keys()].sort(byKey)) out[k] = minutes(ms.get(k)!);
  return out;
}

/** Counts with keys in a fixed order. */
function sortedCounts(counts: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of Object.keys(counts).sort(byKey)) out[k] = counts[k];
  return out;
}
