/**
 * The built-in demo capture: a deterministic, seeded generator of a realistic multi-day
 * screenpipe-layout database (workdays and light weekends, lunch and away gaps, meetings,
 * editor and browser work over real URL shapes, short and long chat detours, heartbeat-only
 * reading, a second monitor on some days, element rows for click resolution, both
 * timestamp spellings and a few malformed rows). Same options, same bytes of data: no
 * `Math.random`, no clock.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { dirname, join } from "../file_path.ts";
import { Random } from "./_random.ts";
import { dayNumber, dayText, weekday, Zone } from "./_zone.ts";
import { type DayKind, planDay } from "./_plan.ts";
import { type DayProfile, DaySimulator, type EventRow, type FrameRow } from "./_simulate.ts";
import { writeRows } from "./_write.ts";
import { plantDay, type PlantedOccurrence, scheduleVisits } from "./_plant.ts";
import { buildTruth, type RoutinesTruth } from "./_truth.ts";

export { SCREENPIPE_SCHEMA_SQL } from "./_schema.ts";
import { SCREENS } from "./_behaviour.ts";

/**
 * The demo user's monitors in `--displays` form (screenpipe records no geometry, so an
 * operator would pass this for click resolution).
 */
export const DEMO_DISPLAYS: string = SCREENS.map((s) => `${s.name}=${s.width}x${s.height}+${s.x}+0`)
  .join(",");
export type { DayKind } from "./_plan.ts";
export type { RoutinesTruth, TruthRoutine, TruthStep } from "./_truth.ts";

/** File name of the planted-routine truth, written beside the database. */
export const TRUTH_FILE = "routines.truth.json";

/** Options for {@linkcode writeDemoDatabase}. */
export interface DemoOptions {
  /** PRNG seed (default 42). */
  seed?: number;
  /** Number of local days (default 14; 28 with `routines`, so a weekly routine recurs 4 times). */
  days?: number;
  /** First local day, `YYYY-MM-DD` (default `2026-03-23`, so the range covers a DST change). */
  startDay?: string;
  /** IANA zone the days are local to (default `Europe/Berlin`). */
  tz?: string;
  /** Replace an existing file at the path (default false: an existing file is an error). */
  overwrite?: boolean;
  /**
   * Plant routines (from their own PRNG stream) and write their truth beside the database
   * as {@linkcode TRUTH_FILE} (default false: the base corpus, byte for byte).
   */
  routines?: boolean;
}

/** One local day of the demo, with its UTC bounds and what was written for it. */
export interface DemoDay {
  /** Local date, `YYYY-MM-DD`. */
  day: string;
  /** UTC epoch ms of local midnight starting the day. */
  start: number;
  /** UTC epoch ms of the next local midnight (23 h or 25 h on DST days). */
  end: number;
  /** Well-formed `frames` rows in the day (what an adapter reads as snapshots). */
  snapshots: number;
  /** Well-formed `ui_events` rows in the day, excluding mouse `move` rows. */
  events: number;
  /** `elements` rows belonging to the day's frames. */
  elements: number;
  /** Kind of day that was simulated. */
  kind: DayKind;
}

/** What {@linkcode writeDemoDatabase} wrote. */
export interface DemoSummary {
  /** The database file written. */
  path: string;
  /** Every simulated day, oldest first. */
  days: DemoDay[];
  /** The local date with the most snapshots plus events. */
  busiestDay: string;
  /** With `routines`: the truth file written and what it says. */
  truth?: { path: string; content: RoutinesTruth };
}

const PROFILES: Record<DayKind, DayProfile> = {
  busy: { monitors: 1, pace: 1.12, elementRate: 0.9, elementSize: 76 },
  work: { monitors: 1, pace: 0.9, elementRate: 0.2, elementSize: 40 },
  weekend: { monitors: 1, pace: 1, elementRate: 0.3, elementSize: 30 },
};

/**
 * Write the demo database to `path` and describe each day it holds.
 *
 * @example
 * ```ts
 * const demo = writeDemoDatabase("/tmp/demo.sqlite", { seed: 42 });
 * const busiest = demo.days.find((d) => d.day === demo.busiestDay)!;
 * ```
 */
export function writeDemoDatabase(path: string, opts: DemoOptions = {}): DemoSummary {
  const seed = opts.seed ?? 42;
  const routines = opts.routines === true;
  const count = opts.days ?? (routines ? 28 : 14);
  const tz = opts.tz ?? "Europe/Berlin";
  if (!Number.isInteger(seed)) {
    throw new RangeError(`Cannot seed the demo with ${seed}: not an integer`);
  }
  if (!Number.isInteger(count) || count < 1 || count > 400) {
    throw new RangeError(
      `Cannot build a demo of ${count} days: expected a whole number from 1 to 400`,
    );
  }
  const first = dayNumber(opts.startDay ?? "2026-03-23");
  const zone = new Zone(tz);
  prepareTarget(path, opts.overwrite === true);
  const truthPath = join(dirname(path), TRUTH_FILE);
  if (routines && opts.overwrite !== true && existsSync(truthPath)) {
    throw new Error(`Cannot write routine truth "${truthPath}": file already exists`);
  }

  const rng = new Random(seed);
  const workdays: number[] = [];
  for (let d = 0; d < count; d++) {
    const wd = weekday(first + d);
    if (wd !== 0 && wd !== 6) workdays.push(d);
  }
  const busyIndex = workdays.length > 0
    ? workdays[Math.min(workdays.length - 1, rng.int(1, 3))]
    : -1;

  const kindOf = (d: number): DayKind => {
    const wd = weekday(first + d);
    return d === busyIndex ? "busy" : wd === 0 || wd === 6 ? "weekend" : "work";
  };
  // Planting draws from its own stream, so the base rows stay what they are without it.
  const plantRng = new Random(seed).fork(0x726f75);
  const visits = routines
    ? scheduleVisits(
      plantRng,
      Array.from({ length: count }, (_, d) => ({
        weekday: weekday(first + d),
        workday: kindOf(d) !== "weekend",
      })),
    )
    : [];
  const planted: PlantedOccurrence[] = [];

  const frames: FrameRow[] = [];
  const events: EventRow[] = [];
  const days: DemoDay[] = [];
  for (let d = 0; d < count; d++) {
    const day = dayText(first + d);
    const kind = kindOf(d);
    const dayRng = rng.fork(d + 1);
    const profile = { ...PROFILES[kind] };
    if (kind === "work" && dayRng.chance(0.4)) profile.monitors = 2;
    const sim = new DaySimulator(dayRng, profile);
    const plan = planDay(dayRng, { day, zone, kind, monitors: profile.monitors });
    for (const block of plan) sim.run(block);
    const dayFrames = sim.frames.sort(byTime);
    const dayEvents = sim.events.sort(byTime);
    spoil(dayRng, dayFrames, dayEvents, kind);
    if (routines) {
      const input = { day, zone, monitors: profile.monitors, frames: dayFrames, events: dayEvents };
      planted.push(...plantDay(plantRng.fork(d + 1), input, visits[d]));
    }
    for (const f of dayFrames) frames.push(f);
    for (const e of dayEvents) events.push(e);
    days.push({
      day,
      start: zone.toUtc(day, 0),
      end: zone.toUtc(dayText(first + d + 1), 0),
      snapshots: 0,
      events: 0,
      elements: 0,
      kind,
    });
  }

  const building = `${path}.building`;
  let written;
  try {
    written = writeRows(building, { frames, events, rng: rng.fork(0) });
    Deno.renameSync(building, path);
  } catch (err) {
    try {
      Deno.removeSync(building);
    } catch {
      // Nothing was written, or it is already gone.
    }
    throw new Error(`Cannot write demo database "${path}": ${(err as Error).message}`, {
      cause: err,
    });
  }
  // Capture data is private: user-only, like every file the engine writes (SPEC §9).
  if (Deno.build.os !== "windows") Deno.chmodSync(path, 0o600);
  tally(days, frames, events, written.elementsByFrame);
  const summary: DemoSummary = { path, days, busiestDay: busiestDay(days)?.day ?? days[0].day };
  if (routines) {
    const content = buildTruth(seed, events, planted);
    try {
      Deno.writeTextFileSync(truthPath, JSON.stringify(content, null, 2) + "\n", { mode: 0o600 });
    } catch (err) {
      throw new Error(`Cannot write routine truth "${truthPath}": ${(err as Error).message}`, {
        cause: err,
      });
    }
    summary.truth = { path: truthPath, content };
  }
  return summary;
}

/** The day with the most snapshots plus events (the earliest on a tie), if any. */
export function busiestDay(days: readonly DemoDay[]): DemoDay | undefined {
  let best: DemoDay | undefined;
  for (const d of days) {
    if (best === undefined || d.snapshots + d.events > best.snapshots + best.events) best = d;
  }
  return best;
}

function byTime(a: { at: number; micros: number }, b: { at: number; micros: number }): number {
  return a.at - b.at || a.micros - b.micros;
}

/** Mark a few rows malformed and some in the SQL-default spelling, as real databases have. */
function spoil(rng: Random, frames: FrameRow[], events: EventRow[], kind: DayKind): void {
  // The SQL spelling drops the fraction; only use it where that keeps time order intact.
  for (const rows of [frames, events]) {
    for (let i = 1; i < rows.length; i++) {
      const whole = Math.floor(rows[i].at / 1000) * 1000;
      if (readBack(rows[i - 1]) <= whole && rng.chance(0.04)) rows[i].style = "sql";
    }
  }
  if (kind === "weekend" || frames.length < 10) return;
  frames[rng.int(1, frames.length - 2)].style = "bad";
  frames[rng.int(1, frames.length - 2)].blankApp = true;
  if (events.length > 10) events[rng.int(1, events.length - 2)].style = "bad";
}

/** The second a SQL-spelled row reads back as (that spelling has no fraction). */
function readBack(row: { at: number; style: string }): number {
  return row.style === "sql" ? Math.floor(row.at / 1000) * 1000 : row.at;
}

function tally(
  days: DemoDay[],
  frames: FrameRow[],
  events: EventRow[],
  elementsByFrame: Map<number, number>,
): void {
  const find = (at: number) => days.find((d) => at >= d.start && at < d.end);
  let day: DemoDay | undefined;
  for (const f of frames) {
    if (f.style === "bad" || f.blankApp) continue;
    const at = readBack(f);
    if (day === undefined || at < day.start || at >= day.end) day = find(at);
    if (day === undefined) continue;
    day.snapshots++;
    day.elements += elementsByFrame.get(f.id) ?? 0;
  }
  day = undefined;
  for (const e of events) {
    if (e.style === "bad" || e.type === "move") continue;
    const at = readBack(e);
    if (day === undefined || at < day.start || at >= day.end) day = find(at);
    if (day !== undefined) day.events++;
  }
}

function prepareTarget(path: string, overwrite: boolean): void {
  let exists = false;
  try {
    Deno.statSync(path);
    exists = true;
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) {
      throw new Error(`Cannot write demo database "${path}": ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  if (exists && !overwrite) {
    throw new Error(`Cannot write demo database "${path}": file already exists`);
  }
  try {
    Deno.statSync(dirname(path));
  } catch (err) {
    throw new Error(`Cannot write demo database "${path}": folder does not exist`, { cause: err });
  }
  for (const suffix of ["", "-wal", "-shm", "-journal", ".building"]) {
    if (suffix === "" && !exists) continue;
    try {
      Deno.removeSync(`${path}${suffix}`);
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  }
}
