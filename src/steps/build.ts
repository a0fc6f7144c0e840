/**
 * The click-by-click script behind one frame (SPEC §8): clicks with their resolved target,
 * typed runs as character counts, pastes, copies, key and scroll runs, focus changes and
 * URL changes, in time order. Typed text appears only when the caller opted in.
 *
 * @module
 */

import type { InputEvent, Snapshot } from "../model.ts";
import type { BuiltFrame } from "../compile/build.ts";
import type { ClickTarget } from "../compile/enrich/resolve.ts";
import type { StaleRecord } from "../compile/enrich/stale.ts";
import { applyLayout, type KeyboardLayout } from "../compile/enrich/keyboard_layout.ts";
import { toRuns } from "../compile/runs.ts";
import { redactUrl } from "../entities/redact.ts";
import type { PageRef } from "../entities/parser.ts";

/** What a step records. */
export type StepKind =
  | "focus"
  | "url"
  | "click"
  | "type"
  | "paste"
  | "copy"
  | "keys"
  | "scroll"
  | "switch"
  | "other";

/** A click's target as a step shows it. */
export interface StepTarget {
  /** How the click's target was found, best first: native, exact, tolerance, zone, none. */
  resolution: ClickTarget["resolution"];
  /** 0..1: 1 native, 0.9 exact, 0.4–0.7 tolerance by distance, 0.2 zone, 0 none. */
  confidence: number;
  /** The element's accessible name or text. */
  name?: string;
  /** The element's role, e.g. `button`. */
  role?: string;
  /** The screen zone, when no element was near the click. */
  zone?: string;
  /** The snapshot whose element rows resolved the click. */
  snapshot?: number;
  /** A nearby snapshot resolved it: its time minus the click's, in ms. */
  nearby_ms?: number;
  /** Pixels from the click to the element's box (tolerance level). */
  distance_px?: number;
}

/** One step of a frame's script. */
export interface Step {
  /** Local time of the step (`HH:MM:SS`). */
  at: string;
  /** What happened: a focus or URL change, a click, typing, keys, …. */
  kind: StepKind;
  /** Source rows: event refs (run form) for input steps. */
  events?: string;
  /** Source row: the snapshot, for focus and URL changes. */
  snapshot?: number;
  /** Focus changes: the app and window shown. */
  app?: string;
  /** The window title, for focus changes. */
  title?: string;
  /** URL changes: the URL with secrets redacted and its typed page. */
  url?: string;
  /** The typed page of `url`. */
  page?: PageRef;
  /** What a click landed on. */
  target?: StepTarget;
  /** Typed runs: characters typed. */
  chars?: number;
  /** Typed runs: the text, only when the operator opted in. */
  text?: string;
  /** Collapsed key and scroll runs: how many events. */
  count?: number;
  /** The step happened during a detour folded into the frame (flicker rule). */
  detour?: string;
  /**
   * Stale attribution: the app the capture showed when the event was recorded (which the
   * event's own app/window disagreed with), the event's own app, and ms to the nearest
   * snapshot it now belongs to.
   */
  reattributed?: {
    from_app: string;
    event_app?: string;
    /** Window titles, when the disagreement was the window rather than the app. */
    from_title?: string;
    event_title?: string;
    distance_ms: number;
  };
}

/** Options for {@linkcode buildSteps}. */
export interface BuildStepsOptions {
  /** Local `HH:MM:SS` of an instant. */
  clock: (ms: number) => string;
  targets: ReadonlyMap<InputEvent, ClickTarget>;
  stale?: ReadonlyMap<InputEvent, StaleRecord>;
  pageOf: (url: string) => PageRef;
  /** Show typed text (SPEC §9: only on explicit opt-in). */
  includeText: boolean;
  /** Repairs recorded characters of opted-in text. */
  layout: KeyboardLayout;
}

interface Timed {
  at: number;
  order: number;
  ref: number;
  snap?: Snapshot;
  event?: InputEvent;
  detour?: string;
}

/** Builds a frame's steps in time order (ties: snapshots before events, then by ref). */
export function buildSteps(frame: BuiltFrame, opts: BuildStepsOptions): Step[] {
  const timed: Timed[] = [];
  const st = frame.stream;
  for (const i of frame.snaps) {
    timed.push({ at: st.at[i], order: 0, ref: st.snaps[i].ref, snap: st.snaps[i] });
  }
  for (const e of frame.events) timed.push({ at: e.at, order: 1, ref: e.ref, event: e });
  if (frame.interruptions.length > 0) {
    const index = new Map(st.snaps.map((s, i) => [s.ref, i]));
    for (const x of frame.interruptions) {
      for (const ref of x.snapRefs) {
        const i = index.get(ref)!;
        timed.push({ at: st.at[i], order: 0, ref, snap: st.snaps[i], detour: x.app });
      }
      for (const e of x.events) {
        timed.push({ at: e.at, order: 1, ref: e.ref, event: e, detour: x.app });
      }
    }
  }
  timed.sort((a, b) => a.at - b.at || a.order - b.order || a.ref - b.ref);
  const steps: Step[] = [];
  let app: string | undefined, title: string | undefined, url: string | undefined;
  let run: { step: Step; refs: number[] } | undefined;
  const flush = () => {
    if (run) run.step.events = toRuns(run.refs);
    run = undefined;
  };
  for (const t of timed) {
    const at = opts.clock(t.at);
    const detour = t.detour !== undefined ? { detour: t.detour } : {};
    if (t.snap) {
      const s = t.snap;
      if (s.app !== app || (s.title ?? "") !== (title ?? "")) {
        flush();
        steps.push({
          at,
          kind: "focus",
          snapshot: s.ref,
          app: s.app,
          ...(s.title !== undefined && s.title !== "" ? { title: s.title } : {}),
          ...detour,
        });
      }
      if (s.url !== undefined && s.url !== "" && s.url !== url) {
        flush();
        steps.push({
          at,
          kind: "url",
          snapshot: s.ref,
          url: redactUrl(s.url),
          page: opts.pageOf(s.url),
          ...detour,
        });
      }
      app = s.app;
      title = s.title;
      url = s.url !== undefined && s.url !== "" ? s.url : url;
      continue;
    }
    const e = t.event!;
    const kind = stepKind(e);
    const stale = opts.stale?.get(e);
    const moved = stale !== undefined
      ? {
        reattributed: {
          from_app: st.snaps[stale.from].app,
          ...(e.app !== undefined ? { event_app: e.app } : {}),
          ...(e.app === undefined || e.app === st.snaps[stale.from].app
            ? windowTitles(st.snaps[stale.from].title, e.title)
            : {}),
          distance_ms: stale.distanceMs,
        },
      }
      : {};
    if ((kind === "keys" || kind === "scroll") && stale === undefined) {
      if (run && run.step.kind === kind && run.step.detour === t.detour) {
        run.step.count!++;
        run.refs.push(e.ref);
        continue;
      }
      flush();
      const step: Step = { at, kind, events: "", count: 1, ...detour };
      steps.push(step);
      run = { step, refs: [e.ref] };
      continue;
    }
    flush();
    const step: Step = { at, kind, events: String(e.ref) };
    if (kind === "click") step.target = stepTarget(opts.targets.get(e));
    if (kind === "keys" || kind === "scroll") step.count = 1;
    if (kind === "type") {
      step.chars = e.chars ?? (e.text !== undefined ? [...e.text].length : 0);
      if (opts.includeText && e.text !== undefined) step.text = applyLayout(e.text, opts.layout);
    }
    if (kind === "switch" && e.app !== undefined) step.app = e.app;
    Object.assign(step, detour, moved);
    steps.push(step);
  }
  flush();
  return steps;
}

function stepKind(e: InputEvent): StepKind {
  switch (e.kind) {
    case "click":
      return "click";
    case "text":
      return "type";
    case "key":
      return "keys";
    case "paste":
    case "copy":
    case "scroll":
    case "switch":
    case "other":
      return e.kind;
  }
}

function stepTarget(t: ClickTarget | undefined): StepTarget {
  if (t === undefined) return { resolution: "none", confidence: 0 };
  return {
    resolution: t.resolution,
    confidence: t.confidence,
    ...(t.name !== undefined ? { name: t.name } : {}),
    ...(t.role !== undefined ? { role: t.role } : {}),
    ...(t.zone !== undefined ? { zone: t.zone } : {}),
    ...(t.snapshotRef !== undefined ? { snapshot: t.snapshotRef } : {}),
    ...(t.nearbyMs !== undefined ? { nearby_ms: t.nearbyMs } : {}),
    ...(t.distancePx !== undefined ? { distance_px: t.distancePx } : {}),
  };
}

/** The two window titles of a re-attribution, when both are known. */
function windowTitles(
  from: string | undefined,
  event: string | undefined,
): { from_title?: string; event_title?: string } {
  return from !== undefined && event !== undefined && from !== event
    ? { from_title: from, event_title: event }
    : {};
}
