/**
 * `frames eval`: does the memory answer questions about the day? An independent oracle
 * recomputes the truth from the capture rows, a seeded generator asks questions about it,
 * and each representation (raw rows, JSON document, Markdown document, context block) is
 * measured in cl100k tokens and graded by deterministic fact recall — and, optionally, by
 * an OpenAI-compatible answerer.
 *
 * @example
 * ```ts
 * import { runEval } from "./src/eval/mod.ts";
 * const report = await runEval([{ day: "2026-03-25", capture }], { tz: "Europe/Berlin" });
 * ```
 *
 * @module
 */

import { compile } from "../compile/mod.ts";
import type { Capture } from "../model.ts";
import type { PageRef } from "../entities/mod.ts";
import { type AnswererConfig, ask } from "./answerer.ts";
import { statedFacts } from "./facts.ts";
import { gradeAnswer, recalls } from "./grade.ts";
import { oracle } from "./oracle.ts";
import { generateQuestions, type Question, QUESTION_KINDS } from "./questions.ts";
import { represent, type RepresentationName, REPRESENTATIONS } from "./represent.ts";
import { type EvalReport, type QuestionResult, summarise } from "./report.ts";

export { type AnswererConfig, SYSTEM_PROMPT } from "./answerer.ts";
export { type AwayPeriod, type DayTruth, oracle } from "./oracle.ts";
export {
  type Expected,
  generateQuestions,
  type Question,
  QUESTION_KINDS,
  type QuestionKind,
  type QuestionOptions,
} from "./questions.ts";
export { type RepresentationName, REPRESENTATIONS } from "./represent.ts";
export {
  type EvalReport,
  type QuestionResult,
  renderReport,
  type RepresentationSummary,
  type Share,
} from "./report.ts";
// Types the signatures above mention, re-exported so this module's API is complete.
export type * from "../model.ts";
export type { PageRef } from "../entities/mod.ts";

/** Representations larger than this are not sent to an answerer (raw rows, usually). */
export const ANSWER_TOKEN_CAP = 32_000;

/** One day to evaluate. */
export interface EvalDay {
  /** The local day, `YYYY-MM-DD`. */
  day: string;
  /** The day's capture as its adapter read it (without typed text). */
  capture: Capture;
}

/** Options of {@linkcode runEval}. */
export interface EvalOptions {
  /** IANA timezone of the days. */
  tz: string;
  /** Token budget of the context block (default 1,500). */
  budget?: number;
  /** Seed of the question generator (default 1). */
  seed?: number;
  /** URL typer handed to the compiler (default its built-in one). */
  typer?: (url: string) => PageRef;
  /** Ask this answerer as well (default: deterministic recall only). */
  answerer?: AnswererConfig;
}

/**
 * Evaluates `days`: oracle, questions, representations, fact recall and (optionally) the
 * answerer's accuracy. An answerer that fails stops being asked; the report records its
 * error and keeps every deterministic figure.
 */
export async function runEval(days: readonly EvalDay[], opts: EvalOptions): Promise<EvalReport> {
  const budget = opts.budget ?? 1500;
  const results: QuestionResult[] = [];
  const tokens = Object.fromEntries(REPRESENTATIONS.map((r) => [r, 0])) as Record<
    RepresentationName,
    number
  >;
  let answererError: string | undefined;
  for (const { day, capture } of days) {
    const truth = oracle(capture, { day, tz: opts.tz });
    const questions: Question[] = generateQuestions(truth, { seed: opts.seed });
    const doc = compile(capture, { tz: opts.tz, day, typer: opts.typer });
    const reps = represent(capture, doc, { tz: opts.tz, budget });
    const facts = reps.map((r) => ({ rep: r, facts: statedFacts(r.name, r.text) }));
    for (const r of reps) tokens[r.name] += r.tokens;
    for (const q of questions) {
      const recall = Object.fromEntries(
        facts.map((f) => [f.rep.name, recalls(q, f.facts)]),
      ) as Record<RepresentationName, boolean>;
      const result: QuestionResult = { ...q, recall };
      if (opts.answerer !== undefined && answererError === undefined) {
        result.answers = {};
        for (const r of reps) {
          if (r.tokens > ANSWER_TOKEN_CAP) continue;
          try {
            const answer = await ask(opts.answerer, { context: r.text, question: q.text });
            result.answers[r.name] = { answer, correct: gradeAnswer(q, answer) };
          } catch (err) {
            answererError = (err as Error).message;
            break;
          }
        }
      }
      results.push(result);
    }
  }
  return summarise(results, {
    days: days.map((d) => d.day),
    tz: opts.tz,
    budget,
    seed: opts.seed ?? 1,
    tokens,
    kinds: QUESTION_KINDS,
    answerer: opts.answerer === undefined
      ? undefined
      : { model: opts.answerer.model, cap: ANSWER_TOKEN_CAP, error: answererError },
  });
}
