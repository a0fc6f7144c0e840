/**
 * Grading: deterministic fact recall (is the answer stated, unambiguously and within
 * tolerance, in a representation?) and the automatic grading of an answerer's free text
 * against the oracle (numeric tolerance, yes/no, name match).
 *
 * @module
 */

import type { StatedFacts } from "./facts.ts";
import type { Question } from "./questions.ts";

function near(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance + 1e-9;
}

function circularNear(a: number, b: number, tolerance: number): boolean {
  const d = Math.abs(a - b) % 1440;
  return Math.min(d, 1440 - d) <= tolerance;
}

/**
 * Whether `facts` state the answer to `q`: the name with minutes that rank it as the
 * oracle does, minutes within tolerance, the exact count, the site or app named (or, for
 * an absent probe, a complete list that does not name it), a time within tolerance.
 */
export function recalls(q: Question, facts: StatedFacts): boolean {
  const e = q.expected;
  switch (e.type) {
    case "name": {
      const mine = facts.apps.get(e.name);
      if (mine === undefined) return false;
      // Unambiguous: every other app the question is about is stated lower.
      for (const o of e.others) {
        const theirs = facts.apps.get(o);
        if (theirs === undefined) {
          if (!facts.apps.has(o) && facts.appsComplete) continue; // not used at all: lower
          return false;
        }
        if (theirs >= mine) return false;
      }
      return true;
    }
    case "minutes": {
      const mine = facts.apps.get(e.app);
      // A stated value stands for its rounding interval: whole minutes in the block.
      return mine !== undefined && near(mine, e.minutes, e.tolerance + facts.precision);
    }
    case "count":
      return facts.appCount === e.count;
    case "yesno": {
      const set = e.what === "app" ? new Set(facts.apps.keys()) : facts.domains;
      const complete = e.what === "app" ? facts.appsComplete : facts.domainsComplete;
      return e.yes ? set.has(e.subject) : complete && !set.has(e.subject);
    }
    case "time":
      return facts.firstActivity !== undefined &&
        circularNear(facts.firstActivity, e.minute, e.tolerance);
    case "away":
      return (facts.away ?? []).some((a) =>
        circularNear(a.start, e.start, e.tolerance) &&
        near(a.minutes, e.minutes, Math.max(e.minutes * 0.1, 1))
      );
  }
}

function firstNumber(text: string): number | undefined {
  const m = /-?\d+(?:\.\d+)?/.exec(text.replace(/(\d),(\d{3})/g, "$1$2"));
  return m === null ? undefined : Number(m[0]);
}

function clockTimes(text: string): number[] {
  return [...text.matchAll(/\b(\d{1,2}):(\d{2})\b/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
}

/** Whether an answerer's free-text `answer` to `q` is right, graded against the oracle. */
export function gradeAnswer(q: Question, answer: string): boolean {
  const e = q.expected;
  const low = answer.toLowerCase();
  switch (e.type) {
    case "name":
      return low.includes(e.name.toLowerCase()) &&
        !e.others.some((o) =>
          !e.name.toLowerCase().includes(o.toLowerCase()) && low.includes(o.toLowerCase())
        );
    case "minutes": {
      const n = firstNumber(answer);
      return n !== undefined && near(n, e.minutes, e.tolerance);
    }
    case "count":
      return firstNumber(answer) === e.count;
    case "yesno": {
      const yes = /\byes\b/.test(low), no = /\bno\b/.test(low);
      return yes !== no && yes === e.yes;
    }
    case "time":
      return clockTimes(answer).slice(0, 1).some((t) => circularNear(t, e.minute, e.tolerance));
    case "away": {
      const t = clockTimes(answer)[0];
      const rest = answer.replace(/\b\d{1,2}:\d{2}\b/g, " ");
      const n = firstNumber(rest);
      return t !== undefined && circularNear(t, e.start, e.tolerance) && n !== undefined &&
        near(n, e.minutes, Math.max(e.minutes * 0.1, 1));
    }
  }
}
