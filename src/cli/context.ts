/**
 * `frames context`: the compact, token-budgeted context block for a system prompt.
 *
 * @module
 */

import { WINDOW_HELP } from "./_capture.ts";
import type { CommandSpec } from "./_spec.ts";
import { COMPILE_OPTIONS, compileCommand, compileOptionsHelp } from "./compile.ts";

const HELP = `Usage: frames context [options]

The context block for an agent's system prompt: day and timezone, coverage, every app
with its minutes, every site, away periods, then as many frames as fit the token budget
(longest first, printed in time order), each with its id for "frames steps --frame".
Same as: frames compile -f context.

Options:
${WINDOW_HELP}
${compileOptionsHelp("context")}
`;

/** What `frames context` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: COMPILE_OPTIONS };

/** Entry point of `frames context`. */
export function main(args: string[]): Promise<number> {
  return compileCommand(args, { command: "context", help: HELP, format: "context" });
}
