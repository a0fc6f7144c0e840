/**
 * `frames today`: today's activity as a Markdown report.
 *
 * @module
 */

import { WINDOW_HELP } from "./_capture.ts";
import { compileCommand } from "./compile.ts";

const HELP = `Usage: frames today [options]

Today's frames as a Markdown report (same as: frames compile --day today -f md).
Every option of "frames compile" works here too.

Options:
${WINDOW_HELP}
  -f, --format FMT   md (default), json, yaml or context
  --out FILE         write to FILE; --stats prints timings to standard error
`;

/** Entry point of `frames today`. */
export function main(args: string[]): Promise<number> {
  return compileCommand(args, { command: "today", help: HELP, format: "md" });
}
