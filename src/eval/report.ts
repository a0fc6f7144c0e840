/**
 * The eval report: per representation its tokens, fact recall and (when an answerer ran)
 * accuracy, overall and per question kind; rendered as Markdown or JSON.
 *
 * @module
 */

import type { Question, QuestionKind } from "./questions.ts";
import { expectedText } from "./questions.ts";
import { type RepresentationName, REPRESENTATIONS } from "./represent.ts";

/** One question with how each representation did on it. */
export interface QuestionResult extends Question {
  /** Per representation: is the fact stated there (deterministic, no model)? */
  recall: Record<RepresentationName, boolean>;
  /** Per representation the answerer was asked with: its answer and whether it was right. */
  answers?: Partial<Record<RepresentationName, { answer: string; correct: boolean }>>;
}

/** A share with its numerator and denominator. */
export interface Share {
  /** Right ones. */
  hits: number;
  /** Asked. */
  of: number;
  /** `hits / of` in percent, one decimal (null when nothing was asked). */
  pct: number | null;
}

/** One representation's row of the report. */
export interface RepresentationSummary {
  /** Which representation. */
  name: RepresentationName;
  /** Its cl100k tokens summed over the days. */
  tokens: number;
  /** Mean tokens per day. */
  tokens_per_day: number;
  /** Deterministic fact recall over every question. */
  recall: Share;
  /** Fact recall per question kind. */
  recall_by_kind: Record<string, Share>;
  /** Answerer accuracy (absent when no answerer ran or this one was not sent). */
  accuracy?: Share;
  /** Answerer accuracy per question kind. */
  accuracy_by_kind?: Record<string, Share>;
}

/** The whole report. */
export interface EvalReport {
  /** The days evaluated. */
  days: string[];
  /** Their timezone. */
  tz: string;
  /** The context block's token budget. */
  budget: number;
  /** The question generator's seed. */
  seed: number;
  /** Questions asked. */
  questions: number;
  /** Tokens raw rows : JSON : Markdown : block, scaled so the block is 1. */
  token_ratio: string;
  /** One row per representation. */
  representations: RepresentationSummary[];
  /** The answerer, when one ran: its model, the token cap and any error that stopped it. */
  answerer?: { model: string; cap: number; error?: string };
  /** Every question with its expected answer and results. */
  results: QuestionResult[];
}

function share(hits: number, of: number): Share {
  return { hits, of, pct: of === 0 ? null : Math.round((hits / of) * 1000) / 10 };
}

function tally(
  results: readonly QuestionResult[],
  kinds: readonly QuestionKind[],
  hit: (r: QuestionResult) => boolean | undefined,
): { all: Share; byKind: Record<string, Share> } {
  const byKind: Record<string, Share> = {};
  let hits = 0, of = 0;
  for (const k of kinds) {
    let h = 0, n = 0;
    for (const r of results) {
      if (r.kind !== k) continue;
      const v = hit(r);
      if (v === undefined) continue;
      n++;
      if (v) h++;
    }
    if (n > 0) byKind[k] = share(h, n);
    hits += h;
    of += n;
  }
  return { all: share(hits, of), byKind };
}

/** Aggregates question results into the report. */
export function summarise(
  results: QuestionResult[],
  meta: {
    days: string[];
    tz: string;
    budget: number;
    seed: number;
    tokens: Record<RepresentationName, number>;
    kinds: readonly QuestionKind[];
    answerer?: { model: string; cap: number; error?: string };
  },
): EvalReport {
  const n = Math.max(meta.days.length, 1);
  const reps: RepresentationSummary[] = REPRESENTATIONS.map((name) => {
    const recall = tally(results, meta.kinds, (r) => r.recall[name]);
    const row: RepresentationSummary = {
      name,
      tokens: meta.tokens[name],
      tokens_per_day: Math.round(meta.tokens[name] / n),
      recall: recall.all,
      recall_by_kind: recall.byKind,
    };
    if (meta.answerer !== undefined) {
      const acc = tally(results, meta.kinds, (r) => r.answers?.[name]?.correct);
      if (acc.all.of > 0) {
        row.accuracy = acc.all;
        row.accuracy_by_kind = acc.byKind;
      }
    }
    return row;
  });
  const block = Math.max(meta.tokens.context, 1);
  const ratio = REPRESENTATIONS.map((r) => {
    const x = meta.tokens[r] / block;
    return x >= 10 ? String(Math.round(x)) : x.toFixed(1);
  }).join(" : ");
  return {
    days: meta.days,
    tz: meta.tz,
    budget: meta.budget,
    seed: meta.seed,
    questions: results.length,
    token_ratio: ratio,
    representations: reps,
    ...(meta.answerer === undefined ? {} : { answerer: meta.answerer }),
    results,
  };
}

const UNPRINTABLE = new RegExp(
  "[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]",
  "g",
);

function pct(s: Share | undefined): string {
  return s === undefined || s.pct === null ? "—" : `${s.pct}% (${s.hits}/${s.of})`;
}

/** The report as Markdown (`md`) or JSON (`json`), ending with a newline. */
export function renderReport(report: EvalReport, format: "md" | "json"): string {
  if (format === "json") return JSON.stringify(report, null, 2) + "\n";
  const first = report.days[0], last = report.days[report.days.length - 1];
  const out = [
    `# frames eval — ${first === last ? first : `${first} to ${last}`} (${report.tz})`,
    "",
    `${report.questions} questions over ${report.days.length} day${
      report.days.length === 1 ? "" : "s"
    } (seed ${report.seed}), context block at ${report.budget} tokens.`,
    `Token ratio raw rows : JSON : Markdown : block = ${report.token_ratio}.`,
    "",
    "| Representation | Tokens/day | Fact recall | Answer accuracy |",
    "| --- | --: | --: | --: |",
    ...report.representations.map((r) =>
      `| ${r.name} | ${r.tokens_per_day} | ${pct(r.recall)} | ${pct(r.accuracy)} |`
    ),
    "",
    "## Fact recall per question kind",
    "",
    `| Kind | ${REPRESENTATIONS.join(" | ")} |`,
    `| --- | ${REPRESENTATIONS.map(() => "--:").join(" | ")} |`,
  ];
  const kinds = [...new Set(report.results.map((r) => r.kind))];
  for (const k of kinds) {
    out.push(
      `| ${k} | ${report.representations.map((r) => pct(r.recall_by_kind[k])).join(" | ")} |`,
    );
  }
  if (report.answerer !== undefined) {
    out.push("", `## Answerer (${report.answerer.model})`, "");
    if (report.answerer.error !== undefined) out.push(`Stopped: ${report.answerer.error}`, "");
    out.push(`Representations over ${report.answerer.cap} tokens are not sent.`, "");
    out.push(
      `| Kind | ${REPRESENTATIONS.join(" | ")} |`,
      `| --- | ${REPRESENTATIONS.map(() => "--:").join(" | ")} |`,
    );
    for (const k of kinds) {
      out.push(
        `| ${k} | ${report.representations.map((r) => pct(r.accuracy_by_kind?.[k])).join(" | ")} |`,
      );
    }
  }
  const missed = report.results.filter((r) => !r.recall.context);
  if (missed.length > 0) {
    out.push("", "## Facts the context block does not state", "");
    for (const r of missed) {
      // App names are capture text: control, escape and bidi characters never reach a terminal.
      const text = `${r.text} (expected ${expectedText(r.expected)})`.replace(
        UNPRINTABLE,
        "\ufffd",
      );
      out.push(`- ${r.id} ${r.kind}: ${text}`);
    }
  }
  return out.join("\n") + "\n";
}
