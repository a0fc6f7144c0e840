/**
 * `frames eval`: does the memory answer questions about the day? Truth from an independent
 * oracle, seeded questions, each representation's tokens and deterministic fact recall, and
 * optionally an OpenAI-compatible answerer's accuracy.
 *
 * @module
 */

import { refuseOutputOverSource } from "./_out_guard.ts";
import { storePath } from "../store/path.ts";
import { addDays, dayWindow, parseDay } from "../compile/time.ts";
import { DEFAULT_CONTEXT_BUDGET } from "../compile/rules.ts";
import { loadTyper } from "../entities/mod.ts";
import { type AnswererConfig, type EvalDay, renderReport, runEval } from "../eval/mod.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { readCliWindow, resolveCliSource } from "./_capture.ts";
import { hintEmptyWindow, isEmpty, sourceDays } from "./_empty_window.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import { writeOutput } from "./_output.ts";
import { resolveSettings, type Settings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { resolveDay } from "./_window.ts";
import { UsageError } from "./usage_error.ts";
import type { ResolvedSource } from "../../adapters/resolve.ts";

const HELP = `Usage: frames eval [options]

Does the memory answer questions about the day? An independent oracle recomputes the truth
from the capture rows (attention minutes per app, apps, sites, first activity, away
periods); a seeded generator asks questions about it (top app, minutes in an app, number
of apps, which of two apps got more time, was a site visited, when the day started, the
longest away period, and apps or sites never used, whose answer must be "no"). Each
representation — raw rows as a capture tool's search returns them, the JSON document,
the Markdown document and the context block — is measured in cl100k tokens and graded by
deterministic fact recall (is the answer stated there, within tolerance?). Typed text is
never read, and never sent.

Options:
  --source SPEC        a capture source, as for "frames compile"
  --day DAY            one day: today, yesterday, a weekday or YYYY-MM-DD
  --from DAY --to DAY  an inclusive range of days (default: every day the source holds)
  --tz ZONE            IANA timezone of the days
  --budget N           the context block's token budget (default ${DEFAULT_CONTEXT_BUDGET})
  --seed N             the question generator's seed (default 1)
  --answerer NAME      none (default) or openai: also ask an OpenAI-compatible chat
                       endpoint (FRAMES_EVAL_BASE_URL, FRAMES_EVAL_MODEL,
                       FRAMES_EVAL_API_KEY) with each representation up to 32k tokens
  -f, --format FMT     md (default) or json
  --json               the same as -f json
  --out FILE           write the report to FILE instead of standard output
  -h, --help           show this help

If the answerer cannot be reached, the deterministic report is still written and the
command exits 1 naming the endpoint.
`;

const OPTIONS = {
  source: { type: "string" },
  day: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  tz: { type: "string" },
  budget: { type: "string" },
  seed: { type: "string" },
  answerer: { type: "string" },
  ...FORMAT_OPTIONS,
  out: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames eval` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/**
 * The local days of `--day`, `--from/--to`, or else every day `source` holds, oldest first
 * (shared by eval, export and timesheet).
 */
export function chosenDays(p: Parsed, source: ResolvedSource, tz: string): string[] {
  const day = str(p, "day"), from = str(p, "from"), to = str(p, "to");
  if (day !== undefined) {
    if (from !== undefined || to !== undefined) {
      throw new UsageError("Conflicting window flags: use --day or --from/--to");
    }
    return [resolveDay(day, Date.now(), tz)];
  }
  let first = from, last = to;
  if (first === undefined || last === undefined) {
    const held = sourceDays(source, tz);
    if (held === "none") return [];
    if (held === undefined && (first === undefined || last === undefined)) {
      throw new UsageError("Cannot tell which days the source holds: pass --from and --to");
    }
    first ??= held!.first;
    last ??= held!.last;
  }
  for (const [flag, v] of [["--from", first], ["--to", last]]) {
    if (!parseDay(v)) throw new UsageError(`Invalid ${flag} "${v}": use YYYY-MM-DD`);
  }
  if (last < first) throw new UsageError("Invalid window: --to must not be before --from");
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    days.push(d);
    if (days.length > LIMITS.windowDays) {
      throw new UsageError(`Invalid window: at most ${LIMITS.windowDays} days`);
    }
  }
  return days;
}

/** The answerer `--answerer` names, configured from the environment. */
function answererConfig(name: string | undefined): AnswererConfig | undefined {
  if (name === undefined || name === "none") return undefined;
  if (name !== "openai") {
    throw new UsageError(`Unknown answerer "${name}": use none or openai`);
  }
  const baseUrl = Deno.env.get("FRAMES_EVAL_BASE_URL");
  const model = Deno.env.get("FRAMES_EVAL_MODEL");
  if (!baseUrl || !model) {
    throw new UsageError(
      "Cannot use --answerer openai: set FRAMES_EVAL_BASE_URL and FRAMES_EVAL_MODEL (and FRAMES_EVAL_API_KEY if the endpoint wants one)",
    );
  }
  const apiKey = Deno.env.get("FRAMES_EVAL_API_KEY");
  return { baseUrl, model, ...(apiKey ? { apiKey } : {}) };
}

/** Reads each day of `days` from `source` without typed text. */
export async function readDays(
  source: ResolvedSource,
  days: readonly string[],
  settings: Settings,
): Promise<EvalDay[]> {
  const out: EvalDay[] = [];
  for (const day of days) {
    out.push({
      day,
      capture: await readCliWindow(source, dayWindow(day, settings.tz), { settings }),
    });
  }
  if (out.every((d) => isEmpty(d.capture))) hintEmptyWindow(source, settings.tz);
  return out;
}

/** Entry point of `frames eval`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "eval" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const format = chooseFormat(p, ["md", "json"], "md");
  const answerer = answererConfig(str(p, "answerer"));
  const seed = numberFlag(str(p, "seed"), "--seed", { min: 0, max: 2 ** 32 - 1, integer: true }) ??
    1;
  const settings = resolveSettings({
    source: str(p, "source"),
    tz: str(p, "tz"),
    budget: str(p, "budget"),
  });
  const source = await resolveCliSource(settings);
  // Before anything is read or written: no output may name what is being read.
  refuseOutputOverSource(str(p, "out"), [source.path, storePath(settings.home)]);
  const days = chosenDays(p, source, settings.tz);
  if (days.length === 0) {
    throw new Error(`Cannot evaluate ${source.adapter} "${source.path}": it holds no capture`);
  }
  const report = await runEval(await readDays(source, days, settings), {
    tz: settings.tz,
    budget: settings.budget,
    seed,
    typer: await loadTyper(),
    answerer,
  });
  await writeOutput(renderReport(report, format), str(p, "out"));
  if (report.answerer?.error !== undefined) {
    console.error(`frames: ${report.answerer.error} (the deterministic report was written)`);
    return 1;
  }
  return 0;
}
