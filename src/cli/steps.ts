/**
 * `frames steps`: the click-by-click script behind a frame, by id or by a query.
 *
 * @module
 */

import { basename } from "../file_path.ts";
import { jsonText } from "../text/sanitize.ts";
import { DEFAULT_MIN_MINUTES } from "../compile/rules.ts";
import {
  BUILTIN_LAYOUTS,
  type KeyboardLayout,
  parseKeyboardLayout,
} from "../compile/enrich/keyboard_layout.ts";
import { loadTyper } from "../entities/mod.ts";
import { findFrames, frameSteps, renderSteps } from "../steps/mod.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { loadCaptureForCli, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { writeOutput } from "./_output.ts";
import { numberFlag } from "./_numbers.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames steps (--frame ID | --find QUERY) [options]

The click-by-click script behind a frame: clicks with their resolved target (element name,
role, and how it was resolved: native, exact, tolerance, zone or none, with a confidence),
typed runs as character counts, pastes, copies, key and scroll runs, focus changes and URL
changes. Frame ids are the ones "frames compile" prints (<display>:<first snapshot ref>);
pass the same window they were compiled from.

--find ranks the window's frames against a query: each query word earns the weight of the
best field containing it (app 3, site 3, window title 2, typed page 2, clicked element 1,
typed text 1 with --include-text only); ties go to more words matched, then the longer
frame. Every match says why it matched.

Typed text is shown only with --include-text.

Options:
${WINDOW_HELP}
  --frame ID            the frame to show
  --find QUERY          rank frames against QUERY and show the best ones
  --limit N             how many --find matches to show (default 3)
  --min-minutes N       --find skips frames shorter than N minutes (default ${DEFAULT_MIN_MINUTES})
  --keyboard-layout L   repair opted-in typed text: azerty, identity, or a JSON file
                        {"name": "...", "map": {"q": "a", ...}} (never guessed)
  -f, --format FMT      text (default) or json
  --json                the same as -f json
  --out FILE            write to FILE instead of standard output
  -h, --help            show this help

Examples:
  frames steps --day yesterday --frame monitor_1:1042
  frames steps --find "pull request review" --displays monitor_1=1920x1080+0+0
`;

/** Resolves `--keyboard-layout`: a built-in name or a JSON file. */
export function loadKeyboardLayout(value: string): KeyboardLayout {
  const builtin = BUILTIN_LAYOUTS.get(value.toLowerCase());
  if (builtin !== undefined) return builtin;
  let text: string;
  try {
    text = Deno.readTextFileSync(value);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new UsageError(
        `Unknown keyboard layout "${value}": use ${
          [...BUILTIN_LAYOUTS.keys()].join(", ")
        } or a JSON file`,
      );
    }
    throw new Error(`Cannot read keyboard layout file "${value}": ${(err as Error).message}`);
  }
  try {
    return parseKeyboardLayout(text, basename(value).replace(/\.json$/i, ""));
  } catch (err) {
    throw new UsageError(`${(err as Error).message} (in "${value}")`);
  }
}

function positiveInt(p: Parsed, name: string, fallback: number): number {
  return numberFlag(str(p, name), `--${name}`, { min: 1, max: 1000, integer: true }) ?? fallback;
}

const OPTIONS = {
  ...WINDOW_OPTIONS,
  frame: { type: "string" },
  find: { type: "string" },
  limit: { type: "string" },
  "min-minutes": { type: "string" },
  "keyboard-layout": { type: "string" },
  ...FORMAT_OPTIONS,
  out: { type: "string" },
} as const;

/** What `frames steps` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Entry point of `frames steps`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "steps" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const json = chooseFormat(p, ["text", "json"], "text") === "json";
  const frame = str(p, "frame"), find = str(p, "find");
  if ((frame === undefined) === (find === undefined)) {
    throw new UsageError('Give one of --frame ID or --find QUERY: run "frames steps --help"');
  }
  if (find !== undefined && find.trim() === "") {
    throw new UsageError("Invalid --find: the query is empty");
  }
  const includeText = p.values["include-text"] === true;
  const layoutName = str(p, "keyboard-layout");
  if (layoutName !== undefined && !includeText) {
    throw new UsageError(
      "--keyboard-layout repairs typed text, which is shown only with --include-text",
    );
  }
  const keyboardLayout = layoutName === undefined ? undefined : loadKeyboardLayout(layoutName);
  const limit = positiveInt(p, "limit", 3);
  const { capture, settings, window } = await loadCaptureForCli(p, {
    minMinutes: str(p, "min-minutes"),
  });
  // Outside a single day, a time of day alone is ambiguous: headers carry the date.
  const dates = window.day === undefined;
  const typer = await loadTyper();
  const opts = { tz: settings.tz, includeText, keyboardLayout, typer };
  let text: string;
  if (frame !== undefined) {
    let result;
    try {
      result = frameSteps(capture, frame, opts);
    } catch (err) {
      if (err instanceof RangeError) throw new UsageError(err.message);
      throw err;
    }
    text = json ? jsonText(result) + "\n" : renderSteps([result], { dates });
  } else {
    const found = findFrames(capture, find!, { ...opts, limit, minMinutes: settings.minMinutes });
    text = json
      ? jsonText({ query: find, matches: found }) + "\n"
      : found.length === 0
      ? `no frame matches ${JSON.stringify(find)}\n`
      : renderSteps(found, { dates });
  }
  await writeOutput(text, str(p, "out"));
  return 0;
}
