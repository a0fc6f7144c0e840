/**
 * `frames patterns`: the six pattern detectors over several local days.
 *
 * @module
 */

import { DEFAULT_MIN_MINUTES } from "../compile/rules.ts";
import { jsonText } from "../text/sanitize.ts";
import { addDays, dayWindow, parseDay } from "../compile/time.ts";
import { analyseDay, detectPatterns, renderPatterns } from "../patterns/mod.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { readCliWindow, resolveCliSource } from "./_capture.ts";
import { hintEmptyWindow, isEmpty } from "./_empty_window.ts";
import { writeOutput } from "./_output.ts";
import { refuseOutputOverSource } from "./_out_guard.ts";
import { storePath } from "../store/path.ts";
import { resolveSettings } from "./_settings.ts";
import { resolveDay } from "./_window.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames patterns (--days N [--until DAY] | --from DAY --to DAY) [options]

Patterns over several local days, each with counts and evidence (frame ids):
  repeated clicks    the same named element clicked again and again (per app and site)
  action sequences   runs of 2-4 actions recurring inside frames of one app, counted
                     without overlap (never across apps)
  daily habits       apps and sites used on at least half the days with capture
  URL templates      URL shapes visited with different ids ({n}, {id})
  app switches       frequent moves from one app to the next on a display
  temporal rhythms   an app active in the same half hour on most days
Clicks are named only where they resolve: with the source's geometry, --displays, or
geometry inferred from each day's clicks (the report's notes say which). Typed text is
never read.

Options:
  --source SPEC      screenpipe:PATH (or a path); default as for "frames compile"
  --days N           the N local days ending with --until (default 7)
  --until DAY        the last day: today (default), yesterday, a weekday or YYYY-MM-DD
  --from DAY --to DAY  an inclusive range of days (YYYY-MM-DD) instead
  --tz ZONE          IANA timezone of the days
  --displays GEOM    display geometry for click resolution (NAME=WxH+X+Y,...)
  --min-minutes N    frames shorter than N minutes are not looked at (default ${DEFAULT_MIN_MINUTES})
  --min-count N      least repeats of a click, sequence or switch (default 3)
  --limit N          at most N patterns per detector (default 20)
  -f, --format FMT   text (default) or json
  --json             the same as -f json
  --out FILE         write to FILE instead of standard output
  -h, --help         show this help
`;

const MAX_DAYS = LIMITS.windowDays;

function wholeNumber(p: Parsed, name: string, fallback: number, max = 100_000): number {
  return numberFlag(str(p, name), `--${name}`, { min: 1, max, integer: true }) ?? fallback;
}

/** The local days a patterns run covers, oldest first. */
export function patternDays(p: Parsed, opts: { tz: string; now: number }): string[] {
  const { tz, now } = opts;
  const from = str(p, "from"), to = str(p, "to");
  if (from !== undefined || to !== undefined) {
    if (str(p, "days") !== undefined || str(p, "until") !== undefined) {
      throw new UsageError("Conflicting window flags: use --days/--until or --from/--to");
    }
    if (from === undefined || to === undefined) throw new UsageError("--from and --to go together");
    for (const [flag, v] of [["--from", from], ["--to", to]]) {
      if (!parseDay(v)) throw new UsageError(`Invalid ${flag} "${v}": use YYYY-MM-DD`);
    }
    if (to < from) throw new UsageError("Invalid window: --to must not be before --from");
    const days: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      days.push(d);
      if (days.length > MAX_DAYS) throw new UsageError(`Invalid window: at most ${MAX_DAYS} days`);
    }
    return days;
  }
  const n = wholeNumber(p, "days", 7, MAX_DAYS);
  const until = resolveDay(str(p, "until") ?? "today", now, tz);
  const days: string[] = [];
  for (let i = n - 1; i >= 0; i--) days.push(addDays(until, -i));
  return days;
}

const OPTIONS = {
  source: { type: "string" },
  days: { type: "string" },
  until: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  tz: { type: "string" },
  displays: { type: "string" },
  "min-minutes": { type: "string" },
  "min-count": { type: "string" },
  limit: { type: "string" },
  ...FORMAT_OPTIONS,
  out: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames patterns` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Entry point of `frames patterns`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "patterns" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const json = chooseFormat(p, ["text", "json"], "text") === "json";
  const settings = resolveSettings({
    source: str(p, "source"),
    tz: str(p, "tz"),
    minMinutes: str(p, "min-minutes"),
    displays: str(p, "displays"),
  });
  const days = patternDays(p, { tz: settings.tz, now: Date.now() });
  const minCount = wholeNumber(p, "min-count", 3);
  const limit = wholeNumber(p, "limit", 20);
  const source = await resolveCliSource(settings);
  refuseOutputOverSource(str(p, "out"), [source.path, storePath(settings.home)]);
  const analysed = [];
  let empty = true;
  for (const day of days) {
    const capture = await readCliWindow(source, dayWindow(day, settings.tz), { settings });
    empty &&= isEmpty(capture);
    analysed.push(analyseDay(capture, { day, tz: settings.tz, minMinutes: settings.minMinutes }));
  }
  if (empty) hintEmptyWindow(source, settings.tz);
  const report = detectPatterns(analysed, { minCount, limit });
  const text = json ? jsonText({ tz: settings.tz, ...report }) + "\n" : renderPatterns(report);
  await writeOutput(text, str(p, "out"));
  return 0;
}
