/**
 * `frames install` (what `deno task install` runs): writes a `frames` launcher into a bin
 * folder on the PATH, so frames works from any directory, resolves relative paths against
 * the caller's directory, and — because the launcher `exec`s Deno — a signal sent to its
 * pid reaches frames itself.
 *
 * A small script rather than `deno install -g`: `deno install` writes a shim that runs
 * whatever `deno` is on the PATH (under npx there is none), and it must fetch the module
 * graph again; the script records the absolute Deno, `main.ts` and `deno.json` (import map
 * and lock) of this checkout, and still finds a Deno when that one is gone.
 *
 * @module
 */

import { delimiter, dirname, join, resolve } from "../file_path.ts";
import {
  FULL_PERMISSIONS,
  isDenoCli,
  LAUNCHER_MARK,
  launcherScript,
  selfCommand,
} from "../self_command.ts";
import { VERSION } from "../version.ts";
import { parseFlags, str } from "./_args.ts";
import { resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const OPTIONS = {
  "bin-dir": { type: "string" },
  print: { type: "boolean" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const HELP = `Usage: frames install [options]        (from a checkout: deno task install)

Install a "frames" launcher on the PATH: a small script that runs this checkout's main.ts
with the Deno that installed it (else deno on the PATH, else deno@${Deno.version.deno} through
npx), the project's deno.json (import map and lock) and the permissions frames needs. It
runs in the caller's directory, so relative paths (--source ./x.sqlite, --out) are yours,
and it execs Deno, so the launcher's pid is frames' pid.

Options:
  --bin-dir DIR   where to write it (default: $DENO_INSTALL_ROOT/bin when set, else
                  ~/.local/bin, which most Linux shells have on the PATH)
  --print         print the launcher instead of writing it
  --force         replace a "frames" file that is not a frames launcher
  -h, --help      show this help
`;

/** What `frames install` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

function defaultBinDir(home: string): string {
  const root = Deno.env.get("DENO_INSTALL_ROOT");
  if (root) return join(root, "bin");
  return Deno.build.os === "windows" ? join(home, ".deno", "bin") : join(home, ".local", "bin");
}

function existing(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw new Error(`Cannot read "${path}": ${(err as Error).message}`);
  }
}

/** Entry point of `frames install`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "install" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const exec = Deno.execPath();
  if (!isDenoCli(exec)) {
    throw new UsageError(
      `Cannot install a launcher: frames runs as a compiled binary ("${exec}"); put it on the PATH`,
    );
  }
  const self = selfCommand({ permissions: [] });
  const script = self.args[self.args.length - 1];
  const config = self.args.includes("--config")
    ? self.args[self.args.indexOf("--config") + 1]
    : undefined;
  const windows = Deno.build.os === "windows";
  const text = launcherScript({
    deno: exec,
    script,
    config,
    permissions: FULL_PERMISSIONS,
    denoVersion: Deno.version.deno,
    version: VERSION,
    shell: windows ? "cmd" : "sh",
  });
  if (p.values.print) {
    await Deno.stdout.write(new TextEncoder().encode(text));
    return 0;
  }
  const given = str(p, "bin-dir");
  const dir = given !== undefined ? resolve(given) : defaultBinDir(resolveSettings({}).userHome);
  const path = join(dir, windows ? "frames.cmd" : "frames");
  const before = existing(path);
  if (before !== undefined && !before.includes(LAUNCHER_MARK) && p.values.force !== true) {
    throw new Error(
      `Cannot install the launcher "${path}": another file is there; pass --force to replace it`,
    );
  }
  try {
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeTextFile(path, text, { mode: 0o755 });
    if (!windows) await Deno.chmod(path, 0o755);
  } catch (err) {
    throw new Error(`Cannot write the launcher "${path}": ${(err as Error).message}`);
  }
  const lines = [`installed the frames launcher: ${path}`, `  runs: ${script}`];
  const onPath = (Deno.env.get("PATH") ?? "").split(delimiter).map((d) => resolve(d));
  if (!onPath.includes(resolve(dirname(path)))) {
    lines.push(
      `  note: ${dir} is not on your PATH; add it, e.g. export PATH="${dir}:$PATH"`,
    );
  }
  console.log(lines.join("\n"));
  return 0;
}
