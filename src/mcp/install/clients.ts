/**
 * Agent clients whose MCP config `frames mcp install` can write (FORMATS §5): where each
 * keeps its config per scope, the key servers live under, and the shape of one entry.
 *
 * @module
 */

import { join } from "../../file_path.ts";
import type { LaunchCommand } from "./command.ts";

/** The clients `frames mcp install` knows. */
export type ClientName = "claude-desktop" | "claude-code" | "cursor" | "vscode";

/** Where an entry is installed: for the user, or for the project in the working directory. */
export type Scope = "user" | "project";

/** Every client name, for messages. */
export const CLIENT_NAMES: readonly ClientName[] = [
  "claude-desktop",
  "claude-code",
  "cursor",
  "vscode",
];

/** The environment config paths depend on. */
export interface ClientEnv {
  /** The user's home directory. */
  home: string;
  /** The working directory, where project-scope configs live. */
  cwd: string;
  /** The operating system, which decides the config folders. */
  os: typeof Deno.build.os;
  /** `%APPDATA%` on Windows. */
  appData?: string;
  /** `$XDG_CONFIG_HOME` on Linux. */
  xdgConfigHome?: string;
}

/** How one client stores MCP servers. */
export interface ClientInfo {
  /** The client's name on the command line. */
  name: ClientName;
  /** The client's name for people, e.g. `Claude Desktop`. */
  label: string;
  /** The scopes the client reads servers from. */
  scopes: readonly Scope[];
  /** The scope used when none is given. */
  defaultScope: Scope;
  /** The top-level key holding servers by name. */
  key: "mcpServers" | "servers";
  /** The config file for `scope`. */
  path(scope: Scope, env: ClientEnv): string;
  /** The entry for a command. */
  entry(cmd: LaunchCommand): Record<string, unknown>;
}

/** The per-user application-config folder (`~/Library/Application Support`, `%APPDATA%`, `~/.config`). */
function appConfigDir(env: ClientEnv): string {
  if (env.os === "darwin") return join(env.home, "Library", "Application Support");
  if (env.os === "windows") return env.appData ?? join(env.home, "AppData", "Roaming");
  return env.xdgConfigHome || join(env.home, ".config");
}

/** `{command, args, env}`: the stdio entry every client reads (FORMATS §5). */
function plainEntry(cmd: LaunchCommand): Record<string, unknown> {
  return { command: cmd.command, args: [...cmd.args], env: { ...cmd.env } };
}

function stdioEntry(cmd: LaunchCommand): Record<string, unknown> {
  return { type: "stdio", ...plainEntry(cmd) };
}

/** The four clients. */
export const CLIENTS: Record<ClientName, ClientInfo> = {
  "claude-desktop": {
    name: "claude-desktop",
    label: "Claude Desktop",
    scopes: ["user"],
    defaultScope: "user",
    key: "mcpServers",
    path: (_scope, env) => join(appConfigDir(env), "Claude", "claude_desktop_config.json"),
    entry: plainEntry,
  },
  "claude-code": {
    name: "claude-code",
    label: "Claude Code",
    scopes: ["user", "project"],
    defaultScope: "user",
    key: "mcpServers",
    path: (scope, env) =>
      scope === "user" ? join(env.home, ".claude.json") : join(env.cwd, ".mcp.json"),
    entry: stdioEntry,
  },
  cursor: {
    name: "cursor",
    label: "Cursor",
    scopes: ["user", "project"],
    defaultScope: "user",
    key: "mcpServers",
    path: (scope, env) => join(scope === "user" ? env.home : env.cwd, ".cursor", "mcp.json"),
    entry: plainEntry,
  },
  vscode: {
    name: "vscode",
    label: "VS Code",
    scopes: ["project", "user"],
    defaultScope: "project",
    key: "servers",
    path: (scope, env) =>
      scope === "project"
        ? join(env.cwd, ".vscode", "mcp.json")
        : join(appConfigDir(env), "Code", "User", "mcp.json"),
    entry: stdioEntry,
  },
};

/** Whether `name` is a known client. */
export function isClientName(name: unknown): name is ClientName {
  return typeof name === "string" && Object.hasOwn(CLIENTS, name);
}
