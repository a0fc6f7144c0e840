/**
 * Writing command output to standard output or a file.
 *
 * @module
 */

import { hasUnsafeText, safeLine, terminalText } from "../text/sanitize.ts";

/**
 * Writes `text` to `path` (created user-only), or to standard output when absent. The door
 * pass of the one sanitiser (`src/text/sanitize.ts`): no escape sequence, control or bidi
 * character reaches a terminal, whatever built the text (JSON from `jsonText` has none left).
 */
export async function writeOutput(text: string, path: string | undefined): Promise<void> {
  // Every escape sequence starts with a character hasUnsafeText() finds, so a text without
  // one passes as it is: one scan of a cached day's ~170 KB body instead of two (~0.2 ms).
  const bytes = new TextEncoder().encode(hasUnsafeText(text) ? terminalText(text) : text);
  if (path === undefined || path === "-") {
    let off = 0;
    while (off < bytes.length) off += await Deno.stdout.write(bytes.subarray(off));
    return;
  }
  try {
    await Deno.writeFile(path, bytes, { mode: 0o600 });
  } catch (err) {
    throw new Error(`Cannot write output file "${safeLine(path)}": ${(err as Error).message}`);
  }
}

/** Prints a warning (a flag the chosen output ignores, …) as one line on standard error. */
export function warn(message: string): void {
  console.error(`frames: warning: ${safeLine(message)}`);
}
