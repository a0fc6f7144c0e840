/**
 * `frames context`: the compact, token-budgeted context block for a system prompt.
 *
 * @module
 */

import { DEFAULT_CONTEXT_BUDGET, DEFAULT_MIN_MINUTES } from "../compile/rules.ts";
import { WINDOW_HELP } from "./_capture.ts";
import { compileCommand } from "./compile.ts";

const HELP = `Usage: frames context [options]

The context block for an agent's system prompt: day and timezone, coverage, every app
with its minutes, every site, away periods, then as many frames as fit the token budget
(longest first, printed in time order). Same as: frames compile -f context.

Options:
${WINDOW_HELP}
  --budget N         token budget (cl100k, default ${DEFAULT_CONTEXT_BUDGET})
  --min-minutes N    shortest frame to list (default ${DEFAULT_MIN_MINUTES})
  --out FILE         write to FILE; --stats prints timings to standard error
`;

/** Entry point of `frames context`. */
export function main(args: string[]): Promise<number> {
  return compileCommand(args, { command: "context", help: HELP, format: "context" });
}
