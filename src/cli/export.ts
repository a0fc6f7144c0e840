/**
 * `frames export --parquet DIR`: frames, ledgers, sites and steps as Hive-partitioned
 * Parquet tables for DuckDB, Spark and other engines.
 *
 * @module
 */

import { refuseOutputOverSource } from "./_out_guard.ts";
import { storePath } from "../store/path.ts";
import { loadTyper } from "../entities/mod.ts";
import { EXPORT_SCHEMA_VERSION, exportParquet, isUserId, TABLES } from "../export/mod.ts";
import { parseFlags, str } from "./_args.ts";
import { resolveCliSource } from "./_capture.ts";
import { resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { chosenDays, readDays } from "./eval.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { writeOutput } from "./_output.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames export --parquet DIR [options]

Writes the tables ${
  Object.keys(TABLES).join(", ")
} as Parquet (schema version ${EXPORT_SCHEMA_VERSION},
docs/parquet-schema.md), Hive-partitioned as DIR/<table>/user=<ID>/day=<YYYY-MM-DD>/part-0.parquet,
so DuckDB, Spark or Polars read many users and machines as one dataset (docs/analytics.md).
Every frame is exported, short ones included; typed text never is. Re-exporting a day
replaces its partitions atomically.

Options:
  --parquet DIR        the dataset's root folder (created when missing)
  --source SPEC        a capture source, as for "frames compile"
  --day DAY            one day: today, yesterday, a weekday or YYYY-MM-DD
  --from DAY --to DAY  an inclusive range of days (default: every day the source holds)
  --tz ZONE            IANA timezone of the days
  --user ID            the user= partition: letters, digits, ".", "_", "-" (default: $USER)
  -f, --format FMT     the summary printed afterwards: text (default) or json
  --json               the same as -f json
  -h, --help           show this help
`;

const OPTIONS = {
  parquet: { type: "string" },
  source: { type: "string" },
  day: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  tz: { type: "string" },
  user: { type: "string" },
  ...FORMAT_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames export` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Entry point of `frames export`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "export" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const dir = str(p, "parquet");
  if (dir === undefined || dir === "") {
    throw new UsageError('Missing --parquet DIR: run "frames export --help"');
  }
  const format = chooseFormat(p, ["text", "json"], "text");
  const user = str(p, "user") ?? Deno.env.get("USER") ?? "user";
  if (!isUserId(user)) {
    throw new UsageError(`Invalid --user "${user}": use 1-64 letters, digits, ".", "_" or "-"`);
  }
  const settings = resolveSettings({ source: str(p, "source"), tz: str(p, "tz") });
  const source = await resolveCliSource(settings);
  // Before anything is read or written: no output may name what is being read.
  refuseOutputOverSource(dir, [source.path, storePath(settings.home)], "--parquet");
  const days = chosenDays(p, source, settings.tz);
  const t0 = performance.now();
  const summary = exportParquet(await readDays(source, days, settings), {
    dir,
    user,
    tz: settings.tz,
    typer: await loadTyper(),
  });
  const ms = Math.round(performance.now() - t0);
  const text = format === "json"
    ? JSON.stringify(
      { dir, user, days: days.length, schema_version: EXPORT_SCHEMA_VERSION, ...summary },
      null,
      2,
    ) + "\n"
    : `exported ${days.length} days for user ${user} into ${dir} (${summary.files.length} files; ${
      Object.entries(summary.rows).map(([t, n]) => `${t} ${n} rows`).join(", ")
    }) in ${ms} ms\n`;
  await writeOutput(text, undefined);
  return 0;
}
