/**
 * The output formats (kept apart from the emitters so argument parsing loads nothing heavy).
 *
 * @module
 */

/** An output format: JSON, YAML, Markdown report, or the compact context block. */
export type Format = "json" | "yaml" | "md" | "context";

/** Every output format, in the order help texts list them. */
export const FORMATS: readonly Format[] = ["json", "yaml", "md", "context"];

/** Tells whether `s` names an output format. */
export function isFormat(s: string): s is Format {
  return (FORMATS as readonly string[]).includes(s);
}
