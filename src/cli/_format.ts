/**
 * The output-format flags every command that prints data shares: `-f/--format FMT`, with
 * `--json` as the alias of `-f json`; its own file so `frames infer` and `frames demo` need
 * not import the compile command back.
 *
 * @module
 */

import { type Format, FORMATS, isFormat } from "../emit/format.ts";
import { type OptionTable, type Parsed, str } from "./_args.ts";
import { UsageError } from "./usage_error.ts";

/** `-f/--format` and `--json`, for every command that prints data. */
export const FORMAT_OPTIONS = {
  format: { type: "string", short: "f" },
  json: { type: "boolean" },
} as const satisfies OptionTable;

/** Checks a `--format` value, so a typo is a usage error (exit 2) naming the choices. */
export function parseFormat(value: string | undefined, fallback: Format): Format {
  if (value === undefined) return fallback;
  if (isFormat(value)) return value;
  throw new UsageError(`Unknown format "${value}": use one of ${FORMATS.join(", ")}`);
}

/** The format `-f/--format` or `--json` chose among `choices` (else `fallback`). */
export function chooseFormat<T extends string>(
  p: Parsed,
  choices: readonly T[],
  fallback: T,
): T {
  const given = str(p, "format");
  if (p.values.json === true) {
    if (given !== undefined && given !== "json") {
      throw new UsageError(`Conflicting --json and -f ${given}: --json means -f json`);
    }
    return "json" as T;
  }
  if (given === undefined) return fallback;
  if ((choices as readonly string[]).includes(given)) return given as T;
  throw new UsageError(`Unknown format "${given}": use one of ${choices.join(", ")}`);
}

/** The document format chosen by `-f`/`--json` (json, yaml, md or context). */
export function documentFormat(p: Parsed, fallback: Format): Format {
  return chooseFormat(p, FORMATS, fallback);
}
