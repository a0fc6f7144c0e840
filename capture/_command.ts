/**
 * The command line that runs `frames capture run` in another process (`capture start`,
 * the login services): the compiled binary itself, or Deno with the permissions the
 * engine needs and this checkout's main.ts and deno.json.
 *
 * @module
 */

import { selfCommand } from "../src/self_command.ts";

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

/** The command line that runs frames in a child process, ready for `capture run`. */
export function engineCommand(): string[] {
  const self = selfCommand({ permissions: ENGINE_PERMISSIONS });
  return [self.command, ...self.args];
}
