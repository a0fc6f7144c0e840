/**
 * `frames apps`: the app ledger — minutes per app, ranked — and the site roll-up.
 *
 * @module
 */

import { emitLedger } from "../emit/ledger.ts";
import { jsonText } from "../text/sanitize.ts";
import { parseFlags, str } from "./_args.ts";
import { compileForCli, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { writeOutput } from "./_output.ts";
import type { CommandSpec } from "./_spec.ts";

const HELP = `Usage: frames apps [options]

The app ledger for a window: the deduplicated active minutes (each minute counted once
across displays), then every app with its minutes, focused minutes where the source marks
focus, frame count, longest frame and top window; then minutes per site.

Options:
${WINDOW_HELP}
  -f, --format FMT   text (default) or json (the ledger and sites)
  --json             the same as -f json
  --out FILE         write to FILE instead of standard output
  -h, --help         show this help
`;

const OPTIONS = {
  ...WINDOW_OPTIONS,
  ...FORMAT_OPTIONS,
  out: { type: "string" },
} as const;

/** What `frames apps` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Entry point of `frames apps`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "apps" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const format = chooseFormat(p, ["text", "json"], "text");
  const { doc } = await compileForCli(p);
  const text = format === "json"
    ? jsonText({ window: doc.window, ledger: doc.ledger, sites: doc.sites }) + "\n"
    : emitLedger(doc);
  await writeOutput(text, str(p, "out"));
  return 0;
}
