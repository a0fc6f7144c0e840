/**
 * `frames mcp install` / `uninstall` as a library: the entry for a client and scope, and
 * the change to its config file.
 *
 * @example
 * ```ts
 * const plan = installPlan({ client: "cursor", env, command: launchCommand() });
 * const change = await setServerEntry(plan.target, plan.entry);
 * ```
 *
 * @module
 */

import { type ClientEnv, type ClientName, CLIENTS, type Scope } from "./clients.ts";
import type { LaunchCommand } from "./command.ts";
import type { EntryTarget } from "./config_file.ts";

export { CLIENT_NAMES, CLIENTS, isClientName } from "./clients.ts";
export type { ClientEnv, ClientInfo, ClientName, Scope } from "./clients.ts";
export { isDenoCli, launchCommand, runsFromNpxCache, STDIO_PERMISSIONS } from "./command.ts";
export type { LaunchCommand, LaunchOptions } from "./command.ts";
export { currentServerEntry, setServerEntry } from "./config_file.ts";
export type { ChangeStatus, ConfigChange, EntryTarget, JsonObject } from "./config_file.ts";

/** Options of {@linkcode installPlan}. */
export interface InstallPlanOptions {
  /** The client to configure. */
  client: ClientName;
  /** Default: the client's default scope. */
  scope?: Scope;
  /** The server's name in the config (default `frames`). */
  name?: string;
  /** A config file to use instead of the client's usual one. */
  configPath?: string;
  /** The environment the config paths depend on. */
  env: ClientEnv;
  /** How the client starts `frames mcp`. */
  command: LaunchCommand;
}

/** The file, key and entry an install would write. */
export interface InstallPlan {
  /** The config file and key the entry goes under. */
  target: EntryTarget;
  /** The server entry as the client expects it. */
  entry: Record<string, unknown>;
  /** The scope resolved (the client's default when none was given). */
  scope: Scope;
  /** The snippet `--print` shows: the key with just this entry. */
  snippet: Record<string, unknown>;
}

/** Works out where and what to install; an unsupported scope is a `RangeError`. */
export function installPlan(opts: InstallPlanOptions): InstallPlan {
  const info = CLIENTS[opts.client];
  const scope = opts.scope ?? info.defaultScope;
  if (!info.scopes.includes(scope)) {
    throw new RangeError(
      `Invalid --scope "${scope}" for ${opts.client}: use ${info.scopes.join(" or ")}`,
    );
  }
  const name = opts.name ?? "frames";
  const entry = info.entry(opts.command);
  return {
    target: { path: opts.configPath ?? info.path(scope, opts.env), key: info.key, name },
    entry,
    scope,
    snippet: { [info.key]: { [name]: entry } },
  };
}
