/**
 * The command line an agent should run to start this server: the running binary itself,
 * or — under `deno run` — the same Deno executable running the same `main.ts`, with the
 * permissions the stdio server needs and the project's config (import map and lock).
 *
 * @module
 */

import { durableSelfCommand, inNpxCache, isDenoCli } from "../../self_command.ts";

export { isDenoCli };

/** A command and its arguments. */
export interface LaunchCommand {
  /** The program to run. */
  command: string;
  /** Its arguments. */
  args: string[];
  /** Environment the client sets for it (FRAMES_HOME, FRAMES_SOURCE, FRAMES_TZ in effect). */
  env?: Record<string, string>;
}

/** What {@linkcode launchCommand} looks at (the running process by default). */
export interface LaunchOptions {
  /** The executable running now (default `Deno.execPath()`). */
  execPath?: string;
  /** The main module (default `Deno.mainModule`). */
  mainModule?: string;
  /** Arguments after `mcp` (e.g. `--source`, `--tz`). */
  extraArgs?: readonly string[];
  /** `$PATH` searched for the installed launcher and npx (default: this process's). */
  pathEnv?: string;
}

/** The permissions `frames mcp` (stdio) needs: read the source, settings and parsers. */
export const STDIO_PERMISSIONS: readonly string[] = ["--allow-read", "--allow-env", "--allow-sys"];

/**
 * The command that starts `frames mcp` later, from the agent's process: the compiled binary,
 * else the installed launcher, else Deno (by `npx -y deno@<version>` when this Deno lives in
 * the npx cache) running this checkout's `main.ts` — never a cache path.
 *
 * @example
 * ```ts
 * launchCommand({ execPath: "/usr/local/bin/frames" }); // { command: "/usr/local/bin/frames", args: ["mcp"] }
 * ```
 */
export function launchCommand(opts: LaunchOptions = {}): LaunchCommand {
  const self = durableSelfCommand({
    permissions: STDIO_PERMISSIONS,
    execPath: opts.execPath,
    mainModule: opts.mainModule,
    pathEnv: opts.pathEnv,
  });
  return { command: self.command, args: [...self.args, "mcp", ...(opts.extraArgs ?? [])] };
}

/** Whether the command runs Deno out of the npx cache (which `npm cache clean` may remove). */
export function runsFromNpxCache(cmd: LaunchCommand): boolean {
  return inNpxCache(cmd.command);
}
