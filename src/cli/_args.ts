/**
 * Flag parsing for subcommands: `node:util` parseArgs (its port in `_parse_args.ts`, which
 * does not start Node compatibility) with errors turned into usage errors.
 *
 * @module
 */

import type { ParseArgsConfig } from "node:util";
import { type ArgOption, parseArgs } from "./_parse_args.ts";
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
      args: joinNegativeValues(args, options),
      options: options as Record<string, ArgOption>,
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

/**
 * `--hours -1` as `--hours=-1`: parseArgs takes a value starting with `-` for an option and
 * refuses it ("argument is ambiguous"), so the number check never saw it and could not say
 * what is wrong. Only a string option followed by something shaped like a negative number
 * is joined; everything else is left to parseArgs.
 */
function joinNegativeValues(args: string[], options: OptionTable): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      out.push(...args.slice(i));
      break;
    }
    const next = args[i + 1];
    const name = a.startsWith("--") && !a.includes("=") ? a.slice(2) : undefined;
    const opt = name !== undefined && Object.hasOwn(options, name) ? options[name] : undefined;
    if (opt?.type === "string" && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
  }
  return out;
}
