/**
 * One pass over every credited snapshot, collecting the unions that ledgers and coverage
 * measure (SPEC §3.6–3.8): a minute seen on two displays counts once, focus has one
 * timeline, presence is its own union.
 *
 * @module
 */

import type { Built } from "./build.ts";
import { IntervalUnion } from "./intervals.ts";
import { cachedSiteOf } from "./site.ts";

/** What the credited snapshots add up to, before any rounding. */
export interface Tally {
  /** Credited intervals per key; read through the `*Ms` functions of this module. */
  union: IntervalUnion;
  /** Every app seen, in first-seen order — even one only ever folded away as a detour. */
  apps: Set<string>;
  /** Every site seen, in first-seen order — even one only ever folded away as a detour. */
  sites: Set<string>;
  /** Per app: ms it held focus on the one focus timeline (disjoint, so plain sums). */
  appFocus: Map<string, number>;
  /** Per stream: ms its display held focus. */
  streamFocusMs: number[];
  /** Ms some display held focus (the sum over apps and over displays). */
  focusMs: number;
  /** Per app: dwell credit per window title, for the ledger's top windows. */
  titles: Map<string, Map<string, number>>;
  /** Sum of dwell credit per stream, in ms (displays overlap: not deduplicated). */
  streamMs: number[];
  /** Sum of dwell credit over all streams, in ms. */
  activeMs: number;
  /** Earliest snapshot time, in ms (Infinity when there is none). */
  firstMs: number;
  /** Latest snapshot time plus its credit, in ms (-Infinity when there is none). */
  lastMs: number;
}

// Union keys: the prefixes keep the per-app, per-site and per-display unions apart in one
// IntervalUnion, so a single pass over the snapshots feeds every measure.
const ALL = "\u0000all";
const PRESENCE = "presence:";

/** Tallies the credited snapshots of every stream and the focus timeline's shares. */
export function tallyCredit(built: Built): Tally {
  const union = new IntervalUnion();
  const apps = new Set<string>();
  const sites = new Set<string>();
  const appFocus = new Map<string, number>();
  const titles = new Map<string, Map<string, number>>();
  const streamMs: number[] = [];
  // A day repeats a few hundred URLs over thousands of snapshots: parse each one once.
  const siteOf = cachedSiteOf();
  let activeMs = 0, first = Infinity, last = -Infinity;
  built.streams.forEach((st, k) => {
    let ms = 0;
    for (let i = 0; i < st.snaps.length; i++) {
      const s = st.snaps[i], c = st.credit[i], t = st.at[i];
      if (t < first) first = t;
      if (t + c > last) last = t + c;
      ms += c;
      apps.add(s.app);
      const site = siteOf(s.url);
      if (site !== undefined) sites.add(site);
      if (c === 0) continue;
      union.add(ALL, t, t + c);
      union.add("app:" + s.app, t, t + c);
      if (site !== undefined) union.add("site:" + site, t, t + c);
      const f = built.focus.credit[k][i];
      if (f > 0) appFocus.set(s.app, (appFocus.get(s.app) ?? 0) + f);
      if (built.presence[k][i]) union.add(PRESENCE, t, t + c);
      if (s.title !== undefined && s.title !== "") {
        let m = titles.get(s.app);
        if (!m) titles.set(s.app, m = new Map());
        m.set(s.title, (m.get(s.title) ?? 0) + c);
      }
    }
    activeMs += ms;
    streamMs.push(ms);
  });
  return {
    union,
    apps,
    sites,
    appFocus,
    streamFocusMs: built.focus.streamMs,
    focusMs: built.focus.totalMs,
    titles,
    streamMs,
    activeMs,
    firstMs: first,
    lastMs: last,
  };
}

/** Minutes of life with capture on any display: the union across displays, in ms. */
export function dedupMs(t: Tally): number {
  return t.union.unionMs(ALL);
}

/** Time some display held focus, in ms (0 when the source does not mark focus). */
export function focusMs(t: Tally): number {
  return t.focusMs;
}

/** Time credited to heartbeat-only stretches, in ms. */
export function presenceMs(t: Tally): number {
  return t.union.unionMs(PRESENCE);
}

/** Visible time of one app, deduplicated across displays, in ms. */
export function appMs(t: Tally, app: string): number {
  return t.union.unionMs("app:" + app);
}

/** Time one app held focus, in ms. */
export function appFocusMs(t: Tally, app: string): number {
  return t.appFocus.get(app) ?? 0;
}

/** Visible time of one site, deduplicated across displays, in ms. */
export function siteMs(t: Tally, site: string): number {
  return t.union.unionMs("site:" + site);
}

/** Time the display of stream `k` held focus, in ms. */
export function displayFocusMs(t: Tally, k: number): number {
  return t.streamFocusMs[k];
}
