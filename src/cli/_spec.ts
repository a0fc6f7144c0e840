/**
 * What a command declares about itself: its help text, the option table its parser uses,
 * and its subcommands. `--help`, the completions and the tests read the same tables, so a
 * flag cannot be accepted without being documented, nor completed without being accepted.
 *
 * @module
 */

import type { OptionTable } from "./_args.ts";

/** A command's (or subcommand's) help and option table. */
export interface CommandSpec {
  /** The text `--help` prints. */
  help: string;
  /** The option table handed to the parser. */
  options: OptionTable;
  /** Subcommands (`mcp install`, `capture start`, …) with their own tables. */
  subcommands?: Record<string, CommandSpec>;
  /** Words a positional argument takes (`completions bash|zsh|fish`, `import` kinds). */
  words?: readonly string[];
}
