/**
 * `frames cache`: where the day cache lives, what it holds, and `frames cache clear`.
 *
 * @module
 */

import { cacheDir, clearCache } from "../cache/mod.ts";
import { parseFlags } from "./_args.ts";
import { resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames cache [clear] [options]

The day cache: compiled documents of whole past days under $FRAMES_HOME/cache/, keyed by
source, day, timezone, options and frames version, and used only while the source's rows
for that day are unchanged (its watermark: largest row id, row count, last timestamp).
Every compiling command and the MCP server read it; --no-cache bypasses it.

Commands:
  (none)       print the cache folder, its entries and their size
  clear        remove every entry

Options:
  -h, --help   show this help
`;

const OPTIONS = { help: { type: "boolean", short: "h" } } as const;

/** What `frames cache` accepts, for help and completions. */
export const spec: CommandSpec = {
  help: HELP,
  options: OPTIONS,
  subcommands: { clear: { help: HELP, options: OPTIONS } },
  words: ["clear"],
};

/** Entry point of `frames cache`. */
export function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "cache", positionals: true });
  if (p.values.help) {
    console.log(HELP);
    return Promise.resolve(0);
  }
  const [sub, ...rest] = p.positionals;
  if (rest.length > 0 || (sub !== undefined && sub !== "clear")) {
    throw new UsageError(
      `Unknown cache command "${[sub, ...rest].join(" ")}": run "frames cache --help"`,
    );
  }
  const dir = cacheDir(resolveSettings({}).home);
  if (sub === "clear") {
    const n = clearCache(dir);
    console.log(`frames cache: removed ${n} ${n === 1 ? "entry" : "entries"} from ${dir}`);
    return Promise.resolve(0);
  }
  let count = 0, bytes = 0;
  try {
    for (const e of Deno.readDirSync(dir)) {
      if (!e.isFile || !e.name.endsWith(".day")) continue;
      count++;
      bytes += Deno.statSync(`${dir}/${e.name}`).size;
    }
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  console.log(
    `${dir}: ${count} ${count === 1 ? "entry" : "entries"}, ${(bytes / 1024).toFixed(0)} KiB`,
  );
  return Promise.resolve(0);
}
