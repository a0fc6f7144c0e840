/**
 * The command line that runs `frames capture run` in another process (`capture start`,
 * the login services): the compiled binary itself, or Deno with the permissions the
 * engine needs and this checkout's main.ts and deno.json.
 *
 * @module
 */

import { durableSelfCommand, selfCommand } from "../src/self_command.ts";

/** Permissions the engine runs with: FFI for X11, subprocesses for helpers, loopback ingest. */
export const ENGINE_PERMISSIONS: readonly string[] = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys",
  "--allow-ffi",
  "--allow-run",
  "--allow-net=127.0.0.1",
];

/** Options of {@linkcode engineCommand}. */
export interface EngineCommandOptions {
  /**
   * The command must still work after this process is gone and caches are cleaned (a login
   * service): the launcher or a pinned `npx` form, never a path into the npx cache.
   */
  durable?: boolean;
}

/** The command line that runs frames in a child process, ready for `capture run`. */
export function engineCommand(opts: EngineCommandOptions = {}): string[] {
  const make = opts.durable === true ? durableSelfCommand : selfCommand;
  const self = make({ permissions: ENGINE_PERMISSIONS });
  return [self.command, ...self.args];
}
