/**
 * The command line that runs `frames capture run` in another process (`capture start`,
 * the login services): the compiled binary itself, or Deno with the permissions the
 * engine needs and this checkout's main.ts and deno.json.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The command line that runs `frames capture run` in a child process. */
export function engineCommand(): string[] {
  if (Deno.build.standalone) return [Deno.execPath()];
  const main = fileURLToPath(Deno.mainModule);
  const config = join(dirname(main), "deno.json");
  const flags = [
    "run",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-sys",
    "--allow-ffi",
    "--allow-run",
    "--allow-net=127.0.0.1",
  ];
  try {
    if (Deno.statSync(config).isFile) flags.push(`--config=${config}`);
  } catch {
    // No config next to main: run without one.
  }
  return [Deno.execPath(), ...flags, main];
}
