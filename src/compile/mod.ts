/**
 * The compiler: capture model → activity document (SPEC §3, §4). Pure: no clock, no I/O,
 * no host timezone; the same capture and options always give the same document.
 *
 * @example
 * ```ts
 * import { compile } from "./src/compile/mod.ts";
 * const doc = compile(capture, { tz: "Europe/Berlin", day: "2026-07-04" });
 * ```
 *
 * @module
 */

import type { Capture, Marker } from "../model.ts";
import { COMPILER_NAME, VERSION } from "../version.ts";
import { type PageRef, typePage } from "../entities/mod.ts";
import { blindSpots } from "./blind_spots.ts";
import { buildFrames, type BuiltFrame, siteOf } from "./build.ts";
import { DEFAULT_MIN_MINUTES, DEFAULT_RULES, type Rules } from "./rules.ts";
import type {
  ActivityDocument,
  Coverage,
  DisplayCoverage,
  Frame,
  Gap,
  LedgerEntry,
  SiteEntry,
} from "./document.ts";
import { byKey, frameDoc, minutes, topKeys } from "./frame_doc.ts";
import { IntervalUnion } from "./intervals.ts";
import { toRuns } from "./runs.ts";
import { formatLocal } from "./time.ts";
import { classifyFrameClicks, NEARBY_MS, TOLERANCE_PX } from "./enrich/mod.ts";
import { emptyResolutionCounts, unplacedClicks } from "./enrich/counts.ts";

export { buildFrames, siteOf } from "./build.ts";
export { DEFAULT_RULES, type Rules } from "./rules.ts";
export { minutes } from "./frame_doc.ts";
export type { Built, BuiltFrame } from "./build.ts";
export type * from "./document.ts";

/** Options of {@linkcode compile}; everything that changes output is recorded in it. */
export interface CompileOptions extends Partial<Rules> {
  /** IANA timezone for every local time in the document (required: never the host's). */
  tz: string;
  /** The local day the window stands for, when it is a day. */
  day?: string;
  /** Frames shorter than this are omitted from `frames[]` (default 0.5). */
  minMinutes?: number;
  /** URL → typed page reference (default: the built-in generic typer). */
  typer?: (url: string) => PageRef;
  /** Typed text was loaded on operator request (recorded in blind spots). */
  includeText?: boolean;
  /** A timestamp to record as `generated_at` (only when asked; never read from a clock). */
  generatedAt?: string;
  /**
   * Stale attribution and click resolution (SPEC §8; default true). Clicks read element
   * rows through the capture's lazy lookup, only for clicks that need resolving.
   */
  enrich?: boolean;
  /** Click resolution tolerance on each axis, in pixels (default 40). */
  clickTolerancePx?: number;
  /** Reach of the nearby-snapshot rescue, in seconds (default 5). */
  nearbySnapshotS?: number;
}

const MIN = 60_000;
const ALL = "\u0000all";

/**
 * Compiles a capture window into an activity document (schema v1).
 *
 * @example
 * ```ts
 * const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
 * console.log(doc.coverage.active_minutes);
 * ```
 */
export function compile(capture: Capture, opts: CompileOptions): ActivityDocument {
  const rules: Rules = {
    dwellCapS: opts.dwellCapS ?? DEFAULT_RULES.dwellCapS,
    sessionGapS: opts.sessionGapS ?? DEFAULT_RULES.sessionGapS,
    flickerS: opts.flickerS ?? DEFAULT_RULES.flickerS,
  };
  const minMinutes = opts.minMinutes ?? DEFAULT_MIN_MINUTES;
  const tz = opts.tz;
  const typer = opts.typer ?? typePage;
  const pageCache = new Map<string, PageRef>();
  const pageOf = (url: string): PageRef => {
    let p = pageCache.get(url);
    if (!p) pageCache.set(url, p = typer(url));
    return p;
  };
  const enrich = opts.enrich !== false;
  const tolerancePx = opts.clickTolerancePx ?? TOLERANCE_PX;
  const nearbyS = opts.nearbySnapshotS ?? NEARBY_MS / 1000;
  const built = buildFrames(capture, rules, { stale: enrich });
  const focus = capture.facts.capabilities.focus;
  const time = (ms: number) => formatLocal(ms, tz);

  // Ledger, site and coverage unions across displays, from every credited snapshot.
  const union = new IntervalUnion();
  const appTitles = new Map<string, Map<string, number>>();
  const appFrames = new Map<string, { frames: number; longest: number }>();
  const siteFrames = new Map<string, number>();
  const perDisplay: Record<string, DisplayCoverage> = {};
  let activeMs = 0, first = Infinity, last = -Infinity;
  built.streams.forEach((st, k) => {
    let streamMs = 0;
    for (let i = 0; i < st.snaps.length; i++) {
      const s = st.snaps[i], c = st.credit[i], t = st.at[i];
      if (t < first) first = t;
      if (t + c > last) last = t + c;
      streamMs += c;
      // Every app seen is in the ledger, even one only ever folded away as a detour.
      if (!appFrames.has(s.app)) appFrames.set(s.app, { frames: 0, longest: 0 });
      if (c === 0) continue;
      union.add(ALL, t, t + c);
      union.add("app:" + s.app, t, t + c);
      const site = siteOf(s.url);
      if (site !== undefined) union.add("site:" + site, t, t + c);
      if (focus && s.focused === true) {
        union.add("focus:", t, t + c);
        union.add("focus:" + s.app, t, t + c);
        union.add("focus@" + st.display, t, t + c);
      }
      if (built.presence[k][i]) union.add("presence:", t, t + c);
      if (s.title !== undefined && s.title !== "") {
        let m = appTitles.get(s.app);
        if (!m) appTitles.set(s.app, m = new Map());
        m.set(s.title, (m.get(s.title) ?? 0) + c);
      }
    }
    activeMs += streamMs;
    perDisplay[st.display] = {
      active_minutes: minutes(streamMs),
      ...(focus ? { focused_minutes: minutes(union.unionMs("focus@" + st.display)) } : {}),
      snapshots: st.snaps.length,
      frames: 0,
    };
  });

  const listed: BuiltFrame[] = [];
  let omitted = 0, omittedMs = 0;
  for (const f of built.frames) {
    const a = appFrames.get(f.app)!;
    a.frames++;
    if (f.durationMs > a.longest) a.longest = f.durationMs;
    if (f.site !== undefined) siteFrames.set(f.site, (siteFrames.get(f.site) ?? 0) + 1);
    if (f.durationMs < minMinutes * MIN) {
      omitted++;
      omittedMs += f.durationMs;
      continue;
    }
    perDisplay[f.display].frames++;
    listed.push(f);
  }
  // Instants, not local strings: local times repeat on the day clocks go back.
  listed.sort((a, b) => a.startMs - b.startMs || byKey(a.display, b.display));
  const levels = enrich
    ? classifyFrameClicks(listed, capture, {
      stale: built.stale,
      tolerancePx,
      nearbyMs: nearbyS * 1000,
    })
    : undefined;
  const totals = emptyResolutionCounts();
  const frames: Frame[] = listed.map((f) =>
    frameDoc(f, { time, pageOf, focus, levels, stale: built.stale, totals })
  );

  const ledger: LedgerEntry[] = [...appFrames.entries()]
    .map(([app, a]) => ({ app, ms: union.unionMs("app:" + app), a }))
    .sort((x, y) => y.ms - x.ms || byKey(x.app, y.app))
    .map(({ app, ms, a }) => ({
      app,
      minutes: minutes(ms),
      ...(focus ? { focused_minutes: minutes(union.unionMs("focus:" + app)) } : {}),
      frames: a.frames,
      longest_min: minutes(a.longest),
      windows: topKeys(appTitles.get(app) ?? new Map(), 3),
    }));
  const sites: SiteEntry[] = [...siteFrames.entries()]
    .map(([site, n]) => ({ site, ms: union.unionMs("site:" + site), n }))
    .sort((x, y) => y.ms - x.ms || byKey(x.site, y.site))
    .map(({ site, ms, n }) => ({ site, minutes: minutes(ms), frames: n }));

  const gaps = coverageGaps(built.streams.flatMap((s) => Array.from(s.at)), {
    rules,
    time,
    markers: capture.markers ?? [],
  });
  const dedupMs = union.unionMs(ALL);
  const spanMs = first === Infinity ? 0 : last - first;
  const rejected = capture.facts.rejected;
  const rejectedRows: Record<string, number> = {};
  for (const k of Object.keys(rejected).sort(byKey)) rejectedRows[k] = rejected[k];
  const rejectedTotal = Object.values(rejected).reduce((s, n) => s + n, 0);
  const coverage: Coverage = {
    first_activity: first === Infinity ? null : time(first),
    last_activity: first === Infinity ? null : time(last),
    active_minutes: minutes(activeMs),
    dedup_active_minutes: minutes(dedupMs),
    ...(focus ? { focused_minutes: minutes(union.unionMs("focus:")) } : {}),
    presence_minutes: minutes(union.unionMs("presence:")),
    span_minutes: minutes(spanMs),
    coverage_pct: spanMs > 0 ? Math.round((dedupMs / spanMs) * 1000) / 10 : 0,
    snapshots: capture.snapshots.length,
    distinct_apps: appFrames.size,
    frames: frames.length,
    omitted_frames: omitted,
    omitted_minutes: minutes(omittedMs),
    gaps,
    per_display: perDisplay,
    unattributed_input: built.unattributed.length,
    ...(enrich ? { click_resolution: totals, reattributed_input: built.stale?.size ?? 0 } : {}),
    rejected_rows: rejectedRows,
  };

  const doc: ActivityDocument = {
    schema_version: 1,
    window: {
      start: time(capture.window.start),
      end: time(capture.window.end),
      tz,
      ...(opts.day !== undefined ? { day: opts.day } : {}),
    },
    source: {
      adapter: capture.facts.adapter,
      location: capture.facts.location,
      fingerprint: capture.facts.fingerprint,
      capabilities: { ...capture.facts.capabilities },
      ...(capture.displays.length > 0
        ? {
          displays: capture.displays.map((d) => ({
            display: d.display,
            x: d.x,
            y: d.y,
            width: d.width,
            height: d.height,
            scale: d.scale,
          })),
        }
        : {}),
    },
    compiler: {
      name: COMPILER_NAME,
      version: VERSION,
      constants: {
        dwell_cap_s: rules.dwellCapS,
        session_gap_s: rules.sessionGapS,
        flicker_s: rules.flickerS,
        min_minutes: minMinutes,
      },
      ...(enrich
        ? { enrichment: { click_tolerance_px: tolerancePx, nearby_snapshot_s: nearbyS } }
        : {}),
    },
    coverage,
    frames,
    ledger,
    sites,
    blind_spots: blindSpots({
      facts: capture.facts,
      displays: built.streams.length,
      unattributed: built.unattributed.length,
      rejected: rejectedTotal,
      includeText: opts.includeText === true,
      unplacedClicks: enrich ? unplacedClicks(capture, { listed, levels: levels! }) : undefined,
    }),
  };
  if (opts.generatedAt !== undefined) doc.generated_at = opts.generatedAt;
  return doc;
}

interface GapContext {
  rules: Rules;
  time: (ms: number) => string;
  markers: readonly Marker[];
}

/**
 * Periods longer than the session gap with no snapshot on any display, each labelled with
 * the reason the recorder gave (its marker rows inside the gap), else left unknown.
 */
function coverageGaps(times: number[], ctx: GapContext): Gap[] {
  times.sort((a, b) => a - b);
  const markers = [...ctx.markers].sort((a, b) => a.at - b.at || a.ref - b.ref);
  const gaps: Gap[] = [];
  const limit = ctx.rules.sessionGapS * 1000;
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
