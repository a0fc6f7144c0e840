/**
 * `frames mcp`: the MCP server over stdio (default) or Streamable HTTP (`--http`), its
 * bearer token (`frames mcp token`) and client registration (`frames mcp install`,
 * `frames mcp uninstall`).
 *
 * @module
 */

import { isValidTimeZone } from "../compile/time.ts";
import {
  createServerFactory,
  DEFAULT_HTTP_PORT,
  DEFAULT_MAX_TOKENS,
  loadToken,
  type McpBackend,
  MIN_MAX_TOKENS,
  type ResolvedWindow,
  serveHttp,
  serveStdioServer,
  watchToken,
} from "../mcp/mod.ts";
import { warmUp } from "../mcp/warm_up.ts";
import { resolve } from "../file_path.ts";
import { cliDayIndex } from "./_mcp_days.ts";
import { formatLocal } from "../compile/time.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { install, INSTALL_HELP, INSTALL_OPTIONS } from "./_mcp_install.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import type { CommandSpec } from "./_spec.ts";
import { compileForCli, loadCaptureForCli } from "./_capture.ts";
import { prepareSettings, resolveSettings } from "./_settings.ts";
import { resolveWindow } from "./_window.ts";
import { UsageError } from "./usage_error.ts";
import { VERSION } from "../version.ts";
import type { ReplayBackend } from "../mcp/tools/replay_routine.ts";

const HELP = `Usage: frames mcp [options]                 serve MCP over stdio (what agents launch)
       frames mcp --http [--port N]        serve Streamable HTTP on 127.0.0.1
       frames mcp token [--rotate]         print the HTTP bearer token
       frames mcp install --client NAME    register frames in an agent's MCP config
       frames mcp uninstall --client NAME  remove it again ("frames mcp install --help")

An MCP server for agents: tools get_context, get_activity, get_day_summary,
get_patterns, get_communications, get_steps, search_activity, get_evidence and
replay_routine (guarded browser replay, dry runs unless --allow-replay); the resources
frames://day/{day}/context and frames://day/{day}/document for every day that holds
capture (and frames://window/{start}/{end}/context); the prompts recap_day,
where_did_time_go and what_was_i_doing; completions and logging. The capture source is
opened afresh on every call, so new rows appear without a restart. Typed text is never
served.

Serve options:
  --source SPEC      screenpipe:PATH (default: FRAMES_SOURCE, config, then discovery)
  --tz ZONE          IANA timezone for days and times (default: FRAMES_TZ, config, system)
  --max-tokens N     hard cap per tool result in cl100k tokens (default ${DEFAULT_MAX_TOKENS})
  --http             serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio;
                     only loopback, Host and Origin checked, bearer token required
  --port N           HTTP port (default ${DEFAULT_HTTP_PORT}; 0 picks a free one)
  --poll SECONDS     how often the source is checked for a new day, which connected
                     clients are told about (default 30; 0 turns it off)
  --allow-replay     let replay_routine click and type (default: dry runs only); replay
                     needs the server started with -A (playwright-core)
  --allow-destructive-replay
                     also let it run destructive steps (send, pay, delete …)
  --pid-file FILE    write the server's pid to FILE (removed when it stops); the pid is
                     also printed on standard error
  -h, --help         show this help

Token: generated on first use, stored user-only in $FRAMES_HOME/mcp-token;
--rotate replaces it.

Examples:
  frames mcp install --client claude-code
  frames mcp install --client vscode --scope project --print
  frames mcp --http --port 7749 --pid-file mcp.pid & curl -H "Authorization: Bearer $(frames mcp token)" …
`;

const SERVE_OPTIONS = {
  source: { type: "string" },
  tz: { type: "string" },
  "max-tokens": { type: "string" },
  http: { type: "boolean" },
  port: { type: "string" },
  poll: { type: "string" },
  "allow-replay": { type: "boolean" },
  "allow-destructive-replay": { type: "boolean" },
  "pid-file": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const TOKEN_OPTIONS = {
  rotate: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const TOKEN_HELP = `Usage: frames mcp token [--rotate]

Prints the bearer token "frames mcp --http" requires, creating it on first use
($FRAMES_HOME/mcp-token, user-only). --rotate replaces it; running servers refuse the old
one from their next request on.

Options:
  --rotate     replace the token
  -h, --help   show this help`;

/** What `frames mcp` accepts, for help and completions. */
export const spec: CommandSpec = {
  help: HELP,
  options: SERVE_OPTIONS,
  subcommands: {
    token: { help: TOKEN_HELP, options: TOKEN_OPTIONS },
    install: { help: INSTALL_HELP, options: INSTALL_OPTIONS },
    uninstall: { help: INSTALL_HELP, options: INSTALL_OPTIONS },
  },
};

/** Flag names in window errors become the tool argument names a model sends. */
function asToolMessage(message: string): string {
  return message.replaceAll("--from", "start").replaceAll("--to", "end")
    .replaceAll("--hours", "hours").replaceAll("--day", "day");
}

/** The MCP backend on the CLI's own pipeline: settings → window → source → capture → document. */
export function cliBackend(flags: { source?: string; tz?: string }): McpBackend {
  const settings = () => resolveSettings({ source: flags.source, tz: flags.tz });
  // Days are found by reading them (see src/cli/_mcp_days.ts).
  const index = cliDayIndex(flags);
  // The pipeline takes flags: a day stays a day; any other window is given as local start
  // and end times to the second.
  const windowFlags = (window: ResolvedWindow): Parsed => {
    const local = (ms: number) => formatLocal(ms, settings().tz).slice(0, 19);
    const values: Parsed["values"] = { source: flags.source, tz: flags.tz };
    if (window.day !== undefined) values.day = window.day;
    else [values.from, values.to] = [local(window.start), local(window.end)];
    return { values, positionals: [] };
  };
  return {
    now: () => Date.now(),
    settings() {
      const s = settings();
      return { tz: s.tz, budget: s.budget, minMinutes: s.minMinutes };
    },
    resolveWindow(req, now) {
      const tz = settings().tz;
      try {
        return resolveWindow(
          {
            day: req.day,
            from: req.start,
            to: req.end,
            hours: req.hours === undefined ? undefined : String(req.hours),
          },
          now,
          tz,
        );
      } catch (err) {
        if (err instanceof UsageError) throw new UsageError(asToolMessage(err.message));
        throw err;
      }
    },
    async compile(window, opts = {}) {
      const run = await compileForCli(windowFlags(window), {
        minMinutes: opts.minMinutes === undefined ? undefined : String(opts.minMinutes),
        quiet: true,
        live: true,
      });
      return { doc: run.doc, capture: run.capture };
    },
    async read(window) {
      return (await loadCaptureForCli(windowFlags(window), { quiet: true })).capture;
    },
    days: () => index.days(),
  };
}

function logError(error: Error): void {
  console.error(`frames mcp: ${error.message}`);
  if (Deno.env.get("FRAMES_DEBUG") && error.stack) console.error(error.stack);
}

async function serve(args: string[]): Promise<number> {
  await prepareSettings({ always: true }); // a config file written while serving is checked too
  const p = parseFlags(args, SERVE_OPTIONS, { command: "mcp" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const source = str(p, "source"), tz = str(p, "tz");
  if (tz !== undefined && !isValidTimeZone(tz)) {
    throw new UsageError(
      `Unknown timezone "${tz}" (from --tz): use an IANA name such as Europe/Berlin or UTC`,
    );
  }
  const maxTokens = numberFlag(str(p, "max-tokens"), "--max-tokens", {
    min: MIN_MAX_TOKENS,
    max: 100_000,
    integer: true,
  });
  const port = numberFlag(str(p, "port"), "--port", LIMITS.port);
  if (port !== undefined && !p.values.http) throw new UsageError("--port needs --http");
  const pollSeconds = numberFlag(str(p, "poll"), "--poll", LIMITS.pollSeconds);
  if (p.values["allow-destructive-replay"] && !p.values["allow-replay"]) {
    throw new UsageError("--allow-destructive-replay needs --allow-replay");
  }
  const pidFile = str(p, "pid-file");
  const backend: ReplayBackend = {
    ...cliBackend({ source, tz }),
    replay: {
      allowExecute: p.values["allow-replay"] === true,
      allowDestructive: p.values["allow-destructive-replay"] === true,
    },
  };
  backend.settings(); // a broken config fails now, not on the first call
  const factory = createServerFactory({
    backend,
    maxTokens,
    onerror: logError,
    ...(pollSeconds === undefined ? {} : { pollMs: Math.round(pollSeconds * 1000) }),
  });
  void warmUp(backend);
  if (!p.values.http) {
    const serving = serveStdioServer(factory, { onerror: logError });
    const written = await writePidFile(pidFile);
    console.error(`frames mcp ${VERSION}: serving MCP on stdio (pid ${Deno.pid})`);
    try {
      await serving.closed;
    } finally {
      await removePidFile(written);
    }
    return 0;
  }
  const settings = resolveSettings({ source, tz });
  // The server reads the token file per request, so a rotated token takes effect at once.
  const { created, path } = await loadToken(settings.home);
  const http = await serveHttp(factory, {
    port: port ?? DEFAULT_HTTP_PORT,
    token: watchToken(path),
    onerror: logError,
  });
  // Listen for signals before the pid is announced: whoever reads it may signal at once.
  const stop = () => void http.shutdown();
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
  const written = await writePidFile(pidFile);
  console.error(
    `frames mcp ${VERSION}: serving MCP at ${http.url} (pid ${Deno.pid}; bearer token ${
      created ? "created" : "read"
    }: ${path}; print it with "frames mcp token")`,
  );
  try {
    await http.finished;
  } finally {
    await removePidFile(written);
  }
  return 0;
}

async function token(args: string[]): Promise<number> {
  const p = parseFlags(args, TOKEN_OPTIONS, { command: "mcp token" });
  if (p.values.help) {
    console.log(TOKEN_HELP);
    return 0;
  }
  const { home } = resolveSettings({});
  const stored = await loadToken(home, { rotate: p.values.rotate === true });
  console.log(stored.token);
  return 0;
}

/** Writes this process's pid to `path` (absolute from here on), when one is given. */
async function writePidFile(path: string | undefined): Promise<string | undefined> {
  if (path === undefined) return undefined;
  const abs = resolve(path);
  try {
    await Deno.writeTextFile(abs, `${Deno.pid}\n`, { mode: 0o600 });
  } catch (err) {
    throw new Error(`Cannot write pid file "${abs}": ${(err as Error).message}`);
  }
  return abs;
}

async function removePidFile(path: string | undefined): Promise<void> {
  if (path !== undefined) await Deno.remove(path).catch(() => {});
}

/** Entry point of `frames mcp`. */
export function main(args: string[]): Promise<number> {
  switch (args[0]) {
    case "token":
      return token(args.slice(1));
    case "install":
      return install(args.slice(1), false);
    case "uninstall":
      return install(args.slice(1), true);
    default:
      return serve(args);
  }
}
