/**
 * The command table: argv → subcommand → exit code.
 *
 * Each subcommand lives in its own file and parses only its own flags; they are loaded
 * lazily (string-literal imports, so `deno compile` bundles them) to keep start-up fast.
 *
 * @module
 */

import { safeLine } from "../text/sanitize.ts";
import { UsageError } from "./usage_error.ts";
import { VERSION } from "../version.ts";
import type { CommandEntry } from "./_spec.ts";

export type { CommandContext, CommandEntry, CommandMain, CommandSpec } from "./_spec.ts";
export type { OptionTable } from "./_args.ts";

/** The command table: drives dispatch, `--help` and `frames completions`. */
export const COMMANDS: Record<string, CommandEntry> = {
  compile: {
    summary: "compile a window of capture into an activity document",
    load: () => import("./compile.ts"),
  },
  today: {
    summary: "today's frames as a Markdown report (compile --day today -f md)",
    load: () => import("./today.ts"),
  },
  context: {
    summary: "the compact context block for a system prompt (compile -f context)",
    load: () => import("./context.ts"),
  },
  apps: {
    summary: "the app ledger: minutes per app, ranked",
    load: () => import("./apps.ts"),
  },
  steps: {
    summary: "the click-by-click script behind a frame (--frame ID or --find QUERY)",
    load: () => import("./steps.ts"),
  },
  patterns: {
    summary: "repeated clicks, action sequences, habits, URL templates, switches, rhythms",
    load: () => import("./patterns.ts"),
  },
  routines: {
    summary: "recurring step sequences with h and R; guarded plans; Memory Archive export",
    load: () => import("./routines.ts"),
  },
  privacy: {
    summary: "what each privacy rule withheld per day: exclusions, typed text, redactions",
    load: () => import("./privacy.ts"),
  },
  infer: {
    summary: "tier 2: attach validated inferred entries, strip them, categorise frames",
    load: () => import("./infer.ts"),
  },
  parsers: {
    summary: "site parsers: test URLs, list hosts and kinds, measure typing coverage",
    load: () => import("./parsers.ts"),
  },
  demo: {
    summary: "build the built-in demo capture, compile one day, print ledger and context",
    load: () => import("./demo.ts"),
  },
  mcp: {
    summary: "serve the activity tools to agents over MCP (stdio or --http); install in clients",
    load: () => import("./mcp.ts"),
  },
  serve: {
    summary: "a local web view of the day: timeline, ledger, audit trail, context, routines",
    load: () => import("./serve.ts"),
  },
  import: {
    summary:
      "append ActivityWatch, Recall, Memory Archive or screenpipe data into the native store",
    load: () => import("./import.ts"),
  },
  replay: {
    summary: "run a guarded routine plan in Chromium: dry run unless --execute (needs -A)",
    load: () => import("./replay.ts"),
  },
  eval: {
    summary: "does the memory answer questions? tokens and fact recall per representation",
    load: () => import("./eval.ts"),
  },
  export: {
    summary: "write frames, ledgers, sites and steps as Hive-partitioned Parquet (--parquet DIR)",
    load: () => import("./export.ts"),
  },
  timesheet: {
    summary: "one row per day (or per app/site): first/last activity, active, focused, away",
    load: () => import("./timesheet.ts"),
  },
  cache: {
    summary: "the day cache under $FRAMES_HOME/cache: show it, or clear it",
    load: () => import("./cache.ts"),
  },
  certify: {
    summary: "prove on your data: repeatable, incremental = rebuild, flat cost, cache exact",
    load: () => import("./certify.ts"),
  },
  sources: {
    summary: "list the capture sources found on this machine",
    load: () => import("./sources.ts"),
  },
  capture: {
    summary: "the native capture engine: run, start, stop, status, install-service",
    load: () => import("./capture.ts"),
  },
  install: {
    summary: "install a frames launcher on the PATH (what deno task install runs)",
    load: () => import("./install.ts"),
  },
  completions: {
    summary: "print shell completions: frames completions bash|zsh|fish",
    load: () => import("./completions.ts"),
  },
};

/** The top-level help text. */
export function helpText(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) =>
    `  ${name.padEnd(width)}  ${c.summary}`
  );
  return [
    `frames ${VERSION} — a deterministic compiler from screen capture to activity frames`,
    "",
    "Usage: frames <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Options:",
    "  -h, --help     show help (also: frames <command> --help)",
    "  -V, --version  print the version",
    "",
    "Settings resolve as flags > environment (FRAMES_SOURCE, FRAMES_TZ, FRAMES_HOME)",
    "> $FRAMES_HOME/config.json (default ~/.frames) > defaults.",
    "Exit codes: 0 ok, 1 failure, 2 usage error.",
  ].join("\n");
}

/** Runs the program for `argv` and returns the exit code; prints errors as one line. */
export async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  try {
    enterCallerDirectory();
    if (name === undefined || name === "-h" || name === "--help" || name === "help") {
      console.log(helpText());
      return name === undefined ? 2 : 0;
    }
    if (name === "-V" || name === "--version") {
      console.log(`frames ${VERSION}`);
      return 0;
    }
    const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!entry) {
      throw new UsageError(`Unknown command "${name}": run "frames --help" for the list`);
    }
    // A config file's validator loads beside the command (only when there is a file).
    const settings = import("./_settings.ts").then((m) => m.prepareSettings());
    const [mod] = await Promise.all([entry.load(), settings]);
    return await mod.main(rest, { commands: COMMANDS });
  } catch (err) {
    return reportError(err);
  }
}

/**
 * `deno task` runs in the project's folder; its tasks pass the caller's folder
 * (`FRAMES_CALLER_CWD="$INIT_CWD"`), so relative paths mean what the caller meant.
 */
function enterCallerDirectory(): void {
  const caller = Deno.env.get("FRAMES_CALLER_CWD");
  if (!caller) return;
  Deno.env.delete("FRAMES_CALLER_CWD");
  try {
    Deno.chdir(caller);
  } catch (err) {
    throw new Error(`Cannot enter the caller's directory "${caller}": ${(err as Error).message}`);
  }
}

/** Prints an error as one line on stderr and maps it to an exit code. */
export function reportError(err: unknown): number {
  // Messages quote paths, titles and arguments: the one sanitiser keeps them to one inert line.
  if (err instanceof UsageError) {
    console.error(`frames: ${safeLine(err.message)}`);
    return 2;
  }
  const message = err instanceof Error ? err.message : String(err);
  console.error(`frames: ${safeLine(message)}`);
  if (Deno.env.get("FRAMES_DEBUG") && err instanceof Error && err.stack) {
    console.error(err.stack);
  }
  return 1;
}
