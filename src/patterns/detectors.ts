/**
 * The per-day pattern detectors (SPEC §8 "Patterns"): repeated clicks, daily habits, URL
 * templates, app-switch transitions and temporal rhythms. Action sequences live in
 * `sequences.ts`. Every detector sorts its output totally, so results are deterministic.
 *
 * @module
 */

import type { DayActivity, DayFrame } from "./day.ts";
import { urlTemplate } from "./url_template.ts";

/** A named element clicked again and again. */
export interface RepeatedClick {
  /** The app the clicks happened in. */
  app: string;
  /** The site, when the app showed a URL. */
  site?: string;
  /** The clicked element's name and role. */
  target: { name: string; role?: string };
  /** Clicks on it over all days. */
  count: number;
  /** Days it was clicked on. */
  days: number;
  /** Frame ids, first ones in time order. */
  evidence: string[];
}

/** An app or site used on most days. */
export interface DailyHabit {
  /** Whether `name` is an app or a site. */
  kind: "app" | "site";
  /** The app or site. */
  name: string;
  /** Days it was used on. */
  days: number;
  /** Days looked at. */
  of_days: number;
  /** Mean minutes on the days it was used. */
  avg_minutes: number;
  /** Median local time of the first use of each day (`HH:MM`). */
  typical_start: string;
  /** The first frame of each day it was used. */
  evidence: string[];
}

/** A URL shape visited with different values. */
export interface UrlTemplatePattern {
  /** The site of the URLs. */
  site: string;
  /** The URL shape, values replaced by placeholders. */
  template: string;
  /** Snapshots that showed a URL of this shape. */
  visits: number;
  /** Different URLs of this shape. */
  distinct_urls: number;
  /** Days a URL of this shape was shown. */
  days: number;
  /** Frame ids that showed it, first ones in time order. */
  evidence: string[];
}

/** A frequent move from one app to the next on the same display. */
export interface AppSwitch {
  /** The app left. */
  from: string;
  /** The app switched to. */
  to: string;
  /** Switches over all days. */
  count: number;
  /** Days with the switch. */
  days: number;
  /** `from-frame → to-frame` pairs, first ones in time order. */
  evidence: string[];
}

/** An app active in the same local half hour on most days. */
export interface TemporalRhythm {
  /** The app. */
  app: string;
  /** Local `HH:MM-HH:MM`. */
  slot: string;
  /** Days the app was active in the slot. */
  days: number;
  /** Days looked at. */
  of_days: number;
  /** Mean minutes in the slot on those days. */
  avg_minutes: number;
  /** The first frame active in the slot on each of those days. */
  evidence: string[];
}

/** Thresholds shared by the detectors. */
export interface DetectorOptions {
  minCount: number;
  evidenceLimit: number;
  /** Gap between two frames up to which a change of app counts as a switch, in ms. */
  switchGapMs: number;
  /** Minutes in a half hour for an app to count as active there. */
  rhythmMinutes: number;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function activeDays(days: readonly DayActivity[]): number {
  return days.filter((d) => d.frames.length > 0).length;
}

/** Named click targets clicked at least `minCount` times, per app and site. */
export function repeatedClicks(
  days: readonly DayActivity[],
  opts: DetectorOptions,
): RepeatedClick[] {
  const groups = new Map<string, RepeatedClick & { dayset: Set<string> }>();
  for (const d of days) {
    for (const f of d.frames) {
      for (const c of f.clicks) {
        const key = [f.app, f.site ?? "", c.name, c.role ?? ""].join("\u0000");
        let g = groups.get(key);
        if (!g) {
          groups.set(
            key,
            g = {
              app: f.app,
              ...(f.site !== undefined ? { site: f.site } : {}),
              target: { name: c.name, ...(c.role !== undefined ? { role: c.role } : {}) },
              count: 0,
              days: 0,
              evidence: [],
              dayset: new Set(),
            },
          );
        }
        g.count++;
        g.dayset.add(d.day);
        if (g.evidence[g.evidence.length - 1] !== f.id) g.evidence.push(f.id);
      }
    }
  }
  return [...groups.entries()]
    .filter(([, g]) => g.count >= opts.minCount)
    .sort((a, b) => b[1].count - a[1].count || cmp(a[0], b[0]))
    .map(([, { dayset, ...g }]) => ({
      ...g,
      days: dayset.size,
      evidence: g.evidence.slice(0, opts.evidenceLimit),
    }));
}

/** Apps and sites used (≥ 1 minute) on at least two days and at least half the active days. */
export function dailyHabits(days: readonly DayActivity[], opts: DetectorOptions): DailyHabit[] {
  const of = activeDays(days);
  const out: DailyHabit[] = [];
  for (const kind of ["app", "site"] as const) {
    const uses = new Map<string, { minutes: number; first: DayFrame }[]>();
    for (const d of days) {
      const minutes = kind === "app" ? d.appMinutes : d.siteMinutes;
      for (const [name, m] of minutes) {
        if (m < 1) continue;
        const first = d.frames.find((f) => (kind === "app" ? f.app : f.site) === name)!;
        let list = uses.get(name);
        if (!list) uses.set(name, list = []);
        list.push({ minutes: m, first });
      }
    }
    for (const [name, list] of uses) {
      if (list.length < 2 || list.length * 2 < of) continue;
      const starts = list.map((u) => u.first.startLocal).sort();
      out.push({
        kind,
        name,
        days: list.length,
        of_days: of,
        avg_minutes: round1(list.reduce((s, u) => s + u.minutes, 0) / list.length),
        typical_start: starts[(starts.length - 1) >> 1],
        evidence: list.map((u) => u.first.id).slice(0, opts.evidenceLimit),
      });
    }
  }
  return out.sort((a, b) =>
    b.days - a.days || b.avg_minutes - a.avg_minutes || cmp(a.kind, b.kind) || cmp(a.name, b.name)
  );
}

/** URL shapes seen with at least two distinct URLs that differ in a named segment. */
export function urlTemplates(
  days: readonly DayActivity[],
  opts: DetectorOptions,
): UrlTemplatePattern[] {
  const groups = new Map<
    string,
    { site: string; visits: number; urls: Set<string>; dayset: Set<string>; frames: string[] }
  >();
  for (const d of days) {
    for (const f of d.frames) {
      for (const [url, n] of f.urls) {
        const template = urlTemplate(url);
        if (template === undefined || !template.includes("{")) continue;
        let g = groups.get(template);
        if (!g) {
          groups.set(
            template,
            g = {
              site: template.split("/")[0],
              visits: 0,
              urls: new Set(),
              dayset: new Set(),
              frames: [],
            },
          );
        }
        g.visits += n;
        g.urls.add(url.replace(/[?#].*$/, ""));
        g.dayset.add(d.day);
        if (g.frames[g.frames.length - 1] !== f.id) g.frames.push(f.id);
      }
    }
  }
  return [...groups.entries()]
    .filter(([, g]) => g.urls.size >= 2)
    .sort((a, b) => b[1].visits - a[1].visits || cmp(a[0], b[0]))
    .map(([template, g]) => ({
      site: g.site,
      template,
      visits: g.visits,
      distinct_urls: g.urls.size,
      days: g.dayset.size,
      evidence: g.frames.slice(0, opts.evidenceLimit),
    }));
}

/**
 * App changes between consecutive frames of a display, at least `minCount` times. Every
 * monitor's stream records the globally focused app, so the same change seen on another
 * display within `SAME_SWITCH_MS` counts once.
 */
export function appSwitches(days: readonly DayActivity[], opts: DetectorOptions): AppSwitch[] {
  const groups = new Map<string, AppSwitch & { dayset: Set<string> }>();
  for (const d of days) {
    const last = new Map<string, DayFrame>();
    const seen = new Map<string, { at: number; display: string }>();
    for (const f of d.frames) {
      const prev = last.get(f.display);
      last.set(f.display, f);
      if (prev === undefined || prev.app === f.app || f.startMs - prev.endMs > opts.switchGapMs) {
        continue;
      }
      const key = prev.app + "\u0000" + f.app;
      const twin = seen.get(key);
      if (
        twin !== undefined && twin.display !== f.display && f.startMs - twin.at <= SAME_SWITCH_MS
      ) {
        continue;
      }
      seen.set(key, { at: f.startMs, display: f.display });
      let g = groups.get(key);
      if (!g) {
        groups.set(
          key,
          g = { from: prev.app, to: f.app, count: 0, days: 0, evidence: [], dayset: new Set() },
        );
      }
      g.count++;
      g.dayset.add(d.day);
      if (g.evidence.length < opts.evidenceLimit) g.evidence.push(`${prev.id} → ${f.id}`);
    }
  }
  return [...groups.entries()]
    .filter(([, g]) => g.count >= opts.minCount)
    .sort((a, b) => b[1].count - a[1].count || cmp(a[0], b[0]))
    .map(([, { dayset, ...g }]) => ({ ...g, days: dayset.size }));
}

/** Two displays showing the same switch this close together saw one switch, in ms. */
export const SAME_SWITCH_MS = 10_000;

/** Apps active (≥ `rhythmMinutes`) in the same local half hour on most days (> half, ≥ 2). */
export function temporalRhythms(
  days: readonly DayActivity[],
  opts: DetectorOptions,
): TemporalRhythm[] {
  const of = activeDays(days);
  const groups = new Map<
    string,
    { app: string; slot: number; minutes: number[]; frames: string[] }
  >();
  for (const d of days) {
    for (const [app, slots] of d.slots) {
      for (const [slot, v] of slots) {
        if (v.minutes < opts.rhythmMinutes) continue;
        const key = app + "\u0000" + String(slot).padStart(2, "0");
        let g = groups.get(key);
        if (!g) groups.set(key, g = { app, slot, minutes: [], frames: [] });
        g.minutes.push(v.minutes);
        g.frames.push(v.frames[0]);
      }
    }
  }
  return [...groups.entries()]
    .filter(([, g]) => g.minutes.length >= 2 && g.minutes.length * 2 > of)
    .sort((a, b) =>
      b[1].minutes.length - a[1].minutes.length || a[1].slot - b[1].slot || cmp(a[0], b[0])
    )
    .map(([, g]) => ({
      app: g.app,
      slot: `${clock(g.slot * 30)}-${clock(g.slot * 30 + 30)}`,
      days: g.minutes.length,
      of_days: of,
      avg_minutes: round1(g.minutes.reduce((s, m) => s + m, 0) / g.minutes.length),
      evidence: g.frames.slice(0, opts.evidenceLimit),
    }));
}

function clock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24, m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}
