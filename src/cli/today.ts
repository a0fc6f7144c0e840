/**
 * `frames today`: today's activity as a Markdown report.
 *
 * @module
 */

import { WINDOW_HELP } from "./_capture.ts";
import type { CommandSpec } from "./_spec.ts";
import { COMPILE_OPTIONS, compileCommand, compileOptionsHelp } from "./compile.ts";

const HELP = `Usage: frames today [options]

Today's frames as a Markdown report (same as: frames compile --day today -f md).

Options:
${WINDOW_HELP}
${compileOptionsHelp("md")}
`;

/** What `frames today` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: COMPILE_OPTIONS };

/** Entry point of `frames today`. */
export function main(args: string[]): Promise<number> {
  return compileCommand(args, { command: "today", help: HELP, format: "md" });
}
