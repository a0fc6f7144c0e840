/**
 * The command line that runs this program again the way it was started: a compiled
 * `frames` binary directly, or — under `deno run` — the same Deno executable running the
 * same `main.ts` with the given permissions and the project's config (import map and lock).
 * Used wherever frames starts itself: the capture engine's background process and login
 * services, and the entries `frames mcp install` writes into agent configs.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";

/** A command and its arguments (the subcommand and its flags come after `args`). */
export interface SelfCommand {
  command: string;
  args: string[];
}

/** What {@linkcode selfCommand} looks at (the running process by default). */
export interface SelfCommandOptions {
  /** Deno permission flags for the `deno run` form. */
  permissions: readonly string[];
  /** The executable running now (default `Deno.execPath()`). */
  execPath?: string;
  /** The main module (default `Deno.mainModule`). */
  mainModule?: string;
}

/** Whether `execPath` is the Deno CLI itself rather than a compiled `frames` binary. */
export function isDenoCli(execPath: string): boolean {
  return /^deno(\.exe)?$/i.test(basename(execPath));
}

/**
 * The command that starts this program again, without a subcommand.
 *
 * @example
 * ```ts
 * selfCommand({ permissions: [], execPath: "/usr/local/bin/frames" });
 * // { command: "/usr/local/bin/frames", args: [] }
 * ```
 */
export function selfCommand(opts: SelfCommandOptions): SelfCommand {
  const execPath = opts.execPath ?? Deno.execPath();
  if (!isDenoCli(execPath)) return { command: execPath, args: [] };
  const main = opts.mainModule ?? Deno.mainModule;
  const script = main.startsWith("file:") ? fileURLToPath(main) : main;
  const config = main.startsWith("file:") ? join(dirname(script), "deno.json") : undefined;
  return {
    command: execPath,
    args: [
      "run",
      ...opts.permissions,
      ...(config !== undefined && existsSync(config) ? ["--config", config] : []),
      script,
    ],
  };
}
