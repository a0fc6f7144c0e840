/**
 * `frames replay PLAN.json`: run a guarded routine plan in a real Chromium — a dry run
 * unless `--execute`, destructive steps only with `--allow-destructive` — and print the
 * report. Needs all permissions (`-A`): playwright-core probes /proc when imported.
 *
 * @module
 */

import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { jsonText, terminalText } from "../text/sanitize.ts";
import type { CommandSpec } from "./_spec.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { UsageError } from "./usage_error.ts";
import {
  DEFAULT_STEP_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  findBrowser,
  parsePlan,
  parseSlot,
  parseUrlMapping,
  type Plan,
  renderTable,
  replay,
  resolveSteps,
  SETTLE_MS,
  succeeded,
} from "../replay/mod.ts";

const HELP = `Usage: frames replay PLAN.json [--slot NAME=VALUE …] [--execute] [--allow-destructive]
                     [--browser PATH | --cdp URL] [--url-map FROM=TO …] [--headed]
                     [--timeout 60s] [--report FILE] [-f table|json]

Runs a guarded routine plan (what "frames routines plan ID" writes) in a real Chromium.
A DRY RUN by default: it opens the plan's pages, checks every guard and highlights each
target, but clicks and types nothing. Before each step the page's URL must match the
step's URL template and exactly one element with the step's ARIA role and exact
accessible name must be on the page (re-checked once after ${
  SETTLE_MS / 1000
} s); the first mismatch
stops the run and the report says which step, what was expected and what was found.

Options:
  --slot NAME=VALUE   a value the plan leaves open (repeatable; every slot is required)
  --execute           click and type for real
  --allow-destructive also run steps marked destructive (send, pay, delete …); without it
                      they are refused even with --execute
  --browser PATH      Chromium or Chrome to launch (default: FRAMES_BROWSER, CHROMIUM, then
                      /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome,
                      the usual macOS and Windows paths); a fresh profile every run
  --cdp URL           attach to a running browser (e.g. http://127.0.0.1:9222) instead;
                      only the tab replay opens is closed afterwards
  --url-map FROM=TO   rewrite URL prefixes, e.g. a live site to a local mirror (repeatable)
  --headed            show the browser window
  --timeout DURATION  hard deadline for the whole run (default ${
  DEFAULT_TIMEOUT_MS / 1000
}s; 90s, 2m, 500ms);
                      each step's browser calls stop after ${DEFAULT_STEP_TIMEOUT_MS / 1000} s
  --report FILE       also write the report as JSON to FILE and as a table to FILE's .txt;
                      screenshots go beside it in FILE's -screenshots folder (else a temp folder)
  -f, --format F      stdout as table (default) or json
  --json              the same as -f json
  -h, --help          show this help

Permissions: playwright-core needs ALL permissions when it is imported, so replay runs
only under -A: "deno task replay PLAN.json …" or "deno run -A main.ts replay …". No
other frames command needs -A.

Exit codes: 0 every step passed its guards (and ran, with --execute); 1 a step was
aborted or refused, the deadline passed, or the browser failed; 2 a usage error (bad
plan, missing slot, no browser).`;

const OPTIONS = {
  slot: { type: "string", multiple: true },
  execute: { type: "boolean" },
  "allow-destructive": { type: "boolean" },
  browser: { type: "string" },
  cdp: { type: "string" },
  "url-map": { type: "string", multiple: true },
  headed: { type: "boolean" },
  timeout: { type: "string" },
  report: { type: "string" },
  ...FORMAT_OPTIONS,
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames replay` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Parses `90s`, `2m`, `500ms` or plain seconds into ms; throws a `UsageError`. */
export function parseDuration(value: string, flag: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/.exec(value.trim());
  const n = m ? Number(m[1]) * (m[2] === "ms" ? 1 : m[2] === "m" ? 60_000 : 1000) : NaN;
  if (!Number.isFinite(n) || n < 1000 || n > 3_600_000) {
    throw new UsageError(
      `Invalid ${flag} "${value}": expected a duration from 1s to 60m, e.g. 90s`,
    );
  }
  return Math.round(n);
}

function list(p: Parsed, name: string): string[] {
  const v = p.values[name] as unknown;
  return Array.isArray(v) ? v as string[] : typeof v === "string" ? [v] : [];
}

async function readPlan(path: string): Promise<Plan> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (err) {
    const why = err instanceof Deno.errors.NotFound ? "no such file" : (err as Error).message;
    throw new UsageError(`Cannot read plan "${path}": ${why}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`Cannot read plan "${path}": not JSON: ${(err as Error).message}`);
  }
  try {
    return parsePlan(json);
  } catch (err) {
    throw new UsageError(`Cannot read plan "${path}": ${(err as Error).message}`);
  }
}

function usage<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SyntaxError || err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }
}

/** Entry point of `frames replay`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "replay", positionals: true });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  if (p.positionals.length !== 1) {
    throw new UsageError(
      `Expected one plan file, got ${p.positionals.length}: run "frames replay --help"`,
    );
  }
  const format = chooseFormat(p, ["table", "json"] as const, "table");
  const cdp = str(p, "cdp"), browserFlag = str(p, "browser");
  if (cdp !== undefined && browserFlag !== undefined) {
    throw new UsageError("Give --browser or --cdp, not both");
  }
  const plan = await readPlan(p.positionals[0]);
  const slots: Record<string, string> = {};
  for (const spec of list(p, "slot")) {
    const [name, value] = usage(() => parseSlot(spec));
    slots[name] = value;
  }
  const urlMap = list(p, "url-map").map((m) => usage(() => parseUrlMapping(m)));
  const timeout = str(p, "timeout");
  const timeoutMs = timeout === undefined ? undefined : parseDuration(timeout, "--timeout");
  // Every check that needs no browser happens before one starts.
  usage(() => resolveSteps(plan, slots));
  const browser = cdp === undefined ? usage(() => findBrowser({ flag: browserFlag })) : undefined;
  const reportPath = str(p, "report");
  const base = reportPath?.replace(/\.json$/i, "");

  const abort = new AbortController();
  const onSigint = () => abort.abort();
  Deno.addSignalListener("SIGINT", onSigint);
  let report;
  try {
    report = await replay(plan, {
      slots,
      execute: p.values.execute === true,
      allowDestructive: p.values["allow-destructive"] === true,
      browser,
      cdp,
      urlMap,
      headed: p.values.headed === true,
      timeoutMs,
      screenshotDir: base === undefined ? undefined : `${base}-screenshots`,
      signal: abort.signal,
    });
  } finally {
    Deno.removeSignalListener("SIGINT", onSigint);
  }
  const table = renderTable(report);
  const json = jsonText(report) + "\n";
  if (reportPath !== undefined) {
    await Deno.writeTextFile(reportPath, json, { mode: 0o600 });
    await Deno.writeTextFile(`${base}.txt`, table, { mode: 0o600 });
  }
  await Deno.stdout.write(new TextEncoder().encode(terminalText(format === "json" ? json : table)));
  return succeeded(report) ? 0 : 1;
}
