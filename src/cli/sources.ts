/**
 * `frames sources`: list the capture sources found on this machine, with the first and last
 * day each holds where its adapter can tell.
 *
 * @module
 */

import { jsonText, safeLine } from "../text/sanitize.ts";
import { resolveSource } from "../../adapters/resolve.ts";
import { detectSources } from "../import/detect.ts";
import { parseFlags } from "./_args.ts";
import { sourceDays } from "./_empty_window.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";

const HELP = `Usage: frames sources [options]

List the capture sources found on this machine: frames' native store, screenpipe's
databases, ActivityWatch's databases and a local aw-server, Windows Recall's ukg.db.
Each line gives the --source value that reads it directly and, where the source can tell
cheaply, the first and last local day it holds (screenpipe, the native store).

Options:
  -f, --format FMT   text (default) or json (an array)
  --json             the same as -f json
  --tz ZONE          the timezone of the days (default: FRAMES_TZ, config, system)
  --no-server        do not ask http://127.0.0.1:5600 whether aw-server runs
  -h, --help         show this help
`;

const OPTIONS = {
  ...FORMAT_OPTIONS,
  tz: { type: "string" },
  "no-server": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames sources` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** The days a detected source holds, or nothing when it cannot tell (or cannot be read). */
async function days(
  spec: string,
  tz: string,
  home: string,
): Promise<{ first_day?: string; last_day?: string }> {
  try {
    const found = sourceDays(await resolveSource(spec, { home }), tz);
    return found === undefined || found === "none"
      ? {}
      : { first_day: found.first, last_day: found.last };
  } catch {
    return {};
  }
}

/** Entry point of `frames sources`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "sources" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const format = chooseFormat(p, ["text", "json"], "text");
  const settings = resolveSettings({
    tz: typeof p.values.tz === "string" ? p.values.tz : undefined,
  });
  const detected = await detectSources({
    home: settings.userHome,
    framesHome: settings.home,
    probeServer: p.values["no-server"] !== true,
  });
  const found = [];
  for (const f of detected) {
    found.push({ ...f, ...await days(f.spec, settings.tz, settings.userHome) });
  }
  if (format === "json") {
    console.log(jsonText(found));
    return 0;
  }
  if (found.length === 0) {
    console.log("no capture sources found (see frames import --help)");
    return 0;
  }
  const width = Math.max(...found.map((f) => f.kind.length));
  for (const f of found) {
    const span = f.first_day === undefined ? "" : `; ${f.first_day} to ${f.last_day}`;
    console.log(safeLine(`${f.kind.padEnd(width)}  ${f.spec}  (${f.detail}${span})`));
  }
  return 0;
}
