/**
 * `frames mcp install` / `uninstall`: the entry an agent client runs — a command that
 * survives cache cleaning (src/self_command.ts) and the FRAMES_HOME, FRAMES_SOURCE and
 * FRAMES_TZ in effect — written into the client's config, or shown with `--print`.
 *
 * @module
 */

import { resolve } from "../file_path.ts";
import { resolveSource } from "../../adapters/resolve.ts";
import { isValidTimeZone } from "../compile/time.ts";
import { MIN_MAX_TOKENS } from "../mcp/mod.ts";
import {
  CLIENT_NAMES,
  CLIENTS,
  currentServerEntry,
  installPlan,
  isClientName,
  type LaunchCommand,
  launchCommand,
  runsFromNpxCache,
  type Scope,
  setServerEntry,
} from "../mcp/install/mod.ts";
import { parseFlags, str } from "./_args.ts";
import { numberFlag } from "./_numbers.ts";
import { resolveSettings } from "./_settings.ts";
import { UsageError } from "./usage_error.ts";

/** Options of `frames mcp install` and `uninstall`. */
export const INSTALL_OPTIONS = {
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

/** Help of `frames mcp install` and `uninstall`. */
export const INSTALL_HELP = `Usage: frames mcp install --client NAME [options]
       frames mcp uninstall --client NAME [options]

Register frames in an agent's MCP config (or remove it again). The entry runs the
compiled binary when frames is one; else the launcher "deno task install" put on the
PATH; else Deno running this checkout's main.ts (through "npx -y deno@VERSION" when Deno
itself comes from the npx cache) — never a path inside a cache. FRAMES_HOME, and
FRAMES_SOURCE and FRAMES_TZ when set, go into the entry's "env". Every other server is
kept; the old file is saved as FILE.bak; an unchanged entry writes nothing.

Options:
  --client NAME      ${CLIENT_NAMES.join(", ")}
  --scope SCOPE      user or project (claude-code, cursor: user by default;
                     vscode: project by default; claude-desktop: user only)
  --name NAME        the server's name in the config (default frames)
  --config PATH      edit this file instead of the client's usual one
  --print            show the file, the scope and the entry (install) or what would be
                     removed (uninstall); write nothing
  --source SPEC      written into the entry's arguments, made absolute
  --tz ZONE          written into the entry's arguments
  --max-tokens N     written into the entry's arguments
  -h, --help         show this help
`;

/** `--source` as an absolute `scheme:path`, so the client's working directory does not matter. */
async function absoluteSource(spec: string, home: string): Promise<string> {
  try {
    const s = await resolveSource(spec, { home });
    return `${s.adapter}:${s.path}`;
  } catch (err) {
    if (err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  }
}

function checkTz(tz: string, from: string): string {
  if (!isValidTimeZone(tz)) {
    throw new UsageError(
      `Unknown timezone "${tz}" (from ${from}): use an IANA name such as Europe/Berlin`,
    );
  }
  return tz;
}

/** The environment in effect that the server must see too. */
async function entryEnv(home: string): Promise<Record<string, string>> {
  const settings = resolveSettings({});
  const env: Record<string, string> = { FRAMES_HOME: resolve(settings.home) };
  const source = Deno.env.get("FRAMES_SOURCE");
  if (source) env.FRAMES_SOURCE = await absoluteSource(source, home);
  const tz = Deno.env.get("FRAMES_TZ");
  if (tz) env.FRAMES_TZ = checkTz(tz, "FRAMES_TZ");
  return env;
}

function launchNote(launch: LaunchCommand): string | undefined {
  if (runsFromNpxCache(launch)) {
    return "note: this Deno runs from the npx cache and no npx was found; if that cache is cleared, run install again";
  }
  if (/(^|[\\/])npx(\.cmd)?$/.test(launch.command)) {
    return `note: the entry starts Deno through npx (${
      launch.args[1]
    }); "deno task install" gives a launcher that starts faster`;
  }
  return undefined;
}

/** Runs `frames mcp install` (or `uninstall` when `remove`). */
export async function install(args: string[], remove: boolean): Promise<number> {
  const command = remove ? "mcp uninstall" : "mcp install";
  const p = parseFlags(args, INSTALL_OPTIONS, { command });
  if (p.values.help) {
    console.log(INSTALL_HELP);
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
  const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? "";
  const extra: string[] = [];
  const source = str(p, "source"), tz = str(p, "tz");
  const max = numberFlag(str(p, "max-tokens"), "--max-tokens", {
    min: MIN_MAX_TOKENS,
    max: 100_000,
    integer: true,
  });
  if (source !== undefined) extra.push("--source", await absoluteSource(source, home));
  if (tz !== undefined) extra.push("--tz", checkTz(tz, "--tz"));
  if (max !== undefined) extra.push("--max-tokens", String(max));
  const launch = { ...launchCommand({ extraArgs: extra }), env: await entryEnv(home) };
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
  const label = `${CLIENTS[client].label} (${plan.scope})`;
  const name = plan.target.name;
  const note = remove ? undefined : launchNote(launch);
  if (p.values.print) return await printPlan(plan, { remove, label, note });
  const change = await setServerEntry(plan.target, remove ? undefined : plan.entry);
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
    if (note !== undefined) lines.push(`  ${note}`);
    if (change.status !== "unchanged") lines.push(`  restart ${CLIENTS[client].label} to load it`);
  }
  console.log(lines.join("\n"));
  return 0;
}

/** `--print`: the file and scope on stderr, the entry (or what would go) as JSON on stdout. */
async function printPlan(
  plan: ReturnType<typeof installPlan>,
  opts: { remove: boolean; label: string; note?: string },
): Promise<number> {
  const { path, key, name } = plan.target;
  if (!opts.remove) {
    console.error(`frames mcp: would write "${name}" to ${opts.label}: ${path}`);
    if (opts.note !== undefined) console.error(`  ${opts.note}`);
    console.log(JSON.stringify(plan.snippet, null, 2));
    return 0;
  }
  const current = await currentServerEntry(plan.target);
  if (current === undefined) {
    console.error(
      `frames mcp: "${name}" is not installed for ${opts.label}; nothing to remove: ${path}`,
    );
    return 0;
  }
  console.error(`frames mcp: would remove "${name}" from ${opts.label}: ${path}`);
  console.log(JSON.stringify({ [key]: { [name]: current } }, null, 2));
  return 0;
}
