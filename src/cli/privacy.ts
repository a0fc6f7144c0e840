/**
 * `frames privacy`: what each privacy rule withheld, per day — excluded apps and windows,
 * private windows, typed text not loaded, and the parts redaction withheld by rule — with
 * counts and the frames they touched, never a withheld value.
 *
 * @module
 */

import { compile } from "../compile/mod.ts";
import { loadTyper } from "../entities/mod.ts";
import { privacyReport, renderPrivacyMarkdown } from "../privacy/mod.ts";
import { jsonText } from "../text/sanitize.ts";
import { parseFlags, str } from "./_args.ts";
import { everythingRejected, prepareWindow, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { writeOutput } from "./_output.ts";
import type { CommandSpec } from "./_spec.ts";

const HELP = `Usage: frames privacy [options]

What each privacy rule withheld in a window, per local day: rows the recorder excluded
(apps, window titles, URLs, private/incognito windows), typed runs whose text was not
loaded, and the parts of titles, element names and URLs that redaction withheld, by rule
(named parameter, credential shape, title token, user info, script URL). Each with its
count, the rows and the frames it touched. No withheld value is ever shown.

Options:
${WINDOW_HELP}
  -f, --format FMT   md (default) or json
  --json             the same as -f json
  --out FILE         write to FILE instead of standard output
  -h, --help         show this help
`;

const OPTIONS = {
  ...WINDOW_OPTIONS,
  ...FORMAT_OPTIONS,
  out: { type: "string" },
} as const;

/** What `frames privacy` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Entry point of `frames privacy`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "privacy" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const format = chooseFormat(p, ["md", "json"], "md");
  // Settings, window and source as every window command resolves them (--out guarded).
  const { settings, window, source } = await prepareWindow(p);
  const includeText = p.values["include-text"] === true;
  // The raw rows: the report counts what redaction withholds from them.
  const raw = await source.readAsync({ start: window.start, end: window.end, includeText });
  const why = everythingRejected(raw);
  if (why !== undefined) throw new Error(why);
  const doc = compile(raw, {
    tz: settings.tz,
    day: window.day,
    minMinutes: 0, // every frame, so every withheld row names the frame it belongs to
    typer: await loadTyper(),
    includeText,
  });
  const report = privacyReport(raw, doc, { tz: settings.tz, includeText });
  const text = format === "json"
    ? jsonText({ window: { start: doc.window.start, end: doc.window.end }, ...report }) + "\n"
    : renderPrivacyMarkdown(report);
  await writeOutput(text, str(p, "out"));
  return 0;
}
