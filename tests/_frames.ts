/**
 * Test helpers for running `frames` as its own process, as a user would: a clean
 * environment (no FRAMES_* or TZ from the parent), a temporary HOME, and this process's
 * Deno cache so the child never downloads packages again.
 *
 * @module
 */

import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";

/** Absolute path of the program's entry point. */
export const MAIN = new URL("../main.ts", import.meta.url).pathname;

/** Permissions of `deno task frames` (without FFI and subprocesses, which only capture needs). */
export const RUN_FLAGS: readonly string[] = [
  "run",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys",
  "--allow-net=127.0.0.1",
];

/** This process's Deno cache; children get another HOME, so they are pointed at it. */
export const DENO_DIR: string = JSON.parse(
  new TextDecoder().decode(
    (await new Deno.Command(Deno.execPath(), { args: ["info", "--json"], stderr: "null" }).output())
      .stdout,
  ),
).denoDir;

/** The parent environment without FRAMES_*, TZ or the names in `drop`, plus the Deno cache. */
export function cleanEnv(
  extra: Record<string, string> = {},
  drop: readonly string[] = [],
): Record<string, string> {
  const env = Deno.env.toObject();
  for (const k of Object.keys(env)) {
    if (k.startsWith("FRAMES_") || k === "TZ" || drop.includes(k)) delete env[k];
  }
  return { ...env, DENO_DIR: DENO_DIR, NO_COLOR: "1", ...extra };
}

/** A clean child environment with HOME and FRAMES_HOME inside `home`. */
export function childEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return cleanEnv({ HOME: home, FRAMES_HOME: join(home, ".frames"), ...extra });
}

/** What a `frames` process printed and how it exited. */
export interface FramesResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@linkcode runFrames}. */
export interface RunFramesOptions {
  /** The child's HOME (FRAMES_HOME is `<home>/.frames` unless `env` says otherwise). */
  home: string;
  /** Extra environment, applied last. */
  env?: Record<string, string>;
  cwd?: string;
  /** Deno flags before main.ts (default {@linkcode RUN_FLAGS}). */
  flags?: readonly string[];
}

/** Runs `frames ARGS` as its own process and collects its output. */
export async function runFrames(args: string[], opts: RunFramesOptions): Promise<FramesResult> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...(opts.flags ?? RUN_FLAGS), MAIN, ...args],
    env: childEnv(opts.home, opts.env),
    clearEnv: true,
    cwd: opts.cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Asserts a failure printed as exactly one line matching `pattern`, no stack trace. */
export function assertOneLineError(r: FramesResult, code: number, pattern: RegExp): void {
  equal(r.code, code, `exit code (stderr: ${r.stderr})`);
  const lines = r.stderr.trim().split("\n");
  equal(lines.length, 1, `one line of error, got: ${r.stderr}`);
  match(lines[0], pattern);
  ok(!/\bat .*:\d+:\d+/.test(r.stderr), "no stack trace");
}
