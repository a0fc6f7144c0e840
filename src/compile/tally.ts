/**
 * One pass over every credited snapshot, collecting the unions that ledgers and coverage
 * measure (SPEC §3.6–3.8): a minute seen on two displays counts once, focus has one
 * timeline, presence is its own union.
 *
 * Two recorders of one machine (`Snapshot.detail` set) see the same screen and may name its
 * apps differently (ActivityWatch's `Google-chrome`, screenpipe's `Google Chrome`), so their
 * visible streams are one timeline too: where the more detailed recorder of the machine has
 * credited dwell, a less detailed one's snapshots add nothing to the per-app, per-site and
 * presence unions or the window titles (its frames and per-display minutes stay, as
 * evidence). Without `detail` (one recorder per machine) nothing changes.
 *
 * @module
 */

import type { Built } from "./build.ts";
import { IntervalUnion } from "./intervals.ts";
// A day repeats a few hundred URLs over thousands of snapshots: parse each one once.
import { cachedSiteOf, type SiteOf } from "./site.ts";

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

// Union keys, built once per app and site: a fresh `"app:" + app` per snapshot is a new
// string to hash on every add. Bounded: emptied when full.
const KEYS = { "app:": new Map<string, string>(), "site:": new Map<string, string>() };

function keyOf(prefix: "app:" | "site:", name: string): string {
  const keys = KEYS[prefix];
  let key = keys.get(name);
  if (key === undefined) {
    if (keys.size >= 4096) keys.clear();
    keys.set(name, key = prefix + name);
  }
  return key;
}

/**
 * Tallies the credited snapshots of every stream and the focus timeline's shares; `siteOf`
 * is a session's site memo (default: one for this call).
 */
export function tallyCredit(built: Built, siteOf: SiteOf = cachedSiteOf()): Tally {
  const union = new IntervalUnion();
  const apps = new Set<string>();
  const sites = new Set<string>();
  const appFocus = new Map<string, number>();
  const titles = new Map<string, Map<string, number>>();
  const streamMs: number[] = [];
  let activeMs = 0, first = Infinity, last = -Infinity;
  const masks = recorderMasks(built.streams);
  built.streams.forEach((st, k) => {
    let ms = 0;
    const mask = masks?.[k];
    let cursor = 0;
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
      const f = built.focus.credit[k][i];
      if (f > 0) appFocus.set(s.app, (appFocus.get(s.app) ?? 0) + f);
      const present = built.presence[k][i];
      if (mask === undefined) {
        addVisible(union, titles, s, site, present, t, t + c);
        continue;
      }
      // The parts of [t, t + c) outside the mask (sorted, disjoint; snapshots in time order).
      while (cursor < mask.length && mask[cursor + 1] <= t) cursor += 2;
      let from = t;
      for (let j = cursor; j < mask.length && mask[j] < t + c; j += 2) {
        if (mask[j] > from) addVisible(union, titles, s, site, present, from, mask[j]);
        if (mask[j + 1] > from) from = mask[j + 1];
      }
      if (from < t + c) addVisible(union, titles, s, site, present, from, t + c);
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

/** Adds `[a, b)` of snapshot `s` to the per-app, per-site and presence unions and its title. */
function addVisible(
  union: IntervalUnion,
  titles: Map<string, Map<string, number>>,
  s: { app: string; title?: string },
  site: string | undefined,
  present: boolean | number,
  a: number,
  b: number,
): void {
  union.add(keyOf("app:", s.app), a, b);
  if (site !== undefined) union.add(keyOf("site:", site), a, b);
  if (present) union.add(PRESENCE, a, b);
  if (s.title !== undefined && s.title !== "") {
    let m = titles.get(s.app);
    if (!m) titles.set(s.app, m = new Map());
    m.set(s.title, (m.get(s.title) ?? 0) + b - a);
  }
}

/**
 * Per stream, where a more detailed recorder of its machine has credited dwell (sorted,
 * disjoint `[start, end)` pairs, flat), or `undefined` for a stream no other recorder of its
 * machine outranks; `undefined` altogether when no snapshot names its recorder's detail.
 */
function recorderMasks(streams: Built["streams"]): (Float64Array | undefined)[] | undefined {
  if (!streams.some((st) => st.snaps[0]?.detail !== undefined)) return undefined;
  return streams.map((st) => {
    const machine = st.snaps[0]?.machine, detail = st.snaps[0]?.detail ?? 0;
    const spans: number[] = [];
    for (const other of streams) {
      const o = other.snaps[0];
      if (o === undefined || o.machine !== machine || (o.detail ?? 0) <= detail) continue;
      for (let i = 0; i < other.snaps.length; i++) {
        if (other.credit[i] > 0) spans.push(other.at[i], other.at[i] + other.credit[i]);
      }
    }
    if (spans.length === 0) return undefined;
    const order = Array.from({ length: spans.length / 2 }, (_, i) => i)
      .sort((a, b) => spans[2 * a] - spans[2 * b]);
    const out: number[] = [];
    for (const i of order) {
      const a = spans[2 * i], b = spans[2 * i + 1], n = out.length;
      if (n > 0 && a <= out[n - 1]) out[n - 1] = Math.max(out[n - 1], b);
      else out.push(a, b);
    }
    return Float64Array.from(out);
  });
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
