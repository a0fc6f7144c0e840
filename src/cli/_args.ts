/**
 * Flag parsing for subcommands: `node:util` parseArgs with errors turned into usage errors.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./usage_error.ts";

/** Option table in parseArgs form. */
export type OptionTable = NonNullable<ParseArgsConfig["options"]>;

/** Parsed flags and positionals. */
export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Parses `args` strictly against `options`; unknown or malformed flags are usage errors. */
export function parseFlags(
  args: string[],
  options: OptionTable,
  cfg: { command: string; positionals?: boolean },
): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args,
      options,
      strict: true,
      allowPositionals: cfg.positionals ?? false,
    });
    return { values: values as Parsed["values"], positionals };
  } catch (err) {
    const msg = (err as Error).message.replace(/\s+/g, " ").trim();
    throw new UsageError(`${msg}: run "frames ${cfg.command} --help"`);
  }
}

/** A string flag's value (undefined when absent). */
export function str(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  return typeof v === "string" ? v : undefined;
}
