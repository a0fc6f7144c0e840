/**
 * ActivityWatch's canonical view of a host's time, as its own UI computes it: the query
 * `canonicalEvents` in aw-client (`aw_client/queries.py`, ported from aw-webui's
 * `src/queries.ts`) floods the window events (`flood`, pulsetime 5 s), floods the afk
 * events and keeps `status == "not-afk"`, adds audible browser events seen while their
 * browser was the active window (`include_audible`), and intersects the window events
 * with that (`filter_period_intersect`). The transforms are aw-core's
 * `aw_transform/flood.py` and `aw_transform/filter_period_intersect.py`, re-implemented
 * here on millisecond intervals (nothing is copied).
 *
 * One difference is deliberate (FORMATS §2, ActivityWatch issue #1369): where two window
 * events overlap, ActivityWatch counts the overlap twice; here the later-starting event
 * holds the overlap (it is the newer report of the active window), so no hour holds more
 * than 60 minutes, and the doubled seconds are reported instead.
 *
 * @module
 */

import type { AwEvent } from "./_model.ts";

/** A half-open interval `[from, to)` in UTC epoch ms. */
export interface Span {
  from: number;
  to: number;
}

/** An interval of one source event (after flooding, cutting or splitting). */
export interface EventSpan extends Span {
  event: AwEvent;
}

/** aw-core's default pulsetime of `flood()`, in ms. */
export const FLOOD_PULSETIME_MS = 5_000;
/** Negative gaps smaller than this are trimmed to zero by `flood()` (aw-core), in ms. */
const NEGATIVE_GAP_TRIM_MS = 100;

/** Order-independent text of an event's data, for the data equality `flood()` tests. */
export function dataKey(data: Record<string, unknown>): string {
  return JSON.stringify(sortKeys(data));
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== "object" || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
  return out;
}

/**
 * aw-core's `flood()`: fill gaps of at most `pulsetime` between consecutive events by
 * extending the longer neighbour (merging neighbours with equal data), merge overlapping
 * events with equal data, and drop events left empty. Events are visited in start order,
 * each pair seeing the previous pair's changes, exactly as the Python loop does.
 */
export function flood(events: readonly AwEvent[], pulsetimeMs = FLOOD_PULSETIME_MS): EventSpan[] {
  const list = events.map((e) => ({ event: e, from: e.start, to: e.end, key: "" }));
  list.sort((a, b) => a.from - b.from || a.event.id - b.event.id);
  for (const x of list) x.key = dataKey(x.event.data);
  for (let i = 0; i + 1 < list.length; i++) {
    const e1 = list[i], e2 = list[i + 1];
    const gap = e2.from - e1.to;
    if (gap === 0) continue;
    const same = e1.key === e2.key;
    if (gap < 0 && same) {
      const start = Math.min(e1.from, e2.from), end = Math.max(e1.to, e2.to);
      e1.from = start;
      e1.to = end;
      e2.from = e2.to = end;
    } else if (gap > -NEGATIVE_GAP_TRIM_MS && gap <= pulsetimeMs) {
      const e2End = e2.to;
      if (e1.to - e1.from >= e2.to - e2.from) {
        if (same) {
          e1.to = e2End;
          e2.from = e2End;
        } else {
          e1.to = e2.from;
        }
      } else if (same) {
        e2.from = e1.from;
        e1.to = e1.from;
      } else {
        e2.from = e1.to;
      }
    }
  }
  return list.filter((x) => x.to > x.from).map(({ event, from, to }) => ({ event, from, to }));
}

/** Sorted, merged union of intervals (touching intervals join, as `period_union` does). */
export function union(spans: readonly Span[]): Span[] {
  const sorted = [...spans].filter((s) => s.to > s.from).sort((a, b) => a.from - b.from);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else out.push({ from: s.from, to: s.to });
  }
  return out;
}

/** The parts of `span` inside the merged, sorted `filter` intervals. */
export function intersect(span: Span, filter: readonly Span[]): Span[] {
  const out: Span[] = [];
  let lo = 0, hi = filter.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (filter[mid].to <= span.from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < filter.length && filter[i].from < span.to; i++) {
    const from = Math.max(span.from, filter[i].from), to = Math.min(span.to, filter[i].to);
    if (to > from) out.push({ from, to });
  }
  return out;
}

/**
 * Overlapping event intervals → one timeline: at each instant the interval that started
 * last holds it (ties: the larger event id). Returns the pieces in time order and the
 * milliseconds ActivityWatch's own view would have counted twice.
 */
export function resolveOverlaps(
  spans: readonly EventSpan[],
): { pieces: EventSpan[]; doubledMs: number } {
  const sorted = spans.filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from || a.event.id - b.event.id);
  const cuts = new Set<number>();
  for (const s of sorted) {
    cuts.add(s.from);
    cuts.add(s.to);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const pieces: EventSpan[] = [];
  let total = 0;
  const open: EventSpan[] = [];
  let next = 0;
  for (let p = 0; p + 1 < points.length; p++) {
    const from = points[p], to = points[p + 1];
    while (next < sorted.length && sorted[next].from <= from) open.push(sorted[next++]);
    for (let i = open.length - 1; i >= 0; i--) if (open[i].to <= from) open.splice(i, 1);
    if (open.length === 0) continue;
    // `open` is in start order: the last one started last.
    const top = open[open.length - 1];
    total += to - from;
    const last = pieces[pieces.length - 1];
    if (last !== undefined && last.event === top.event && last.to === from) last.to = to;
    else pieces.push({ event: top.event, from, to });
  }
  let sum = 0;
  for (const s of sorted) sum += s.to - s.from;
  return { pieces, doubledMs: sum - total };
}

/**
 * Browser app names per aw-watcher-web bucket kind, from aw-client's `browser_appnames`
 * (`aw_client/queries.py`): a web bucket's events count only while the active window is
 * one of its browser's apps. Kinds are found in the bucket id (`aw-watcher-web-chrome_…`).
 */
export const BROWSER_APPS: Readonly<Record<string, readonly string[]>> = {
  chrome: [
    "Google Chrome",
    "Google-chrome",
    "chrome.exe",
    "google-chrome-stable",
    "Chromium",
    "Chromium-browser",
    "Chromium-browser-chromium",
    "chromium.exe",
    "Google-chrome-beta",
    "Google-chrome-unstable",
    "Brave-browser",
  ],
  firefox: [
    "Firefox",
    "Firefox.exe",
    "firefox",
    "firefox.exe",
    "Firefox Developer Edition",
    "firefoxdeveloperedition",
    "Firefox-esr",
    "Firefox Beta",
    "Nightly",
    "org.mozilla.firefox",
  ],
  opera: ["opera.exe", "Opera"],
  brave: ["brave.exe"],
  edge: ["msedge.exe", "Microsoft Edge"],
  vivaldi: ["Vivaldi-stable", "Vivaldi-snapshot", "vivaldi.exe"],
};

/** Apps no list names but that are browsers all the same (Safari, Arc, forks). */
const BROWSER_LIKE =
  /chrom|firefox|brave|edge|opera|vivaldi|safari|\barc\b|librewolf|waterfox|yandex/i;

/**
 * Whether `app` is a browser the web bucket `bucketId` reports on: one of the apps
 * aw-client lists for the browser named in the id, else (an unlisted browser) any app that
 * looks like a browser.
 */
export function webBucketCovers(bucketId: string, app: string): boolean {
  let listed = false;
  for (const [kind, apps] of Object.entries(BROWSER_APPS)) {
    if (!bucketId.includes(kind)) continue;
    listed = true;
    if (apps.includes(app)) return true;
  }
  return !listed && BROWSER_LIKE.test(app);
}
