/**
 * What a command declares about itself: its help text, the option table its parser uses,
 * and its subcommands. `--help`, the completions and the tests read the same tables, so a
 * flag cannot be accepted without being documented, nor completed without being accepted.
 *
 * @module
 */

import type { OptionTable } from "./_args.ts";

/** What the table hands every command besides its arguments. */
export interface CommandContext {
  /** The command table itself (for `frames completions`). */
  commands: Readonly<Record<string, CommandEntry>>;
}

/** A subcommand's entry point: arguments after the command name → exit code. */
export type CommandMain = (args: string[], ctx: CommandContext) => Promise<number>;

/** One row of the command table: its summary and its lazily loaded module. */
export interface CommandEntry {
  /** One line for `frames --help` and the completions. */
  summary: string;
  /** Loads the command's module (a string-literal import, so `deno compile` bundles it). */
  load: () => Promise<{ main: CommandMain; spec?: CommandSpec }>;
}

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
