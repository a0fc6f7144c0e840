/**
 * The engine as a background process: `start` spawns `frames capture run --log …`
 * detached and waits until its status file says it runs (or its log says why not);
 * `stop` signals the pid of the pid file and waits until it is gone.
 *
 * @module
 */

import { resolve } from "../src/file_path.ts";
import type { Missing } from "./_backend.ts";
import { loadCaptureConfig } from "./_config.ts";
import { engineCommand } from "./_command.ts";
import { enginePaths, ensureDir, isEngineAlive, readPid, readStatus } from "./_status.ts";
import { requirePermissions } from "./_permissions.ts";

/** Options of {@linkcode start}: the flags handed to the child's `frames capture run`. */
export interface StartOptions {
  /** The engine config file (checked here first, so a bad one fails in this terminal). */
  configPath?: string;
  /** X display for the X11 backend. */
  display?: string;
  /** Heartbeat seconds, as the user typed it (the child validates it). */
  heartbeat?: string;
  /** The ingest port, as the user typed it (the child validates it). */
  port?: string;
  /** The store to write. */
  storePath?: string;
  /** Listen for the browser extension (default true). */
  ingest?: boolean;
}

/** What {@linkcode start} found or did. */
export type StartResult =
  | {
    /** The engine reported itself running. */
    state: "started";
    /** The engine's pid. */
    pid: number;
    /** Where it captures (`x11:…`, `macos:…`, `windows:…`). */
    location: string;
    /** Its log file. */
    log: string;
    /** What it lacks (libraries, extensions, permissions) and what that costs. */
    missing: Missing[];
  }
  | {
    /** An engine was already running; nothing was started. */
    state: "running";
    /** The running engine's pid. */
    pid: number;
  }
  | {
    /** The engine did not come up. */
    state: "failed";
    /** Why: its last log line, or that it did not report in time. */
    reason: string;
  };

/** What {@linkcode stop} found or did. */
export type StopResult =
  | {
    /** No engine was running. */
    state: "not-running";
  }
  | {
    /** The engine exited. */
    state: "stopped";
    /** Its pid. */
    pid: number;
  }
  | {
    /** The engine was signalled but did not exit within 10 s. */
    state: "stuck";
    /** Its pid. */
    pid: number;
  };

const START_WAIT_MS = 15_000;
const STOP_WAIT_MS = 10_000;

function childArgs(opts: StartOptions): string[] {
  const out: string[] = [];
  const flags: [string, string | undefined][] = [
    ["config", opts.configPath === undefined ? undefined : resolve(opts.configPath)],
    ["display", opts.display],
    ["heartbeat", opts.heartbeat],
    ["port", opts.port],
    ["store", opts.storePath === undefined ? undefined : resolve(opts.storePath)],
  ];
  for (const [name, v] of flags) if (v !== undefined) out.push(`--${name}`, v);
  if (opts.ingest === false) out.push("--no-ingest");
  return out;
}

function fileSize(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return 0;
  }
}

function lastLogLine(path: string, from: number): string | undefined {
  try {
    const text = Deno.readTextFileSync(path).slice(from);
    return text.trim().split("\n").filter(Boolean).at(-1)?.replace(/^\S+Z /, "");
  } catch {
    return undefined;
  }
}

/** Start the engine in the background and wait (up to 15 s) until it reports running. */
export async function start(framesHome: string, opts: StartOptions = {}): Promise<StartResult> {
  requirePermissions("start capture in the background", ["run"]);
  // Fail fast on a bad config, in this terminal rather than the log.
  loadCaptureConfig(framesHome, opts.configPath);
  const paths = enginePaths(framesHome);
  ensureDir(paths.dir);
  const running = readPid(paths.pid);
  if (running !== undefined && isEngineAlive(running, readStatus(paths.status))) {
    return { state: "running", pid: running.pid };
  }
  const [exe, ...pre] = engineCommand();
  const logStart = fileSize(paths.log);
  const child = new Deno.Command(exe, {
    args: [...pre, "capture", "run", "--log", paths.log, ...childArgs(opts)],
    stdin: "null",
    stdout: "null",
    stderr: "null",
    detached: true,
  }).spawn();
  const deadline = Date.now() + START_WAIT_MS;
  let exited: Deno.CommandStatus | undefined;
  child.status.then((s) => exited = s);
  while (Date.now() < deadline) {
    const st = readStatus(paths.status);
    if (st !== undefined && st.pid === child.pid && st.running) {
      child.unref();
      return {
        state: "started",
        pid: child.pid,
        location: st.location,
        log: paths.log,
        missing: st.missing,
      };
    }
    if (exited !== undefined) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (exited === undefined) {
    try {
      child.kill("SIGTERM");
    } catch {
      // Gone meanwhile.
    }
    await child.status;
  }
  const reason = lastLogLine(paths.log, logStart)?.replace(/^error: /, "") ??
    "it did not report within 15 s";
  return { state: "failed", reason };
}

/** Stop the background engine (SIGTERM) and wait up to 10 s for it to exit. */
export async function stop(framesHome: string): Promise<StopResult> {
  const paths = enginePaths(framesHome);
  const info = readPid(paths.pid);
  if (info === undefined || !isEngineAlive(info, readStatus(paths.status))) {
    return { state: "not-running" };
  }
  const pid = info.pid;
  Deno.kill(pid, "SIGTERM");
  const deadline = Date.now() + STOP_WAIT_MS;
  while (Date.now() < deadline) {
    if (!isEngineAlive(info, readStatus(paths.status))) return { state: "stopped", pid };
    await new Promise((r) => setTimeout(r, 50));
  }
  return { state: "stuck", pid };
}
