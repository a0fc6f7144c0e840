/**
 * The eval's question generator: deterministic and seeded, so the same truth and seed ask
 * the same questions in the same order. Each question carries its expected answer and the
 * tolerance it is graded with.
 *
 * @module
 */

import type { DayTruth } from "./oracle.ts";
import { hhmm } from "./_clock.ts";

/** The kinds of question the eval asks. */
export const QUESTION_KINDS = [
  "top_app",
  "app_minutes",
  "app_count",
  "compare",
  "domain_visited",
  "first_activity",
  "away",
  "absent_app",
  "absent_domain",
] as const;

/** One kind of question. */
export type QuestionKind = typeof QUESTION_KINDS[number];

/** The expected answer of a question. */
export type Expected =
  | { type: "name"; name: string; others: string[] }
  | { type: "minutes"; app: string; minutes: number; tolerance: number }
  | { type: "count"; count: number }
  | { type: "yesno"; subject: string; what: "app" | "domain"; yes: boolean }
  | { type: "time"; minute: number; tolerance: number }
  | { type: "away"; start: number; minutes: number; tolerance: number };

/** One question about one day. */
export interface Question {
  /** Stable id: `<day>#<n>`. */
  id: string;
  /** The local day asked about. */
  day: string;
  /** The kind of question. */
  kind: QuestionKind;
  /** The question as an answerer reads it. */
  text: string;
  /** The oracle's answer and its tolerance. */
  expected: Expected;
}

/** Relative tolerance of minute questions (the issue's ±10%). */
export const MINUTES_TOLERANCE = 0.1;
/** Absolute floor of that tolerance: the context block prints whole minutes. */
export const MINUTES_FLOOR = 0.5;
/** Tolerance of time-of-day questions, in minutes. */
export const TIME_TOLERANCE_MIN = 5;
/** Apps below this many minutes are not asked about (rounding dominates there). */
export const MIN_ASKED_MINUTES = 3;
/** A comparison is asked only when the larger side exceeds the smaller by this share. */
export const COMPARE_MARGIN = 0.25;

/** Apps and sites nobody in the demo uses: candidates for the "must be no" probes. */
const ABSENT_APPS = ["Spotify", "Photoshop", "Blender", "Excel", "Steam", "Telegram", "Xcode"];
const ABSENT_DOMAINS = ["netflix.com", "figma.com", "twitch.tv", "ebay.com", "wikipedia.org"];

/** A small seeded PRNG (mulberry32): the generator's only source of choice. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function daySeed(seed: number, day: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < day.length; i++) h = Math.imul(h ^ day.charCodeAt(i), 16777619) >>> 0;
  return h;
}

function pick<T>(rand: () => number, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) {
    out.push(pool.splice(Math.floor(rand() * pool.length), 1)[0]);
  }
  return out;
}

/** Tolerance in minutes for a minute question about `minutes`. */
export function minutesTolerance(minutes: number): number {
  return Math.max(minutes * MINUTES_TOLERANCE, MINUTES_FLOOR);
}

/** Options of {@linkcode generateQuestions}. */
export interface QuestionOptions {
  /** The generator's seed (default 1). */
  seed?: number;
}

/**
 * The questions for one day's truth: a top app, minutes in three apps, the number of apps,
 * two comparisons, two visited domains, the first activity, the longest away period and
 * two absent probes — fewer where the day has too little to ask about.
 *
 * @example
 * ```ts
 * const qs = generateQuestions(truth, { seed: 7 });
 * ```
 */
export function generateQuestions(truth: DayTruth, opts: QuestionOptions = {}): Question[] {
  const rand = prng(daySeed(opts.seed ?? 1, truth.day));
  const out: Omit<Question, "id">[] = [];
  const day = truth.day;
  const add = (kind: QuestionKind, text: string, expected: Expected) =>
    out.push({ day, kind, text: `On ${day}: ${text}`, expected });
  const asked = truth.apps.filter((a) => a.minutes >= MIN_ASKED_MINUTES);
  const names = truth.apps.map((a) => a.app);
  // A top app is asked only when it leads clearly, so the tolerance cannot flip it.
  if (
    asked.length > 0 &&
    (truth.apps.length < 2 || truth.apps[0].minutes > truth.apps[1].minutes * (1 + COMPARE_MARGIN))
  ) {
    const top = truth.apps[0];
    add("top_app", "Which app did the user spend the most time in?", {
      type: "name",
      name: top.app,
      others: names.filter((n) => n !== top.app),
    });
  }
  for (const a of pick(rand, asked, 3)) {
    add("app_minutes", `How many minutes was ${a.app} used?`, {
      type: "minutes",
      app: a.app,
      minutes: a.minutes,
      tolerance: minutesTolerance(a.minutes),
    });
  }
  if (truth.appSet.length > 0) {
    add("app_count", "How many different apps were used?", {
      type: "count",
      count: truth.appSet.length,
    });
  }
  const pairs: [typeof asked[number], typeof asked[number]][] = [];
  for (let i = 0; i < asked.length; i++) {
    for (let j = i + 1; j < asked.length; j++) {
      if (asked[i].minutes > asked[j].minutes * (1 + COMPARE_MARGIN)) {
        pairs.push([asked[i], asked[j]]);
      }
    }
  }
  for (const [hi, lo] of pick(rand, pairs, 2)) {
    const [x, y] = rand() < 0.5 ? [hi, lo] : [lo, hi];
    add("compare", `Which got more time, ${x.app} or ${y.app}?`, {
      type: "name",
      name: hi.app,
      others: [lo.app],
    });
  }
  for (const d of pick(rand, truth.domains, 2)) {
    add("domain_visited", `Was ${d} visited?`, {
      type: "yesno",
      subject: d,
      what: "domain",
      yes: true,
    });
  }
  if (truth.firstActivity !== null) {
    add("first_activity", "At what local time did the first activity start (HH:MM)?", {
      type: "time",
      minute: truth.firstActivity,
      tolerance: TIME_TOLERANCE_MIN,
    });
  }
  const longest = [...truth.away].sort((a, b) => b.minutes - a.minutes || a.start - b.start)[0];
  if (longest !== undefined && longest.minutes >= 10) {
    add(
      "away",
      "Between the first and the last activity, when did the longest away period start (HH:MM) and how many minutes did it last?",
      {
        type: "away",
        start: longest.start,
        minutes: longest.minutes,
        tolerance: TIME_TOLERANCE_MIN,
      },
    );
  }
  const absentApp = pick(rand, ABSENT_APPS.filter((a) => !truth.appSet.includes(a)), 1)[0];
  if (absentApp !== undefined) {
    add("absent_app", `Was ${absentApp} used?`, {
      type: "yesno",
      subject: absentApp,
      what: "app",
      yes: false,
    });
  }
  const absentDomain = pick(rand, ABSENT_DOMAINS.filter((d) => !truth.domains.includes(d)), 1)[0];
  if (absentDomain !== undefined) {
    add("absent_domain", `Was ${absentDomain} visited?`, {
      type: "yesno",
      subject: absentDomain,
      what: "domain",
      yes: false,
    });
  }
  return out.map((q, i) => ({ id: `${day}#${i + 1}`, ...q }));
}

/** The expected answer as text (for reports and for grading prompts). */
export function expectedText(e: Expected): string {
  switch (e.type) {
    case "name":
      return e.name;
    case "minutes":
      return `${e.minutes.toFixed(1)} min (±${e.tolerance.toFixed(1)})`;
    case "count":
      return String(e.count);
    case "yesno":
      return e.yes ? "yes" : "no";
    case "time":
      return `${hhmm(e.minute)} (±${e.tolerance} min)`;
    case "away":
      return `${hhmm(e.start)} for ${e.minutes.toFixed(1)} min`;
  }
}
