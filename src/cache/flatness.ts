/**
 * Check (3) of `frames certify`: the cost of absorbing a fixed Δ of rows must not grow
 * with the history held. A session holds N compiled days (N = 1, 7, 30; the window's days
 * reused in turn when it has fewer) beside the open day; Δ is the open day's last minute of
 * rows. Each N is timed 15 times after 3 untimed warm-ups; the fastest run is the cost
 * (the least disturbed by other processes: the question is whether the work grows, not
 * how busy the machine is), the median is reported beside it, and a line is fitted.
 *
 * @module
 */

import type { ActivityDocument, Capture, CompileOptions } from "../compile/mod.ts";
import { compile, startIncremental } from "../compile/mod.ts";
import { deltaBetween, prefixCapture } from "./replay.ts";

/** The history sizes the check times. */
export const HISTORY_DAYS: readonly number[] = [1, 7, 30];

/** What the check measured. */
export interface FlatnessResult {
  /** Whether the cost at the most history stayed within the threshold. */
  pass: boolean;
  /** The rule and the outcome, in words. */
  detail: string;
  /** Rows in Δ (snapshots + events). */
  deltaRows: number;
  /** Absorb time per history size, ms: the fastest of the runs, and their median. */
  points: { history_days: number; absorb_ms: number; median_ms: number }[];
  /** Least-squares slope, ms per day of history. */
  slope_ms_per_day: number;
}

const REPEATS = 15;
const WARMUPS = 3;
const SLACK_MS = 1;

/** Times absorbing the open day's last minute after 1, 7 and 30 days of history. */
export function flatnessCheck(
  days: readonly Capture[],
  opts: CompileOptions,
  ratio: number,
): FlatnessResult {
  const open = [...days].reverse().find((c) => c.snapshots.length > 0);
  if (open === undefined) {
    return {
      pass: true,
      detail: "no day holds rows: no Δ to absorb",
      deltaRows: 0,
      points: [],
      slope_ms_per_day: 0,
    };
  }
  const last = Math.max(...open.snapshots.map((s) => s.at));
  const cut = last - 60_000;
  const delta = deltaBetween(open, cut, Infinity);
  const deltaRows = (delta.snapshots?.length ?? 0) + (delta.events?.length ?? 0);
  const points = HISTORY_DAYS.map((n) => {
    const held: ActivityDocument[] = [];
    for (let i = 0; i < n; i++) held.push(compile(days[i % days.length], opts));
    const times: number[] = [];
    for (let r = 0; r < WARMUPS + REPEATS; r++) {
      const session = startIncremental(prefixCapture(open, cut), opts);
      const t0 = performance.now();
      session.absorb(delta);
      if (r >= WARMUPS) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const point = {
      history_days: n,
      absorb_ms: round(times[0]),
      median_ms: round(times[REPEATS >> 1]),
    };
    held.length = 0; // released before the next size is timed
    return point;
  });
  const slope = fitSlope(points.map((p) => [p.history_days, p.absorb_ms]));
  const first = points[0].absorb_ms, most = points[points.length - 1].absorb_ms;
  const limit = ratio * first + SLACK_MS;
  const pass = most <= limit;
  return {
    pass,
    detail: `absorbing ${deltaRows} rows (the last minute): ${
      points.map((p) => `${p.absorb_ms} ms (median ${p.median_ms}) after ${p.history_days} d`)
        .join(", ")
    }; slope ${round(slope)} ms/day; rule: cost at ${
      points[points.length - 1].history_days
    } d ≤ ${ratio} × cost at ${points[0].history_days} d + ${SLACK_MS} ms (${round(limit)} ms)`,
    deltaRows,
    points,
    slope_ms_per_day: round(slope),
  };
}

function fitSlope(xy: [number, number][]): number {
  const n = xy.length;
  const mx = xy.reduce((s, [x]) => s + x, 0) / n, my = xy.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0, den = 0;
  for (const [x, y] of xy) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
