/**
 * The eval's independent oracle: the truth about a day recomputed from the capture rows by a
 * deliberately separate, simple implementation. It imports nothing from `src/compile` (a test
 * checks), so a bug there cannot hide in the figures the eval grades against.
 *
 * Its rules follow SPEC §3 literally and simply:
 * - per display, snapshots sorted by `(at, ref)`; snapshot *i* earns
 *   `min(t[i+1] − t[i], 90 s)` when that gap is ≤ 300 s, else nothing; the one snapshot
 *   past the window (`Capture.after`) lets the last one inside earn; an `away`/`stop`
 *   marker ends the credit where it sits;
 * - attention (one focus timeline): when the source marks focus and it varies, only
 *   focused snapshots earn; across displays the most recent earning snapshot holds each
 *   instant, so no instant is counted twice;
 * - away periods: stretches longer than 300 s between first and last activity that no
 *   display's credit covers.
 * It does not fold flicker detours (SPEC §3.4) into the app around them and knows nothing of
 * heartbeats or presence: per-app minutes can differ from frames' ledger by a detour's
 * seconds, which is what the ±10% tolerance of minute questions absorbs.
 *
 * @module
 */

import type { Capture, Snapshot } from "../model.ts";
import { localClock } from "./_clock.ts";

/** SPEC §3 `DWELL_CAP`, restated here on purpose (a test checks it equals the compiler's). */
export const ORACLE_DWELL_CAP_MS = 90_000;
/** SPEC §3 `SESSION_GAP`, restated here on purpose. */
export const ORACLE_SESSION_GAP_MS = 300_000;

/** An away period in local minutes of the day. */
export interface AwayPeriod {
  /** Local minute of day the period starts. */
  start: number;
  /** Its length in minutes. */
  minutes: number;
}

/** The truth about one window, as the oracle computes it. */
export interface DayTruth {
  /** The local day (`YYYY-MM-DD`). */
  day: string;
  /** Attention minutes per app, largest first (ties by name). */
  apps: { app: string; minutes: number }[];
  /** Every app seen in any snapshot of the window. */
  appSet: string[];
  /** Every site (hostname, lower-cased, leading `www.` removed) seen in a snapshot URL. */
  domains: string[];
  /** Local minute of day of the first snapshot; null when the window is empty. */
  firstActivity: number | null;
  /** Local minute of day where the last credit ends; null when the window is empty. */
  lastActivity: number | null;
  /** Away periods between first and last activity, in time order. */
  away: AwayPeriod[];
}

interface Interval {
  start: number;
  end: number;
  app: string;
}

/** The site of a URL as SPEC §3.3 defines it, or undefined when it has no host. */
export function oracleSite(url: string | undefined): string | undefined {
  if (url === undefined || url === "") return undefined;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (host === "") return undefined;
  return host.startsWith("www.") ? host.slice(4) : host;
}

function credited(
  capture: Capture,
  focusOnly: boolean,
): { all: Interval[]; attention: Interval[] } {
  const byDisplay = new Map<string, Snapshot[]>();
  for (const s of capture.snapshots) {
    if (!byDisplay.has(s.display)) byDisplay.set(s.display, []);
    byDisplay.get(s.display)!.push(s);
  }
  const cuts = (capture.markers ?? []).filter((m) => m.kind === "away" || m.kind === "stop");
  const all: Interval[] = [];
  const attention: Interval[] = [];
  for (const [display, rows] of byDisplay) {
    rows.sort((a, b) => a.at - b.at || a.ref - b.ref);
    const after = (capture.after ?? []).find((s) => s.display === display);
    const stops = cuts.filter((m) => m.display === undefined || m.display === display)
      .map((m) => m.at).sort((a, b) => a - b);
    for (let i = 0; i < rows.length; i++) {
      const next = i + 1 < rows.length ? rows[i + 1] : after;
      if (next === undefined) continue;
      const gap = next.at - rows[i].at;
      if (gap > ORACLE_SESSION_GAP_MS) continue;
      let end = rows[i].at + Math.min(gap, ORACLE_DWELL_CAP_MS);
      const stop = stops.find((t) => t >= rows[i].at);
      if (stop !== undefined && stop < end) end = stop;
      if (end <= rows[i].at) continue;
      const iv = { start: rows[i].at, end, app: rows[i].app };
      all.push(iv);
      if (!focusOnly || rows[i].focused === true) attention.push(iv);
    }
  }
  return { all, attention };
}

/** Whether the source marks focus and the marks vary (else every snapshot counts). */
function focusVaries(snapshots: readonly Snapshot[]): boolean {
  let yes = false, no = false;
  for (const s of snapshots) {
    if (s.focused === true) yes = true;
    if (s.focused === false) no = true;
  }
  return yes && no;
}

/** Per-app minutes where the most recently started interval holds each instant. */
function attentionMinutes(intervals: Interval[]): Map<string, number> {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const ms = new Map<string, number>();
  for (let i = 0; i < sorted.length; i++) {
    const iv = sorted[i];
    const next = i + 1 < sorted.length ? sorted[i + 1].start : Infinity;
    const end = Math.min(iv.end, next);
    if (end > iv.start) ms.set(iv.app, (ms.get(iv.app) ?? 0) + end - iv.start);
  }
  return ms;
}

/**
 * The truth about one day's capture in `tz`: attention per app, app and domain sets, first
 * and last activity, away periods.
 *
 * @example
 * ```ts
 * const truth = oracle(capture, { day: "2026-03-25", tz: "Europe/Berlin" });
 * ```
 */
export function oracle(capture: Capture, opts: { day: string; tz: string }): DayTruth {
  const inside = capture.snapshots.filter((s) =>
    s.at >= capture.window.start && s.at < capture.window.end
  );
  const c = { ...capture, snapshots: inside };
  const { all, attention } = credited(c, focusVaries(inside));
  const perApp = attentionMinutes(attention);
  const apps = [...perApp].map(([app, ms]) => ({ app, minutes: ms / 60_000 }))
    .sort((a, b) => b.minutes - a.minutes || (a.app < b.app ? -1 : 1));
  const appSet = [...new Set(inside.map((s) => s.app))].sort();
  const domains = [...new Set(inside.map((s) => oracleSite(s.url)).filter((d) => d !== undefined))]
    .sort() as string[];
  if (inside.length === 0) {
    return {
      day: opts.day,
      apps,
      appSet,
      domains,
      firstActivity: null,
      lastActivity: null,
      away: [],
    };
  }
  const first = Math.min(...inside.map((s) => s.at));
  const last = Math.max(first, ...all.map((iv) => iv.end));
  // Away: holes in the union of every display's credit, longer than the session gap.
  const away: AwayPeriod[] = [];
  const union = [...all].sort((a, b) => a.start - b.start);
  let reach = first;
  for (const iv of union) {
    if (iv.start - reach > ORACLE_SESSION_GAP_MS) {
      away.push({ start: localClock(reach, opts.tz).minute, minutes: (iv.start - reach) / 60_000 });
    }
    reach = Math.max(reach, iv.end);
  }
  return {
    day: opts.day,
    apps,
    appSet,
    domains,
    firstActivity: localClock(first, opts.tz).minute,
    lastActivity: localClock(last, opts.tz).minute,
    away,
  };
}
