/**
 * One local day reduced to what the pattern detectors read: its listed frames with their
 * action tokens, resolved click targets, URLs, and minutes per app and half hour.
 *
 * @module
 */

import type { Capture, InputEvent } from "../model.ts";
import { buildFrames, type BuiltFrame, type Rules } from "../compile/mod.ts";
import { geometryNotes, resolveFrameClicks, settleFrameGeometry } from "../compile/enrich/mod.ts";
import type { ClickTarget } from "../compile/enrich/resolve.ts";
import { isResolved } from "../compile/enrich/counts.ts";
import { IntervalUnion } from "../compile/intervals.ts";
import { DEFAULT_MIN_MINUTES, rulesWith } from "../compile/rules.ts";
import { localFields } from "../compile/time.ts";
import { redactedPathKey } from "../entities/redact.ts";

/** One action of a frame, as the sequence miner sees it. */
export interface Action {
  /** `click:<name>`, `click`, `type`, `paste`, `copy`, `keys`, `scroll`, `switch` or `other`. */
  token: string;
  /** The input event's row id, for evidence. */
  ref: number;
}

/** A named click target. */
export interface NamedClick {
  /** The element's name: what makes two clicks "the same" across days. */
  name: string;
  /** The element's role, when known. */
  role?: string;
  /** The click event's row id, for evidence. */
  ref: number;
}

/** A listed frame of the day. */
export interface DayFrame {
  /** The frame's stable id, as `compile` lists it. */
  id: string;
  /** The display the frame was on. */
  display: string;
  /** The frame's app. */
  app: string;
  /** The frame's site, when it showed a URL. */
  site?: string;
  /** Start instant, in ms since the epoch. */
  startMs: number;
  /** End instant, in ms since the epoch. */
  endMs: number;
  /** Dwell credit of the frame's own snapshots, in ms. */
  durationMs: number;
  /** Local `HH:MM` of the start. */
  startLocal: string;
  /** The frame's input as action tokens, in time order. */
  actions: Action[];
  /** Clicks resolved to a named element, in time order. */
  clicks: NamedClick[];
  /** Distinct redacted URL paths shown (`redactedPathKey`), with how many snapshots showed each. */
  urls: Map<string, number>;
}

/** What the detectors read of one local day. */
export interface DayActivity {
  /** The local day, `YYYY-MM-DD`. */
  day: string;
  /** Listed frames in start order (display name breaks ties). */
  frames: DayFrame[];
  /** App → half-hour slot (0..47 local) → dedup minutes, with the frames active there. */
  slots: Map<string, Map<number, { minutes: number; frames: string[] }>>;
  /** Minutes per app (dedup across displays). */
  appMinutes: Map<string, number>;
  /** Minutes per site (dedup across displays). */
  siteMinutes: Map<string, number>;
  /** How clicks were placed where no geometry was measured or given (geometryNotes). */
  notes: string[];
}

/** Options for {@linkcode analyseDay}. */
export interface AnalyseDayOptions extends Partial<Rules> {
  /** The local day the capture was read for, `YYYY-MM-DD`. */
  day: string;
  /** The IANA timezone the day is local to. */
  tz: string;
  /** Frames shorter than this are not listed (default 0.5, as in `compile`). */
  minMinutes?: number;
}

const HALF_HOUR = 30;

function byDisplay(a: { display: string }, b: { display: string }): number {
  return a.display < b.display ? -1 : a.display > b.display ? 1 : 0;
}

/** Reduces one day's capture (read for that local day's window) for pattern detection. */
export function analyseDay(capture: Capture, opts: AnalyseDayOptions): DayActivity {
  const built = buildFrames(capture, rulesWith(opts), { stale: true });
  const minMs = (opts.minMinutes ?? DEFAULT_MIN_MINUTES) * 60_000;
  const listed = built.frames.filter((f) => f.durationMs >= minMs)
    .sort((a, b) => a.startMs - b.startMs || byDisplay(a, b));
  // Clicks are named with the geometry a compile would settle: measured, given, or inferred
  // from the day's clicks (screenpipe stores none), as `frames steps` and `routines` do.
  const geometry = settleFrameGeometry(built.frames, capture, built.stale);
  const targets = resolveFrameClicks(listed, capture, {
    stale: built.stale,
    displays: geometry.displays,
  });
  const frames = listed.map((f) => dayFrame(f, targets, opts.tz));
  const union = new IntervalUnion();
  const slotFrames = new Map<string, Set<string>>();
  const apps = new Set<string>(), sites = new Set<string>();
  for (const f of listed) {
    const st = f.stream;
    for (const i of f.snaps) {
      const t = st.at[i], c = st.credit[i];
      if (c === 0) continue;
      const l = localFields(t, opts.tz);
      const slot = l.hour * 2 + (l.minute >= HALF_HOUR ? 1 : 0);
      const key = f.app + "\u0000" + slot;
      union.add(key, t, t + c);
      union.add("app\u0000" + f.app, t, t + c);
      apps.add(f.app);
      if (f.site !== undefined) {
        union.add("site\u0000" + f.site, t, t + c);
        sites.add(f.site);
      }
      let ids = slotFrames.get(key);
      if (!ids) slotFrames.set(key, ids = new Set());
      ids.add(f.id);
    }
  }
  const slots: DayActivity["slots"] = new Map();
  for (const [key, ids] of slotFrames) {
    const [app, slot] = key.split("\u0000");
    let m = slots.get(app);
    if (!m) slots.set(app, m = new Map());
    m.set(Number(slot), { minutes: union.unionMs(key) / 60_000, frames: [...ids] });
  }
  const appMinutes = new Map([...apps].map((a) => [a, union.unionMs("app\u0000" + a) / 60_000]));
  const siteMinutes = new Map(
    [...sites].map((s) => [s, union.unionMs("site\u0000" + s) / 60_000]),
  );
  return { day: opts.day, frames, slots, appMinutes, siteMinutes, notes: geometryNotes(geometry) };
}

function dayFrame(
  f: BuiltFrame,
  targets: ReadonlyMap<InputEvent, ClickTarget>,
  tz: string,
): DayFrame {
  const events = [...f.events].sort((a, b) => a.at - b.at || a.ref - b.ref);
  const actions: Action[] = [];
  const clicks: NamedClick[] = [];
  for (const e of events) {
    let token: string = e.kind === "text" ? "type" : e.kind === "key" ? "keys" : e.kind;
    if (e.kind === "click") {
      const t = targets.get(e);
      if (t !== undefined && isResolved(t.resolution) && t.name !== undefined) {
        token = `click:${t.name}`;
        clicks.push({
          name: t.name,
          ...(t.role !== undefined ? { role: t.role } : {}),
          ref: e.ref,
        });
      }
    }
    // Runs of keys or scrolls are one action.
    const last = actions[actions.length - 1];
    if ((token === "keys" || token === "scroll") && last?.token === token) continue;
    actions.push({ token, ref: e.ref });
  }
  const urls = new Map<string, number>();
  for (const i of f.snaps) {
    const url = f.stream.snaps[i].url;
    if (url === undefined || url === "") continue;
    const r = redactedPathKey(url);
    urls.set(r, (urls.get(r) ?? 0) + 1);
  }
  const l = localFields(f.startMs, tz);
  return {
    id: f.id,
    display: f.display,
    app: f.app,
    ...(f.site !== undefined ? { site: f.site } : {}),
    startMs: f.startMs,
    endMs: f.endMs,
    durationMs: f.durationMs,
    startLocal: `${String(l.hour).padStart(2, "0")}:${String(l.minute).padStart(2, "0")}`,
    actions,
    clicks,
    urls,
  };
}
