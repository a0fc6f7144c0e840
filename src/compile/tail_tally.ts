/**
 * The tally (tally.ts) of a tail build (tail.ts), from each display's first reopened
 * snapshot on: what the snapshots before it add is unchanged (their credit, focused share
 * and presence are), so the sums drop the old tail's part and add the new one's, the
 * unions drop the old tail's intervals and add the new ones, and a union is measured
 * again only for the keys whose intervals changed.
 *
 * Exact where every time is a whole number of ms (checked; otherwise tally.ts runs over
 * the whole day): then every credit, focused share and sum is an integer below 2^53, so
 * taking a part away and adding another gives the very sum a pass in order gives. Sets of
 * apps and sites keep tally.ts's first-seen order (display by display, snapshot by
 * snapshot); the per-app focus and title maps hold the same entries (order aside: their
 * readers look them up or sort them).
 *
 * @module
 */

import type { Built } from "./build.ts";
import { IntervalUnion } from "./intervals.ts";
import type { SiteOf } from "./site.ts";
import type { Tally } from "./tally.ts";
import type { Stream } from "./streams.ts";

const ALL = "\u0000all";
const PRESENCE = "presence:";

/** One display's intervals per union key, in snapshot order, with each one's snapshot. */
interface StreamUnion {
  /** Per key: `[start, end)` pairs, flat, the snapshot of each, and their summed length. */
  lists: Map<string, { flat: number[]; idx: number[]; ms: number }>;
  /** Apps and sites in first-seen order, with the snapshot that showed each first. */
  apps: { name: string; i: number }[];
  sites: { name: string; i: number }[];
  ms: number;
}

/** Unions measured from per-display lists; a key's measure is kept until its lists change. */
class SplicedUnion extends IntervalUnion {
  streams: StreamUnion[] = [];
  measured = new Map<string, number>();

  override add(): void {
    throw new Error("Cannot add to a spliced union: it is built by tail_tally.ts");
  }

  override unionMs(key: string): number {
    const known = this.measured.get(key);
    if (known !== undefined) return known;
    // One display's intervals are disjoint (its snapshots' dwell does not overlap): their
    // union is their summed length, in whole ms the very number a sweep gives.
    let only: { ms: number; flat: number[] } | undefined, lists = 0;
    for (const su of this.streams) {
      const l = su.lists.get(key);
      if (l === undefined || l.flat.length === 0) continue;
      only = l;
      lists++;
    }
    if (lists <= 1) return only?.ms ?? 0;
    // The intervals of the key display by display, as tally.ts adds them.
    const one = new IntervalUnion();
    for (const su of this.streams) {
      const l = su.lists.get(key);
      if (l === undefined) continue;
      for (let j = 0; j < l.flat.length; j += 2) one.add(key, l.flat[j], l.flat[j + 1]);
    }
    const ms = one.unionMs(key);
    this.measured.set(key, ms);
    return ms;
  }
}

/** The tally state a tail build's tally resumes from. */
export interface TallyKept {
  built: Built;
  union: SplicedUnion;
  appFocus: Map<string, number>;
  titles: Map<string, Map<string, number>>;
  tally: Tally;
}

/** True when every time a tally sums is a whole number of ms. */
export function integralTimes(built: Built): boolean {
  for (const st of built.streams) {
    for (let i = 0; i < st.at.length; i++) {
      if (!Number.isInteger(st.at[i]) || !Number.isInteger(st.credit[i])) return false;
    }
  }
  return true;
}

/** Tallies a whole Built (no masks: no snapshot names a recorder's detail), keeping state. */
export function tallyWhole(built: Built, siteOf: SiteOf): TallyKept {
  const union = new SplicedUnion();
  const kept: TallyKept = {
    built,
    union,
    appFocus: new Map(),
    titles: new Map(),
    tally: undefined as unknown as Tally,
  };
  built.streams.forEach((_st, k) => {
    const su: StreamUnion = { lists: new Map(), apps: [], sites: [], ms: 0 };
    union.streams.push(su);
    addFrom(kept, su, built, k, 0, siteOf, new Set(), new Set());
  });
  kept.tally = assemble(kept, built);
  return kept;
}

/**
 * The tally of `built`, a tail build of `kept.built` reopened from `from[k]` per display:
 * the old part from `from[k]` on is taken away, the new one added. Undefined when a new
 * time is not a whole number of ms (then tally.ts runs over the whole day).
 */
export function tallyTail(
  kept: TallyKept,
  built: Built,
  from: readonly number[],
  siteOf: SiteOf,
): TallyKept | undefined {
  const prev = kept.built;
  for (const [k, st] of built.streams.entries()) {
    for (let i = from[k]; i < st.snaps.length; i++) {
      if (!Number.isInteger(st.at[i]) || !Number.isInteger(st.credit[i])) return undefined;
    }
  }
  const next: TallyKept = { ...kept, built };
  built.streams.forEach((st, k) => {
    const su = kept.union.streams[k];
    if (from[k] >= st.snaps.length && st === prev.streams[k]) return;
    takeFrom(next, su, prev, k, from[k]);
    const apps = new Set(su.apps.map((a) => a.name));
    const sites = new Set(su.sites.map((s) => s.name));
    addFrom(next, su, built, k, from[k], siteOf, apps, sites);
  });
  next.tally = assemble(next, built);
  return next;
}

function touch(kept: TallyKept, su: StreamUnion, key: string, a: number, b: number, i: number) {
  if (b <= a) return; // as IntervalUnion.add: an empty interval adds nothing
  let l = su.lists.get(key);
  if (l === undefined) su.lists.set(key, l = { flat: [], idx: [], ms: 0 });
  l.flat.push(a, b);
  l.idx.push(i);
  l.ms += b - a;
  kept.union.measured.delete(key);
}

/** Adds snapshots `from..` of stream `k`, as tally.ts's pass does (no masks). */
function addFrom(
  kept: TallyKept,
  su: StreamUnion,
  built: Built,
  k: number,
  from: number,
  siteOf: SiteOf,
  apps: Set<string>,
  sites: Set<string>,
): void {
  const st = built.streams[k], focused = built.focus.credit[k], pres = built.presence[k];
  for (let i = from; i < st.snaps.length; i++) {
    const s = st.snaps[i], c = st.credit[i], t = st.at[i];
    su.ms += c;
    if (!apps.has(s.app)) {
      apps.add(s.app);
      su.apps.push({ name: s.app, i });
    }
    const site = siteOf(s.url);
    if (site !== undefined && !sites.has(site)) {
      sites.add(site);
      su.sites.push({ name: site, i });
    }
    if (c === 0) continue;
    touch(kept, su, ALL, t, t + c, i);
    const f = focused[i];
    if (f > 0) kept.appFocus.set(s.app, (kept.appFocus.get(s.app) ?? 0) + f);
    touch(kept, su, "app:" + s.app, t, t + c, i);
    if (site !== undefined) touch(kept, su, "site:" + site, t, t + c, i);
    if (pres[i]) touch(kept, su, PRESENCE, t, t + c, i);
    if (s.title !== undefined && s.title !== "") {
      let m = kept.titles.get(s.app);
      if (!m) kept.titles.set(s.app, m = new Map());
      m.set(s.title, (m.get(s.title) ?? 0) + c);
    }
  }
}

/** Takes away what snapshots `from..` of the last absorb's stream `k` added. */
function takeFrom(
  kept: TallyKept,
  su: StreamUnion,
  prev: Built,
  k: number,
  from: number,
): void {
  const st: Stream = prev.streams[k], focused = prev.focus.credit[k];
  for (let i = from; i < st.snaps.length; i++) {
    const s = st.snaps[i], c = st.credit[i];
    su.ms -= c;
    if (c === 0) continue;
    const f = focused[i];
    if (f > 0) drop(kept.appFocus, s.app, f);
    if (s.title !== undefined && s.title !== "") {
      const m = kept.titles.get(s.app)!;
      drop(m, s.title, c);
      if (m.size === 0) kept.titles.delete(s.app);
    }
  }
  for (const [key, l] of su.lists) {
    let n = l.idx.length;
    if (n === 0 || l.idx[n - 1] < from) continue;
    while (n > 0 && l.idx[n - 1] >= from) {
      n--;
      l.ms -= l.flat[2 * n + 1] - l.flat[2 * n];
    }
    l.idx.length = n;
    l.flat.length = 2 * n;
    kept.union.measured.delete(key);
  }
  while (su.apps.length > 0 && su.apps[su.apps.length - 1].i >= from) su.apps.pop();
  while (su.sites.length > 0 && su.sites[su.sites.length - 1].i >= from) su.sites.pop();
}

/** Subtracts `ms` from a sum; a sum that reaches 0 is gone (tally.ts adds only positive ones). */
function drop(m: Map<string, number>, key: string, ms: number): void {
  const v = m.get(key)! - ms;
  if (v === 0) m.delete(key);
  else m.set(key, v);
}

function assemble(kept: TallyKept, built: Built): Tally {
  const apps = new Set<string>(), sites = new Set<string>();
  const streamMs: number[] = [];
  let activeMs = 0, first = Infinity, last = -Infinity;
  built.streams.forEach((st, k) => {
    const su = kept.union.streams[k];
    for (const a of su.apps) apps.add(a.name);
    for (const s of su.sites) sites.add(s.name);
    streamMs.push(su.ms);
    activeMs += su.ms;
    // Times and credit ends only grow along a stream: its first and last bound the day.
    const n = st.snaps.length;
    if (n > 0 && st.at[0] < first) first = st.at[0];
    if (n > 0 && st.at[n - 1] + st.credit[n - 1] > last) last = st.at[n - 1] + st.credit[n - 1];
  });
  return {
    union: kept.union,
    apps,
    sites,
    appFocus: kept.appFocus,
    streamFocusMs: built.focus.streamMs,
    focusMs: built.focus.totalMs,
    titles: kept.titles,
    streamMs,
    activeMs,
    firstMs: first,
    lastMs: last,
  };
}
