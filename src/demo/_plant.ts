/**
 * Plants routine occurrences and background visits into a simulated day: each visit is
 * inserted just after a work-app snapshot inside captured time, and every later row of
 * the day moves on by the visit's length (whole seconds, so SQL-spelled timestamps keep
 * their order). The base rows keep their content; only later times shift.
 *
 * @module
 */

import { APPS } from "./_catalog.ts";
import { Episode, type Shown, showPage, type Target } from "./_episode.ts";
import { BACKGROUND, type BackgroundDef, type RoutineDef, ROUTINES } from "./_routine_defs.ts";
import type { Random } from "./_random.ts";
import { SCREENS } from "./_behaviour.ts";
import type { EventRow, FrameRow } from "./_simulate.ts";
import type { Zone } from "./_zone.ts";

/** A visit to plant on a day, aimed at a local minute. */
export interface Visit {
  minute: number;
  routine?: RoutineDef;
  background?: BackgroundDef;
}

/** A planted occurrence: its routine, local day and action rows in order. */
export interface PlantedOccurrence {
  id: string;
  day: string;
  actions: EventRow[];
}

/** One simulated day's rows and what planting needs to know about it. */
export interface PlantInput {
  day: string;
  zone: Zone;
  monitors: number;
  frames: FrameRow[];
  events: EventRow[];
}

const WORK_APPS = new Set(["Code", "Cursor", "Google Chrome", "Firefox", "iTerm2"]);
const MIN_SEGMENT = 25_000;
const SPACING = 120_000;
const FILLER = ["Activity", "Description", "Updated 2 hours ago"];
const CHATTER = ["ok", "sounds good", "on it", "lunch at 1?", "see thread", "thanks!"];
const FRIENDS = ["Grace Hopper", "Alan Kay", "Barbara Liskov", "Ken Thompson", "Radia Perlman"];

/**
 * Which visits each day gets: routine occurrences on chosen workdays (a weekly routine on
 * its weekday), and one to three background visits per workday.
 */
export function scheduleVisits(
  rng: Random,
  days: readonly { weekday: number; workday: boolean }[],
): Visit[][] {
  const out: Visit[][] = days.map(() => []);
  const workdays = days.flatMap((d, i) => (d.workday ? [i] : []));
  for (const r of ROUTINES) {
    let chosen: number[];
    if (r.weekday !== undefined) {
      chosen = workdays.filter((i) => days[i].weekday === r.weekday);
    } else {
      const n = Math.min(workdays.length, Math.round(r.count * workdays.length / 20));
      const order = [...workdays];
      for (let i = order.length - 1; i > 0; i--) {
        const j = rng.int(0, i);
        [order[i], order[j]] = [order[j], order[i]];
      }
      chosen = order.slice(0, n);
    }
    for (const d of chosen) {
      out[d].push({ minute: rng.int(r.window[0], r.window[1] - 1), routine: r });
    }
  }
  for (const d of workdays) {
    const n = rng.int(1, 3);
    for (let k = 0; k < n; k++) {
      out[d].push({ minute: rng.int(9 * 60 + 30, 17 * 60 + 30), background: rng.pick(BACKGROUND) });
    }
  }
  for (const visits of out) visits.sort((a, b) => a.minute - b.minute);
  return out;
}

/** Plant the visits into the day's rows (in place) and return the occurrences planted. */
export function plantDay(
  rng: Random,
  input: PlantInput,
  visits: readonly Visit[],
): PlantedOccurrence[] {
  const anchors = chooseAnchors(input, visits);
  const planted: PlantedOccurrence[] = [];
  const rngs = anchors.map((_, k) => rng.fork(k + 1));
  // Latest first, so an insertion never moves an anchor still to be used.
  for (let k = anchors.length - 1; k >= 0; k--) {
    const { frame, visit } = anchors[k];
    const start = frame.at + 250;
    const ep = new Episode(rngs[k], {
      start,
      monitors: input.monitors,
      focus: Math.max(0, SCREENS.findIndex((s) => s.name === frame.device)),
      back: frame,
    });
    const actions = visit.routine !== undefined
      ? occurrence(ep, rngs[k], visit.routine)
      : (background(ep, rngs[k], visit.background!), null);
    ep.back(frame);
    // Rows end by ep.t + 100 ms; the day resumes at least a second after the last one.
    const shift = Math.ceil((ep.t - start + 1100) / 1000) * 1000;
    for (const rows of [input.frames, input.events]) {
      for (const r of rows) if (r.at >= start) r.at += shift;
    }
    input.frames.push(...ep.frames);
    input.events.push(...ep.events);
    if (actions !== null) planted.push({ id: visit.routine!.id, day: input.day, actions });
  }
  input.frames.sort(byTime);
  input.events.sort(byTime);
  return planted.reverse();
}

function byTime(a: { at: number; micros: number }, b: { at: number; micros: number }): number {
  return a.at - b.at || a.micros - b.micros;
}

/** For each visit, the first work snapshot at or after its minute inside captured time. */
function chooseAnchors(input: PlantInput, visits: readonly Visit[]) {
  const frames = input.frames;
  const next = new Map<string, number>();
  const ok: FrameRow[] = [];
  const candidates: boolean[] = new Array(frames.length).fill(false);
  for (let i = frames.length - 1; i >= 0; i--) {
    const f = frames[i];
    const following = next.get(f.device);
    next.set(f.device, f.at);
    candidates[i] = following !== undefined && following - f.at <= 31_000 && f.focused === 1 &&
      f.style !== "bad" && !f.blankApp && WORK_APPS.has(f.app.name) &&
      !(f.page.url ?? "").includes("meet.google.com");
  }
  frames.forEach((f, i) => candidates[i] && ok.push(f));
  const out: { frame: FrameRow; visit: Visit }[] = [];
  let after = -Infinity;
  let j = 0;
  for (const v of visits) {
    const target = Math.max(input.zone.toUtc(input.day, v.minute), after + SPACING);
    while (j < ok.length && ok[j].at < target) j++;
    if (j >= ok.length) break;
    out.push({ frame: ok[j], visit: v });
    after = ok[j].at;
  }
  return out;
}

/** One occurrence of a routine; returns its action rows (steps and extras) in order. */
function occurrence(ep: Episode, rng: Random, r: RoutineDef): EventRow[] {
  const subject = r.subjects.length > 0 ? rng.int(0, r.subjects.length - 1) : 0;
  const specs = r.pages(subject);
  const shown: Shown[] = specs.map((spec, p) => showPage(spec, targetsOn(r, p, subject), FILLER));
  const present = r.steps.map((s) => !s.optional || rng.chance(0.6));
  const last = present.lastIndexOf(true);
  const extraAfter = rng.chance(0.2) ? rng.int(0, last - 1) : -1;
  const detourAfter = rng.chance(0.3) ? rng.int(0, last - 1) : -1;
  const actions: EventRow[] = [];
  let page = r.steps.findIndex((_, i) => present[i]);
  page = r.steps[page].page;
  ep.show(r.app, shown[page]);
  let segment = ep.t;
  ep.wait(rng.range(2500, 6000));
  for (let i = 0; i <= last; i++) {
    if (!present[i]) continue;
    const s = r.steps[i];
    if (s.page !== page) {
      ep.wait(600);
      page = s.page;
      ep.show(r.app, shown[page]);
      ep.wait(rng.range(800, 2500));
    }
    if (s.op === "click") {
      actions.push(ep.click({ role: s.role, name: s.name ?? r.subjects[subject] }));
    } else {
      const values = s.values!;
      const value = s.bySubject ? values[subject % values.length] : rng.pick(values);
      actions.push(ep.type(value, { role: s.role, name: s.name! }));
      if (s.op === "navigate") ep.enter();
    }
    ep.wait(rng.range(1500, 5000));
    if (i === extraAfter) {
      actions.push(ep.click({ role: "AXButton", name: rng.pick(r.extras) }));
      ep.wait(rng.range(1500, 4000));
    }
    if (i === detourAfter) {
      // Long enough on each side of the detour that the routine's app stays a frame.
      ep.wait(Math.max(0, segment + MIN_SEGMENT - ep.t));
      detour(ep, rng);
      ep.show(r.app, shown[page]);
      segment = ep.t;
      ep.wait(rng.range(1000, 3000));
    }
  }
  ep.wait(Math.max(0, segment + MIN_SEGMENT - ep.t) + rng.range(2000, 6000));
  return actions;
}

/** The elements of page `p`: its steps' targets, the slot's candidates and the extras. */
function targetsOn(r: RoutineDef, p: number, subject: number): Target[] {
  const out: Target[] = [];
  for (const s of r.steps) {
    if (s.page !== p || s.op === "navigate") continue;
    if (s.name !== null) {
      out.push({ role: s.role, name: s.name });
      continue;
    }
    // The list a slot is picked from: the chosen subject among its neighbours.
    const from = Math.max(0, Math.min(subject - 2, r.subjects.length - 5));
    for (const name of r.subjects.slice(from, from + 5)) out.push({ role: s.role, name });
  }
  for (const name of r.extras) out.push({ role: "AXButton", name });
  return out;
}

/** A chat interruption: a DM or two, short (folded into the routine's frame) or longer. */
function detour(ep: Episode, rng: Random): void {
  const app = rng.chance(0.75) ? APPS.slack : APPS.messages;
  const friend = rng.pick(FRIENDS);
  const title = app === APPS.slack ? `${friend} (DM) - Acme - Slack` : friend;
  const links = FRIENDS.map((name) => ({ role: "AXLink", name }));
  ep.show(app, showPage({ title, url: null }, links, []));
  const until = ep.t + (rng.chance(0.7) ? rng.range(6000, 16000) : rng.range(25_000, 40_000));
  if (rng.chance(0.5)) ep.click(rng.pick(links));
  do {
    ep.wait(rng.range(800, 2500));
    ep.type(rng.pick(CHATTER), null);
    ep.enter();
  } while (ep.t < until - 4000);
  ep.wait(Math.max(0, until - ep.t));
}

/** A background visit: one generic-name click among a few unrelated actions. */
function background(ep: Episode, rng: Random, b: BackgroundDef): void {
  const pool = b.pool.map((name) => ({ role: "AXLink", name }));
  const generic = { role: "AXButton", name: b.generic };
  ep.show(b.app, showPage(b.page, [generic, ...pool], FILLER));
  const start = ep.t;
  ep.wait(rng.range(2000, 6000));
  const other = rng.chance(0.7) ? rng.pick(pool) : null;
  const first = other !== null && rng.chance(0.5);
  if (first) {
    ep.click(other);
    ep.wait(rng.range(1500, 5000));
  }
  if (b.typesFirst) {
    ep.type(rng.pick(CHATTER), null);
    ep.wait(rng.range(500, 1500));
  }
  ep.click(generic);
  if (!b.typesFirst && rng.chance(0.4)) {
    ep.wait(rng.range(500, 1500));
    ep.type(rng.pick(["q3 report", "invoice 2291", "onboarding", "webhooks"]), null);
  }
  if (other !== null && !first) {
    ep.wait(rng.range(1500, 5000));
    ep.click(other);
  }
  ep.wait(Math.max(0, start + MIN_SEGMENT - ep.t) + rng.range(2000, 8000));
}
