/**
 * `frames serve`: the local web view of the day (src/web) on 127.0.0.1, fed by the CLI's
 * own pipeline, so the pages and `frames compile` always agree about a day.
 *
 * @module
 */

import { addDays, dayWindow, isValidTimeZone, localDay } from "../compile/time.ts";
import { captureSteps, mineRoutines, type RoutineReport } from "../routines/mod.ts";
import { loadTyper } from "../entities/mod.ts";
import { encodeBase64Url } from "../http/mod.ts";
import { DEFAULT_WEB_PORT, type RoutinesReport, serveWeb, type WebBackend } from "../web/mod.ts";
import { VERSION } from "../version.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { compileForCli, readCliWindow, resolveCliSource } from "./_capture.ts";
import { cliDayIndex } from "./_mcp_days.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import { prepareSettings, resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames serve [options]

A local web view of your days: a timeline per display (frames coloured by app, focus,
gaps, away periods, presence-only stretches, detours), the app ledger (focused vs
visible minutes), sites and coverage; each frame's audit view (its evidence rows and
steps); the context block as agents get it, with a token budget slider; routines; and a
range of days as stacked bars. Served on 127.0.0.1 only; Host and Origin are checked and
a token is required: open the address printed at start (it carries ?token=…, which the
first visit swaps for a cookie). Pages work without JavaScript. Typed text is never shown
unless --include-text is given.

Options:
  --port N          port on 127.0.0.1 (default ${DEFAULT_WEB_PORT}; 0 picks a free one)
  --open            open the address in the default browser
  --source SPEC     screenpipe:PATH, native:PATH, aw:PATH, recall:PATH, ma:DIR (default:
                    FRAMES_SOURCE, config, the native store, then discovery)
  --tz ZONE         IANA timezone for days and times (default: FRAMES_TZ, config, system)
  --displays GEOM   display geometry for click resolution: NAME=WxH+X+Y[@SCALE],…
  --include-text    show typed text in the audit view (privacy: off by default)
  -h, --help        show this help

The address is printed on standard output; a new token is made for every start.

Example:
  frames serve --port 0 --open
`;

const OPTIONS = {
  port: { type: "string" },
  open: { type: "boolean" },
  source: { type: "string" },
  tz: { type: "string" },
  displays: { type: "string" },
  "include-text": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames serve` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** What the web backend takes from the command line. */
export interface ServeFlags {
  /** `--source`. */
  source?: string;
  /** `--tz`. */
  tz?: string;
  /** `--displays`. */
  displays?: string;
  /** `--include-text`. */
  includeText?: boolean;
}

/** The web view's backend on the CLI's pipeline: settings → day → source → capture → document. */
export async function cliWebBackend(flags: ServeFlags): Promise<WebBackend> {
  const settings = () => resolveSettings({ source: flags.source, tz: flags.tz });
  const index = cliDayIndex(flags);
  const typer = await loadTyper();
  const includeText = flags.includeText === true;
  return {
    settings() {
      const s = settings();
      return { tz: s.tz, budget: s.budget, minMinutes: s.minMinutes, includeText };
    },
    today: () => localDay(Date.now(), settings().tz),
    days: () => index.days(),
    async compileDay(day, opts = {}) {
      const p: Parsed = {
        values: {
          source: flags.source,
          tz: flags.tz,
          displays: flags.displays,
          day,
          "include-text": includeText,
        },
        positionals: [],
      };
      const run = await compileForCli(p, {
        minMinutes: opts.minMinutes === undefined ? undefined : String(opts.minMinutes),
        quiet: true,
      });
      return { doc: run.doc, capture: run.capture };
    },
    typer,
    async routines(day) {
      // The same mining as `frames routines`, over the four weeks ending at `day`.
      const s = resolveSettings({ source: flags.source, tz: flags.tz, displays: flags.displays });
      const window = {
        start: dayWindow(addDays(day, 1 - ROUTINE_DAYS), s.tz).start,
        end: dayWindow(day, s.tz).end,
      };
      const source = await resolveCliSource(s);
      const capture = await readCliWindow(source, window, { settings: s, includeText });
      const { steps, unplaced, displays, notes } = captureSteps([capture]);
      const mined = mineRoutines(steps, { tz: s.tz, includeText, displays, notes, unplaced });
      return routinesView(mined.report);
    },
  };
}

/** Days of capture the routines page mines, ending at the day shown (as `frames routines`). */
const ROUTINE_DAYS = 28;

/** The miner's report as the routines page shows it; R is the guarded plan's ratio. */
function routinesView(r: RoutineReport): RoutinesReport {
  const share = (n: number) => r.action_steps > 0 ? n / r.action_steps : 0;
  return {
    h: r.h,
    r: r.R_inject_median,
    routines: r.routines.map((x) => ({
      name: `${x.title} (${x.id})`,
      key: x.site === null ? x.app : `${x.app} · ${x.site}`,
      steps: x.steps.map((st) => `${st.op} ${st.role ?? ""} ${st.name ?? "[slot]"}`.trim()),
      occurrences: x.occurrences.map((o) => ({
        day: o.start.slice(0, 10),
        at: o.start.slice(11, 16),
      })),
      h: share(x.occurrences.reduce((n, o) => n + o.event_ids.length, 0)),
      r: x.R_inject,
    })),
  };
}

/** Opens `url` in the desktop's browser; a failure is reported, not fatal. */
async function openBrowser(url: string): Promise<void> {
  const cmd = Deno.build.os === "darwin"
    ? ["open", url]
    : Deno.build.os === "windows"
    ? ["cmd", "/c", "start", "", url]
    : ["xdg-open", url];
  try {
    const child = new Deno.Command(cmd[0], { args: cmd.slice(1), stdout: "null", stderr: "null" })
      .spawn();
    await child.status;
  } catch (err) {
    console.error(
      `frames serve: cannot open a browser (${(err as Error).message}); open the address yourself`,
    );
  }
}

/** Entry point of `frames serve`. */
export async function main(args: string[]): Promise<number> {
  await prepareSettings({ always: true }); // a config file written while serving is checked too
  const p = parseFlags(args, OPTIONS, { command: "serve" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const tz = str(p, "tz");
  if (tz !== undefined && !isValidTimeZone(tz)) {
    throw new UsageError(
      `Unknown timezone "${tz}" (from --tz): use an IANA name such as Europe/Berlin or UTC`,
    );
  }
  const port = numberFlag(str(p, "port"), "--port", LIMITS.port);
  const backend = await cliWebBackend({
    source: str(p, "source"),
    tz,
    displays: str(p, "displays"),
    includeText: p.values["include-text"] === true,
  });
  backend.settings(); // a broken config fails now, not on the first page
  const token = encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  const web = await serveWeb(backend, {
    port: port ?? DEFAULT_WEB_PORT,
    token,
    onerror: (err) => console.error(`frames serve: ${err.message}`),
  });
  const stop = () => void web.shutdown();
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
  const address = `${web.url}?token=${token}`;
  console.log(address);
  console.error(
    `frames serve ${VERSION}: serving the web view at ${web.url} (pid ${Deno.pid}; Ctrl-C stops)`,
  );
  if (p.values.open) await openBrowser(address);
  await web.finished;
  return 0;
}
