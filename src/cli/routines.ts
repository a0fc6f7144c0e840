/**
 * `frames routines`: recurring step sequences, the cost instrument (h, R), guarded plans
 * (`plan ID`) and Memory Archive export (`export ID --memory-archive DIR`).
 *
 * @module
 */

import { refuseOutputOverSource } from "./_out_guard.ts";
import { storePath } from "../store/path.ts";
import { join } from "../file_path.ts";
import { addDays, dayWindow, parseDay } from "../compile/time.ts";
import {
  captureSteps,
  memoryArchiveFiles,
  type MinedRoutines,
  mineRoutines,
  planOf,
  renderRoutinesContext,
  renderRoutinesMarkdown,
} from "../routines/mod.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { readCliWindow, resolveCliSource, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { writeOutput } from "./_output.ts";
import { resolveSettings } from "./_settings.ts";
import { resolveDay, resolveWindow } from "./_window.ts";
import { UsageError } from "./usage_error.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import type { CommandSpec } from "./_spec.ts";
import { DEFAULT_CONTEXT_BUDGET, MIN_OCCURRENCES } from "../compile/rules.ts";

/** Without a window flag, routines are mined over this many local days ending today. */
const DEFAULT_ROUTINE_DAYS = 28;

const HELP = `Usage: frames routines [plan ID [-o FILE] | export ID --memory-archive DIR] [options]

Routines: step sequences of one app/site that recur 3 or more times (occurrences counted
without overlap) with 2 or more named targets. Action steps are clicks (after click
resolution) and typed runs; steps compare by op + ARIA role + name (NFKC, case-folded,
spaces collapsed). A position whose name varies while its role stays is a slot; optional
and extra steps do not split a routine; routines that differ at one named step stay apart.

  h        share of action steps inside occurrences of the reported routines
  h_raw    share covered by any recurring n-gram (the naive figure; overstates h)
  h_in/out with --holdout-from DAY: routines mined on the days before DAY; their share
           there, and the share of the later days' steps they cover
  R_info   agent cost of re-deriving a routine (w*h/750 + 350 + 180 tokens a step, the
           display's w x h or 1280x800) over the cl100k tokens of a minimal replay script
  R_inject the same cost over the tokens of the guarded plan

Subcommands:
  plan ID            the guarded plan of routine ID (JSON, schema/routine-plan.schema.json)
  export ID          write routine ID as a Memory Archive session (--memory-archive DIR)

Options:
${WINDOW_HELP}
  --days N           without a window flag: the N local days ending today (default
                     ${DEFAULT_ROUTINE_DAYS})
  --holdout-from DAY mine only the days before DAY (YYYY-MM-DD); match on DAY and after
  --min-occurrences N  least occurrences of a routine (default ${MIN_OCCURRENCES})
  -f, --format FMT   json (default), md or context
  --json             the same as -f json
  --budget N         context block budget in cl100k tokens (default ${DEFAULT_CONTEXT_BUDGET})
  --memory-archive DIR  export: the session folder to create (must not exist or be empty)
  --os OS            export: os_type of the session, LINUX (default), MACOS or WINDOWS
  -o, --out FILE     write to FILE instead of standard output
  -h, --help         show this help

Ids derive from a routine's app, site and steps, so the same routine keeps its id across
windows; pass the same window and options to plan and export as to the listing. Typed text
appears only with --include-text.

Examples:
  frames routines --from 2026-03-01 --to 2026-03-28 -f md
  frames routines plan r-3633f4e5c5ad0c1e --from 2026-03-01 --to 2026-03-28 -o plan.json
`;

const FORMATS = ["json", "md", "context"] as const;

const OPTIONS = {
  ...WINDOW_OPTIONS,
  days: { type: "string" },
  "holdout-from": { type: "string" },
  "min-occurrences": { type: "string" },
  ...FORMAT_OPTIONS,
  budget: { type: "string" },
  "memory-archive": { type: "string" },
  os: { type: "string" },
  out: { type: "string", short: "o" },
} as const;

/** What `frames routines` accepts, for help and completions. */
export const spec: CommandSpec = {
  help: HELP,
  options: OPTIONS,
  subcommands: {
    plan: { help: HELP, options: OPTIONS },
    export: { help: HELP, options: OPTIONS },
  },
};

function windowOf(p: Parsed, tz: string, now: number): { start: number; end: number } {
  const flags = {
    day: str(p, "day"),
    from: str(p, "from"),
    to: str(p, "to"),
    hours: str(p, "hours"),
  };
  const given = Object.values(flags).some((v) => v !== undefined);
  if (given) {
    if (str(p, "days") !== undefined) {
      throw new UsageError(
        "Conflicting window flags: --days goes without --day, --from/--to or --hours",
      );
    }
    return resolveWindow(flags, now, tz);
  }
  const n = numberFlag(str(p, "days"), "--days", LIMITS.days) ?? DEFAULT_ROUTINE_DAYS;
  const today = resolveDay("today", now, tz);
  return { start: dayWindow(addDays(today, 1 - n), tz).start, end: dayWindow(today, tz).end };
}

/** Reads the window and mines it. */
async function mine(p: Parsed): Promise<{ mined: MinedRoutines; includeText: boolean }> {
  const settings = resolveSettings({
    source: str(p, "source"),
    tz: str(p, "tz"),
    displays: str(p, "displays"),
  });
  const window = windowOf(p, settings.tz, Date.now());
  const holdout = str(p, "holdout-from");
  if (holdout !== undefined && !parseDay(holdout)) {
    throw new UsageError(`Invalid --holdout-from "${holdout}": use YYYY-MM-DD`);
  }
  const minOccurrences = numberFlag(str(p, "min-occurrences"), "--min-occurrences", {
    min: 2,
    max: 1000,
    integer: true,
  }) ?? MIN_OCCURRENCES;
  const includeText = p.values["include-text"] === true;
  const source = await resolveCliSource(settings);
  // Before anything is read or written: no output may name what is being read.
  refuseOutputOverSource(str(p, "out"), [source.path, storePath(settings.home)]);
  refuseOutputOverSource(
    str(p, "memory-archive"),
    [source.path, storePath(settings.home)],
    "--memory-archive",
  );
  const capture = await readCliWindow(source, window, { settings, includeText });
  const { steps, unplaced, displays, notes } = captureSteps([capture]);
  const mined = mineRoutines(steps, {
    tz: settings.tz,
    minOccurrences,
    includeText,
    displays,
    notes,
    unplaced,
    holdoutFrom: holdout === undefined ? undefined : dayWindow(holdout, settings.tz).start,
  });
  return { mined, includeText };
}

function unknownId(id: string): UsageError {
  return new UsageError(
    `Unknown routine "${id}": no routine of this window has that id (list them with "frames routines" over the same window and options)`,
  );
}

async function writeSession(dir: string, files: Map<string, string>): Promise<void> {
  try {
    const entries = [...Deno.readDirSync(dir)];
    if (entries.length > 0) {
      throw new Error(`Cannot write Memory Archive session "${dir}": folder is not empty`);
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  try {
    for (const [path, text] of [...files].sort(([a], [b]) => a < b ? -1 : 1)) {
      const full = join(dir, path);
      await Deno.mkdir(join(full, ".."), { recursive: true, mode: 0o700 });
      await Deno.writeTextFile(full, text, { mode: 0o600 });
    }
  } catch (err) {
    throw new Error(`Cannot write Memory Archive session "${dir}": ${(err as Error).message}`);
  }
}

/** Entry point of `frames routines`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "routines", positionals: true });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const [sub, id, ...rest] = p.positionals;
  if (rest.length > 0 || (sub !== undefined && sub !== "plan" && sub !== "export")) {
    throw new UsageError(`Unexpected argument "${rest[0] ?? sub}": run "frames routines --help"`);
  }
  if (sub !== undefined && id === undefined) {
    throw new UsageError(
      `"frames routines ${sub}" needs a routine id: list them with "frames routines"`,
    );
  }
  const dir = str(p, "memory-archive");
  if ((sub === "export") !== (dir !== undefined)) {
    throw new UsageError(
      '--memory-archive DIR goes with (and only with) "frames routines export ID"',
    );
  }
  const format = chooseFormat(p, sub === undefined ? FORMATS : ["json"] as const, "json");
  const osType = (str(p, "os") ?? "LINUX").toUpperCase();
  if (osType !== "LINUX" && osType !== "MACOS" && osType !== "WINDOWS") {
    throw new UsageError(`Invalid --os "${str(p, "os")}": use LINUX, MACOS or WINDOWS`);
  }
  const budget = numberFlag(str(p, "budget"), "--budget", LIMITS.budget) ??
    DEFAULT_CONTEXT_BUDGET;
  const { mined, includeText } = await mine(p);
  if (sub === "plan" || sub === "export") {
    const plan = planOf(mined, id!, { includeText });
    const draft = mined.drafts.get(id!);
    if (plan === undefined || draft === undefined) throw unknownId(id!);
    if (sub === "plan") {
      await writeOutput(JSON.stringify(plan, null, 2) + "\n", str(p, "out"));
      return 0;
    }
    const files = memoryArchiveFiles(draft, { plan, osType, includeText });
    await writeSession(dir!, files);
    console.log(`wrote Memory Archive session "${dir}" (${plan.steps.length} steps of ${id})`);
    return 0;
  }
  const r = mined.report;
  const text = format === "md"
    ? renderRoutinesMarkdown(r)
    : format === "context"
    ? renderRoutinesContext(r, budget)
    : JSON.stringify(r, null, 2) + "\n";
  await writeOutput(text, str(p, "out"));
  return 0;
}
