/**
 * `frames timesheet`: one row per day (or per day and app or site) with first and last
 * activity, active, focused and away minutes, as CSV, Markdown or JSON.
 *
 * @module
 */

import { refuseOutputOverSource } from "./_out_guard.ts";
import { storePath } from "../store/path.ts";
import { compile } from "../compile/mod.ts";
import { loadTyper } from "../entities/mod.ts";
import { renderTimesheet, timesheet, type TimesheetBy } from "../export/mod.ts";
import { parseFlags, str } from "./_args.ts";
import { resolveCliSource } from "./_capture.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { writeOutput } from "./_output.ts";
import { resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { chosenDays, readDays } from "./eval.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames timesheet [options]

What people who track time ask for first: one row per local day — first and last
activity, active minutes (each minute once across displays), focused minutes (where the
source marks focus) and away minutes (between first and last activity) — or one row per
day and app or site, then a total row. Totals equal the ledgers of "frames compile"
exactly. CSV follows RFC 4180 and neutralises cells a spreadsheet would run as a formula
(a leading = + - @ gets a ').

Options:
  --source SPEC        a capture source, as for "frames compile"
  --day DAY            one day: today, yesterday, a weekday or YYYY-MM-DD
  --from DAY --to DAY  an inclusive range of days (default: every day the source holds)
  --tz ZONE            IANA timezone of the days
  --by WHAT            day (default), app or site
  -f, --format FMT     csv (default), md or json
  --json               the same as -f json
  --out FILE           write to FILE instead of standard output
  -h, --help           show this help
`;

const OPTIONS = {
  source: { type: "string" },
  day: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  tz: { type: "string" },
  by: { type: "string" },
  ...FORMAT_OPTIONS,
  out: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames timesheet` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS, words: ["day", "app", "site"] };

/** Entry point of `frames timesheet`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "timesheet" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const format = chooseFormat(p, ["csv", "md", "json"], "csv");
  const by = str(p, "by") ?? "day";
  if (by !== "day" && by !== "app" && by !== "site") {
    throw new UsageError(`Invalid --by "${by}": use day, app or site`);
  }
  const settings = resolveSettings({ source: str(p, "source"), tz: str(p, "tz") });
  const source = await resolveCliSource(settings);
  // Before anything is read or written: no output may name what is being read.
  refuseOutputOverSource(str(p, "out"), [source.path, storePath(settings.home)]);
  const days = chosenDays(p, source, settings.tz);
  const typer = await loadTyper();
  const docs = (await readDays(source, days, settings)).map(({ day, capture }) =>
    compile(capture, { tz: settings.tz, day, typer, minMinutes: settings.minMinutes })
  );
  await writeOutput(renderTimesheet(timesheet(docs, by as TimesheetBy), format), str(p, "out"));
  return 0;
}
