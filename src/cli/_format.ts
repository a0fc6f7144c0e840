/**
 * The `--format` flag, shared by every command that emits a document; its own file so
 * `frames infer` and `frames demo` need not import the compile command back.
 *
 * @module
 */

import { type Format, FORMATS, isFormat } from "../emit/format.ts";
import { UsageError } from "./usage_error.ts";

/** Checks a `--format` value, so a typo is a usage error (exit 2) naming the choices. */
export function parseFormat(value: string | undefined, fallback: Format): Format {
  if (value === undefined) return fallback;
  if (isFormat(value)) return value;
  throw new UsageError(`Unknown format "${value}": use one of ${FORMATS.join(", ")}`);
}
