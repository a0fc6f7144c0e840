/**
 * One frame of the document from an exactly measured frame: rounding, windows, pages,
 * input counts, interruptions and evidence.
 *
 * @module
 */

import type { InputEvent } from "../model.ts";
import type { PageRef } from "../entities/mod.ts";
import type { BuiltFrame } from "./build.ts";
import type { Frame, InputCounts, PageCount } from "./document.ts";
import { toRuns } from "./runs.ts";
import type { Resolution } from "./enrich/resolve.ts";
import type { StaleRecord } from "./enrich/stale.ts";
import { type ResolutionCounts, withEnrichedCounts } from "./enrich/counts.ts";

/** Rounds ms to minutes with one decimal, the same way everywhere. */
export function minutes(ms: number): number {
  return Math.round(ms / 6000) / 10;
}

/** Compares strings by code unit (never by locale). */
export function byKey(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Counts a frame's input by kind; typed runs are kept apart from key presses. */
export function countInput(events: readonly InputEvent[]): InputCounts {
  const c: InputCounts = {
    events: events.length,
    keys: 0,
    clicks: 0,
    copies: 0,
    pastes: 0,
    scrolls: 0,
    text_runs: 0,
    text_chars: 0,
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    switch (e.kind) {
      case "key":
        c.keys++;
        break;
      case "click":
        c.clicks++;
        break;
      case "copy":
        c.copies++;
        break;
      case "paste":
        c.pastes++;
        break;
      case "scroll":
        c.scrolls++;
        break;
      case "text":
        c.text_runs++;
        c.text_chars += e.chars ?? 0;
        break;
    }
  }
  return c;
}

/** Top `n` keys of a weight map: heaviest first, ties by key. */
export function topKeys(weights: Map<string, number>, n: number): string[] {
  return [...weights.entries()]
    .sort((a, b) => b[1] - a[1] || byKey(a[0], b[0]))
    .slice(0, n)
    .map(([k]) => k);
}

/** The refs of events, for evidence. */
export function refs(events: readonly InputEvent[]): number[] {
  const out = new Array<number>(events.length);
  for (let i = 0; i < events.length; i++) out[i] = events[i].ref;
  return out;
}

/** What {@linkcode frameDoc} needs besides the frame. */
export interface FrameDocContext {
  time: (ms: number) => string;
  pageOf: (url: string) => PageRef;
  focus: boolean;
  levels: ReadonlyMap<InputEvent, Resolution> | undefined;
  stale: ReadonlyMap<InputEvent, StaleRecord> | undefined;
  totals: ResolutionCounts;
}

/** Builds a frame of the document from an exactly measured frame. */
export function frameDoc(f: BuiltFrame, ctx: FrameDocContext): Frame {
  const titles = new Map<string, number>();
  const pages = new Map<string, { ref: PageRef; count: number }>();
  const st = f.stream;
  const snapRefs: number[] = [];
  for (let j = 0; j < f.snaps.length; j++) {
    const i = f.snaps[j];
    const s = st.snaps[i];
    snapRefs.push(s.ref);
    if (s.title !== undefined && s.title !== "") {
      titles.set(s.title, (titles.get(s.title) ?? 0) + st.credit[i]);
    }
    if (s.url !== undefined && s.url !== "") {
      const ref = ctx.pageOf(s.url);
      const key = ref.kind + "\u0000" + (ref.entity ?? "");
      const p = pages.get(key);
      if (p) p.count++;
      else pages.set(key, { ref, count: 1 });
    }
  }
  const eventRefs = refs(f.events);
  for (const x of f.interruptions) {
    for (const r of x.snapRefs) snapRefs.push(r);
    for (const e of x.events) eventRefs.push(e.ref);
  }
  const pageList: PageCount[] = [...pages.entries()]
    .sort((a, b) => b[1].count - a[1].count || byKey(a[0], b[0]))
    .slice(0, 8)
    .map(([, p]) => ({
      kind: p.ref.kind,
      ...(p.ref.entity !== undefined ? { entity: p.ref.entity } : {}),
      count: p.count,
    }));
  return {
    id: f.id,
    display: f.display,
    ...(f.machine !== undefined ? { machine: f.machine } : {}),
    app: f.app,
    ...(f.site !== undefined ? { site: f.site } : {}),
    start: ctx.time(f.startMs),
    end: ctx.time(f.endMs),
    duration_min: minutes(f.durationMs),
    wall_min: minutes(f.endMs - f.startMs),
    ...(ctx.focus ? { focused_min: minutes(f.focusedMs) } : {}),
    ...(f.presenceMs > 0 ? { presence_min: minutes(f.presenceMs) } : {}),
    windows: topKeys(titles, 3),
    pages: pageList,
    input: ctx.levels
      ? withEnrichedCounts(countInput(f.events), f.events, {
        levels: ctx.levels,
        stale: ctx.stale,
        totals: ctx.totals,
      })
      : countInput(f.events),
    interruptions: f.interruptions.map((x) => ({
      app: x.app,
      ...(x.site !== undefined ? { site: x.site } : {}),
      seconds: Math.round(x.creditMs / 1000),
      ...(x.events.length > 0
        ? { input: x.events.length, input_counts: countInput(x.events) }
        : {}),
    })),
    evidence: { snapshots: toRuns(snapRefs), events: toRuns(eventRefs) },
  };
}
