/**
 * `frames apps`: the app ledger — minutes per app, ranked — and the site roll-up.
 *
 * @module
 */

import { emitLedger } from "../emit/ledger.ts";
import { parseFlags, str } from "./_args.ts";
import { compileForCli, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { writeOutput } from "./_output.ts";

const HELP = `Usage: frames apps [options]

The app ledger for a window: every app with its minutes (deduplicated across displays),
focused minutes where the source marks focus, frame count, longest frame and top window;
then minutes per site.

Options:
${WINDOW_HELP}
  --json             print the ledger and sites as JSON
  --out FILE         write to FILE instead of standard output
`;

/** Entry point of `frames apps`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, {
    ...WINDOW_OPTIONS,
    json: { type: "boolean" },
    out: { type: "string" },
  }, { command: "apps" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const { doc } = await compileForCli(p);
  const text = p.values.json
    ? JSON.stringify({ window: doc.window, ledger: doc.ledger, sites: doc.sites }, null, 2) + "\n"
    : emitLedger(doc);
  await writeOutput(text, str(p, "out"));
  return 0;
}
