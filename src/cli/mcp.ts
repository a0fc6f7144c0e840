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
import { cliDayIndex } from "./_mcp_days.ts";
import {
  CLIENT_NAMES,
  CLIENTS,
  installPlan,
  isClientName,
  launchCommand,
  runsFromNpxCache,
  type Scope,
  setServerEntry,
} from "../mcp/install/mod.ts";
import { formatLocal } from "../compile/time.ts";
import { resolveSource } from "../../adapters/resolve.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { compileForCli, loadCaptureForCli } from "./_capture.ts";
import { resolveSettings } from "./_settings.ts";
import { resolveWindow } from "./_window.ts";
import { UsageError } from "./usage_error.ts";
import { VERSION } from "../version.ts";

const HELP = `Usage: frames mcp [options]                 serve MCP over stdio (what agents launch)
       frames mcp --http [--port N]        serve Streamable HTTP on 127.0.0.1
       frames mcp token [--rotate]         print the HTTP bearer token
       frames mcp install --client NAME    register frames in an agent's MCP config
       frames mcp uninstall --client NAME  remove it again

An MCP server for agents: tools get_context, get_activity, get_day_summary,
get_patterns, get_communications, get_steps, search_activity and get_evidence; the
resources frames://day/{day}/context and frames://day/{day}/document for every day that
holds capture (and frames://window/{start}/{end}/context); the prompts recap_day,
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

Install options:
  --client NAME      ${CLIENT_NAMES.join(", ")}
  --scope SCOPE      user or project (claude-code, cursor: user by default;
                     vscode: project by default; claude-desktop: user only)
  --name NAME        the server's name in the config (default frames)
  --config PATH      edit this file instead of the client's usual one
  --print            print the JSON entry instead of writing it
  --source, --tz, --max-tokens are written into the entry when given.
  The entry runs this program by absolute path; the old config is kept as FILE.bak.

Token: generated on first use, stored user-only in $FRAMES_HOME/mcp-token;
--rotate replaces it.

Examples:
  frames mcp install --client claude-code
  frames mcp install --client vscode --scope project --print
  frames mcp --http --port 7749 & curl -H "Authorization: Bearer $(frames mcp token)" …
`;

const SERVE_OPTIONS = {
  source: { type: "string" },
  tz: { type: "string" },
  "max-tokens": { type: "string" },
  http: { type: "boolean" },
  port: { type: "string" },
  poll: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const INSTALL_OPTIONS = {
  client: { type: "string" },
  scope: { type: "string" },
  name: { type: "string" },
  config: { type: "string" },
  print: { type: "boolean" },
  source: { type: "string" },
  tz: { type: "string" },
  "max-tokens": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function intFlag(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === "" || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(
      `Invalid ${flag} "${value}": expected a whole number from ${min} to ${max}`,
    );
  }
  return n;
}

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
      const run = await compileForCli(
        windowFlags(window),
        { minMinutes: opts.minMinutes === undefined ? undefined : String(opts.minMinutes) },
      );
      return { doc: run.doc, capture: run.capture };
    },
    async read(window) {
      return (await loadCaptureForCli(windowFlags(window))).capture;
    },
    days: () => index.days(),
  };
}

function logError(error: Error): void {
  console.error(`frames mcp: ${error.message}`);
  if (Deno.env.get("FRAMES_DEBUG") && error.stack) console.error(error.stack);
}

async function serve(args: string[]): Promise<number> {
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
  const maxTokens = intFlag(str(p, "max-tokens"), "--max-tokens", MIN_MAX_TOKENS, 100_000);
  const port = intFlag(str(p, "port"), "--port", 0, 65535);
  if (port !== undefined && !p.values.http) throw new UsageError("--port needs --http");
  const poll = str(p, "poll");
  const pollSeconds = poll === undefined ? undefined : Number(poll);
  if (
    poll !== undefined &&
    (poll.trim() === "" || !Number.isFinite(pollSeconds) || pollSeconds! < 0 ||
      pollSeconds! > 86_400)
  ) {
    throw new UsageError(
      `Invalid --poll "${poll}": expected seconds from 0 to 86400, e.g. 30 or 0.5`,
    );
  }
  const backend = cliBackend({ source, tz });
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
    console.error(`frames mcp ${VERSION}: serving MCP on stdio`);
    await serving.closed;
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
  console.error(
    `frames mcp ${VERSION}: serving MCP at ${http.url} (bearer token ${
      created ? "created" : "read"
    }: ${path}; print it with "frames mcp token")`,
  );
  const stop = () => void http.shutdown();
  Deno.addSignalListener("SIGINT", stop);
  if (Deno.build.os !== "windows") Deno.addSignalListener("SIGTERM", stop);
  await http.finished;
  return 0;
}

async function token(args: string[]): Promise<number> {
  const p = parseFlags(args, {
    rotate: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  }, { command: "mcp token" });
  if (p.values.help) {
    console.log(`Usage: frames mcp token [--rotate]

Prints the bearer token "frames mcp --http" requires, creating it on first use
($FRAMES_HOME/mcp-token, user-only). --rotate replaces it; running servers refuse the old
one from their next request on.`);
    return 0;
  }
  const { home } = resolveSettings({});
  const stored = await loadToken(home, { rotate: p.values.rotate === true });
  console.log(stored.token);
  return 0;
}

/** `--source` as an absolute `scheme:path`, so the client's working directory does not matter. */
async function absoluteSource(spec: string): Promise<string> {
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE");
  try {
    const s = await resolveSource(spec, { home });
    return `${s.adapter}:${s.path}`;
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }
}

async function install(args: string[], remove: boolean): Promise<number> {
  const command = remove ? "mcp uninstall" : "mcp install";
  const p = parseFlags(args, INSTALL_OPTIONS, { command });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const client = str(p, "client");
  if (!isClientName(client)) {
    throw new UsageError(
      `${client === undefined ? "Missing --client" : `Unknown --client "${client}"`}: use one of ${
        CLIENT_NAMES.join(", ")
      }`,
    );
  }
  const scope = str(p, "scope");
  if (scope !== undefined && scope !== "user" && scope !== "project") {
    throw new UsageError(`Invalid --scope "${scope}": use user or project`);
  }
  const extra: string[] = [];
  const source = str(p, "source"), tz = str(p, "tz"), max = str(p, "max-tokens");
  if (source !== undefined) extra.push("--source", await absoluteSource(source));
  if (tz !== undefined) {
    if (!isValidTimeZone(tz)) {
      throw new UsageError(
        `Unknown timezone "${tz}" (from --tz): use an IANA name such as Europe/Berlin`,
      );
    }
    extra.push("--tz", tz);
  }
  if (max !== undefined) {
    extra.push("--max-tokens", String(intFlag(max, "--max-tokens", MIN_MAX_TOKENS, 100_000)));
  }
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? "";
  const launch = launchCommand({ extraArgs: extra });
  let plan;
  try {
    plan = installPlan({
      client,
      scope: scope as Scope | undefined,
      name: str(p, "name"),
      configPath: str(p, "config"),
      env: {
        home,
        cwd: Deno.cwd(),
        os: Deno.build.os,
        appData: Deno.env.get("APPDATA"),
        xdgConfigHome: Deno.env.get("XDG_CONFIG_HOME"),
      },
      command: launch,
    });
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }
  if (p.values.print) {
    console.log(JSON.stringify(plan.snippet, null, 2));
    return 0;
  }
  const change = await setServerEntry(plan.target, remove ? undefined : plan.entry);
  const label = `${CLIENTS[client].label} (${plan.scope})`;
  const name = plan.target.name;
  const said: Record<typeof change.status, string> = {
    installed: `installed "${name}" for ${label}`,
    updated: `updated "${name}" for ${label}`,
    unchanged: `"${name}" is already installed for ${label}; nothing to change`,
    removed: `removed "${name}" from ${label}`,
    absent: `"${name}" is not installed for ${label}; nothing to remove`,
  };
  const lines = [`frames mcp: ${said[change.status]}: ${change.path}`];
  if (change.backup !== undefined) lines.push(`  previous file kept as ${change.backup}`);
  if (!remove) {
    lines.push(`  command: ${[launch.command, ...launch.args].join(" ")}`);
    if (runsFromNpxCache(launch)) {
      lines.push(
        "  note: this Deno runs from the npx cache; if that cache is cleared, run install again",
      );
    }
    if (change.status !== "unchanged") lines.push(`  restart ${CLIENTS[client].label} to load it`);
  }
  console.log(lines.join("\n"));
  return 0;
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
