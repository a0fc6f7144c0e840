/**
 * `frames demo`: builds the seeded demo capture in a temporary folder, compiles one day and
 * prints its ledger and context block.
 *
 * @module
 */

import { join } from "../file_path.ts";
import { readScreenpipe } from "../../adapters/screenpipe/read.ts";
import { compile } from "../compile/mod.ts";
import { DEFAULT_CONTEXT_BUDGET } from "../compile/rules.ts";
import { dayWindow, isValidTimeZone, parseDay } from "../compile/time.ts";
import { DEMO_DISPLAYS, type RoutinesTruth, TRUTH_FILE, writeDemoDatabase } from "../demo/mod.ts";
import { parseDisplays } from "../compile/enrich/mod.ts";
import { emit } from "../emit/mod.ts";
import { emitLedger } from "../emit/ledger.ts";
import { loadTyper } from "../entities/mod.ts";
import { parseFlags, str } from "./_args.ts";
import { documentFormat, FORMAT_OPTIONS } from "./_format.ts";
import type { CommandSpec } from "./_spec.ts";
import { writeOutput } from "./_output.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import { UsageError } from "./usage_error.ts";

const DEMO_TZ = "Europe/Berlin";

const HELP = `Usage: frames demo [options]

Builds a realistic, seeded screenpipe-layout capture database (two weeks of workdays and
weekends, meetings, deep work, browsing, chat detours, a second monitor, a DST change and
a few malformed rows) in a temporary folder, compiles one day and prints the app ledger
and the context block an agent would receive. Nothing outside the temporary folder is
touched; the folder is removed afterwards unless --keep is given.

Options:
  --day YYYY-MM-DD   the day to compile (default: the busiest day of the corpus)
  --seed N           generator seed (default 42); the same seed gives the same database
  -f, --format FMT   print this format instead of ledger + context: json, yaml, md, context
  --json             the same as -f json
  --budget N         token budget of the context block (default ${DEFAULT_CONTEXT_BUDGET})
  --routines         plant seven recurring routines (slots, optional and extra steps, a
                     near-duplicate pair, a weekly one, chat interruptions) and background
                     clicks on Send/Search/Approve into a four-week corpus, and write their
                     truth beside the database as ${TRUTH_FILE} (use with --keep)
  --keep             keep the database and print its path (compile it with
                     "frames compile --source screenpipe:PATH --tz ${DEMO_TZ} --day …
                     --displays ${DEMO_DISPLAYS}")
  -h, --help         show this help
`;

const OPTIONS = {
  day: { type: "string" },
  seed: { type: "string" },
  ...FORMAT_OPTIONS,
  budget: { type: "string" },
  keep: { type: "boolean" },
  routines: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames demo` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** The summary line of the planted routines, when there are any. */
function plantedLine(truth: RoutinesTruth | undefined): string[] {
  if (truth === undefined) return [];
  const occurrences = truth.routines.reduce((n, r) => n + r.occurrences.length, 0);
  const share = (truth.planted_share * 100).toFixed(2);
  return [
    `planted ${truth.routines.length} routines (${occurrences} occurrences, ` +
    `${truth.planted_steps} of ${truth.action_steps} action steps = ${share}%)`,
  ];
}

/** Entry point of `frames demo`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "demo" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const format = str(p, "format") === undefined && p.values.json !== true
    ? undefined
    : documentFormat(p, "md");
  const seed = numberFlag(str(p, "seed"), "--seed", {
    min: 0,
    max: Number.MAX_SAFE_INTEGER,
    integer: true,
  }) ?? 42;
  const budget = numberFlag(str(p, "budget"), "--budget", LIMITS.budget) ??
    DEFAULT_CONTEXT_BUDGET;
  const day = str(p, "day");
  if (day !== undefined && !parseDay(day)) {
    throw new UsageError(`Invalid --day "${day}": use YYYY-MM-DD (the demo covers 2026-03-23 on)`);
  }
  if (!isValidTimeZone(DEMO_TZ)) throw new Error(`Cannot use timezone ${DEMO_TZ}: no ICU data`);

  const dir = await Deno.makeTempDir({ prefix: "frames-demo-" });
  try {
    const path = join(dir, "db.sqlite");
    const summary = writeDemoDatabase(path, {
      seed,
      tz: DEMO_TZ,
      routines: p.values.routines === true,
    });
    const chosen = day ?? summary.busiestDay;
    if (!summary.days.some((d) => d.day === chosen)) {
      const first = summary.days[0].day, last = summary.days[summary.days.length - 1].day;
      throw new UsageError(`Invalid --day "${chosen}": the demo covers ${first} to ${last}`);
    }
    const capture = readScreenpipe(path, dayWindow(chosen, DEMO_TZ));
    // As an operator would pass with --displays: screenpipe records no display geometry.
    capture.displays = parseDisplays(DEMO_DISPLAYS);
    const doc = compile(capture, { tz: DEMO_TZ, day: chosen, typer: await loadTyper() });
    let text: string;
    if (format !== undefined) {
      text = emit(doc, { format, budget });
    } else {
      const totals = summary.days.reduce(
        (a, d) => [a[0] + d.snapshots, a[1] + d.events],
        [0, 0],
      );
      text = [
        `frames demo: ${summary.days.length} days of synthetic screenpipe capture ` +
        `(${totals[0]} snapshots, ${
          totals[1]
        } input events, seed ${seed}); compiling ${chosen} in ${DEMO_TZ}`,
        ...plantedLine(summary.truth?.content),
        "",
        "== App ledger (frames apps)",
        emitLedger(doc),
        `== Context block (frames context, budget ${budget} tokens)`,
        emit(doc, { format: "context", budget }),
      ].join("\n");
    }
    await writeOutput(text, undefined);
    if (p.values.keep) {
      console.error(`frames demo: database kept at ${path}`);
      if (summary.truth !== undefined) {
        console.error(`frames demo: planted-routine truth kept at ${summary.truth.path}`);
      }
    }
    return 0;
  } finally {
    if (!p.values.keep) await Deno.remove(dir, { recursive: true });
  }
}
