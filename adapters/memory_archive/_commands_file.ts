/**
 * Reading `commands/actuation_commands.json` (FORMATS §4): one JSON array of CommandEvents
 * in a finished session; in an incomplete one (the recorder stopped before it closed the
 * session, whose folder is then named `"<name> (incomplete)"`) the file is JSON Lines, one
 * CommandEvent per line, and its last line may be half written. Positions count: entry N is
 * step N, so an unreadable line keeps its place and is counted as rejected.
 *
 * @module
 */

import { parseJsonText } from "../_json.ts";
import type { CommandEvent } from "./_commands.ts";

/** The reason counted for a JSON Lines line that does not parse (a half-written line). */
export const BAD_LINE = "actuation_commands: line is not valid JSON (truncated?)";

/** What the commands file held: one entry per position (`undefined`: unreadable line). */
export interface CommandsFile {
  commands: (CommandEvent | undefined)[];
  /** The file was JSON Lines rather than one JSON array. */
  jsonLines: boolean;
  /** Unreadable lines, by reason. */
  rejected: Record<string, number>;
}

/** Parse the text of an actuation_commands.json; `what` starts error messages. */
export function parseCommandsFile(text: string, what: string): CommandsFile {
  if (/^\s*\[/.test(text)) {
    const parsed = parseJsonText(text, what);
    if (!Array.isArray(parsed)) throw new Error(`${what} is not a list`);
    return { commands: parsed as CommandEvent[], jsonLines: false, rejected: {} };
  }
  const commands: (CommandEvent | undefined)[] = [];
  let firstBad: number | undefined;
  let bad = 0;
  const lines = text.split("\n");
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      v = undefined;
    }
    if (typeof v === "object" && v !== null && !Array.isArray(v)) {
      commands.push(v as CommandEvent);
    } else {
      commands.push(undefined);
      bad++;
      firstBad ??= i + 1;
    }
  });
  if (commands.length > 0 && bad === commands.length) {
    // Nothing readable: an error, not a session without input (never a silent zero).
    throw new SyntaxError(`${what}: not valid JSON or JSON Lines at line ${firstBad}`);
  }
  return { commands, jsonLines: true, rejected: bad > 0 ? { [BAD_LINE]: bad } : {} };
}
