/**
 * The command line that runs this program again the way it was started: a compiled
 * `frames` binary directly, or — under `deno run` — the same Deno executable running the
 * same `main.ts` with the given permissions and the project's config (import map and lock).
 * Used wherever frames starts itself: the capture engine's background process and login
 * services, and the entries `frames mcp install` writes into agent configs
 * ({@linkcode durableSelfCommand}: never a cache path), and the launcher `frames install`
 * writes ({@linkcode launcherScript}).
 *
 * @module
 */

import { basename, dirname, join } from "./file_path.ts";
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

/** The permissions of the full command line (`deno task frames` and the installed launcher). */
export const FULL_PERMISSIONS: readonly string[] = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys",
  "--allow-ffi",
  "--allow-run",
  "--allow-net=127.0.0.1,localhost",
];

/** The first line after the shebang of every launcher `frames install` writes. */
export const LAUNCHER_MARK = "# frames launcher";

/** Whether `execPath` is a Deno that lives in the npx cache (`npm cache clean` removes it). */
export function inNpxCache(execPath: string): boolean {
  return /[\\/]_npx[\\/]/.test(execPath);
}

/** What {@linkcode durableSelfCommand} looks at besides {@linkcode SelfCommandOptions}. */
export interface DurableOptions extends SelfCommandOptions {
  /** `$PATH` (default: this process's), searched for a launcher and for npx. */
  pathEnv?: string;
  /** The Deno version to pin in the npx form (default: the running one). */
  denoVersion?: string;
}

function pathDirs(pathEnv: string): string[] {
  const sep = Deno.build.os === "windows" ? ";" : ":";
  return pathEnv.split(sep).filter((d) => d !== "");
}

function readText(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/** The script path of the main module, as launchers record it. */
function scriptOf(main: string): string {
  return main.startsWith("file:") ? fileURLToPath(main) : main;
}

/** A `frames` launcher on `pathEnv` that runs `script`, if one is installed. */
export function findLauncher(script: string, pathEnv: string): string | undefined {
  const names = Deno.build.os === "windows" ? ["frames.cmd"] : ["frames"];
  for (const dir of pathDirs(pathEnv)) {
    for (const name of names) {
      const path = join(dir, name);
      const text = readText(path);
      if (text !== undefined && text.includes(LAUNCHER_MARK) && text.includes(script)) {
        return path;
      }
    }
  }
  return undefined;
}

function findOnPath(name: string, pathEnv: string): string | undefined {
  for (const dir of pathDirs(pathEnv)) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/**
 * The command that starts this program again later, from another process and after caches
 * are cleaned (what agent configs and login services record): a compiled binary itself;
 * else the `frames` launcher on the PATH when it runs this checkout; else — when this Deno
 * lives in the npx cache — `npx -y deno@<this version> run …` by npx's absolute path; else
 * {@linkcode selfCommand}. Never a path inside the npx cache, unless no npx can be found.
 */
export function durableSelfCommand(opts: DurableOptions): SelfCommand {
  const execPath = opts.execPath ?? Deno.execPath();
  if (!isDenoCli(execPath)) return { command: execPath, args: [] };
  const pathEnv = opts.pathEnv ?? Deno.env.get("PATH") ?? "";
  const script = scriptOf(opts.mainModule ?? Deno.mainModule);
  const launcher = findLauncher(script, pathEnv);
  if (launcher !== undefined) return { command: launcher, args: [] };
  const self = selfCommand({ ...opts, execPath });
  if (!inNpxCache(execPath)) return self;
  const npx = findOnPath(Deno.build.os === "windows" ? "npx.cmd" : "npx", pathEnv);
  if (npx === undefined) return self;
  const version = opts.denoVersion ?? Deno.version.deno;
  return { command: npx, args: ["-y", `deno@${version}`, ...self.args] };
}

/** Quotes a word for a POSIX shell (single quotes). */
function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** What {@linkcode launcherScript} writes. */
export interface LauncherOptions {
  /** The Deno that installs the launcher (tried first). */
  deno: string;
  /** The program's main.ts, absolute. */
  script: string;
  /** The project's deno.json (import map and lock), absolute, when there is one. */
  config?: string;
  /** Deno permission flags. */
  permissions: readonly string[];
  /** The Deno version to fetch with npx when no Deno is found. */
  denoVersion: string;
  /** The program's version, for the comment. */
  version: string;
  /** `sh` (default) or `cmd` (Windows). */
  shell?: "sh" | "cmd";
}

/**
 * The text of the `frames` launcher: it runs `deno run … main.ts "$@"` with `exec`, so the
 * launcher's pid becomes frames' pid (a signal to it reaches frames, not a wrapper), in
 * the caller's directory (relative paths stay the caller's). Deno is the one that
 * installed it, else `deno` on the PATH, else the pinned version found through npx.
 */
export function launcherScript(opts: LauncherOptions): string {
  const run = [
    "run",
    ...opts.permissions,
    ...(opts.config !== undefined ? ["--config", opts.config] : []),
  ];
  if (opts.shell === "cmd") {
    const q = (w: string) => `"${w}"`;
    return [
      "@echo off",
      `rem ${LAUNCHER_MARK.slice(2)} (frames ${opts.version}, written by "deno task install")`,
      `${q(opts.deno)} ${run.map(q).join(" ")} ${q(opts.script)} %*`,
      "",
    ].join("\r\n");
  }
  return [
    "#!/bin/sh",
    `${LAUNCHER_MARK} (frames ${opts.version}, written by "deno task install"); runs:`,
    `main=${quote(opts.script)}`,
    `deno=${quote(opts.deno)}`,
    `[ -x "$deno" ] || deno=$(command -v deno 2>/dev/null) || deno=`,
    `[ -n "$deno" ] || deno=$(npx -y deno@${opts.denoVersion} eval 'console.log(Deno.execPath())' 2>/dev/null) || deno=`,
    `if [ -z "$deno" ]; then`,
    `  echo 'frames: Cannot start frames: no Deno found; install Node.js (for npx) or Deno' >&2`,
    "  exit 1",
    "fi",
    `exec "$deno" ${run.map(quote).join(" ")} "$main" "$@"`,
    "",
  ].join("\n");
}
