/**
 * The engine's runtime files under `$FRAMES_HOME/engine/` (folder 0700, files 0600): the
 * pid file, the log, the status file it rewrites every 10 s, the ingest token and the
 * browsers the extension has reported from.
 *
 * @module
 */

import { join } from "../src/file_path.ts";
import type { Missing } from "./_backend.ts";

/** Paths of the engine's runtime files. */
export interface EnginePaths {
  dir: string;
  pid: string;
  log: string;
  status: string;
  token: string;
  /** Browser apps the extension has reported from (`{"apps": ["chromium"]}`). */
  browsers: string;
}

/** The runtime file paths for a frames home folder. */
export function enginePaths(framesHome: string): EnginePaths {
  const dir = join(framesHome, "engine");
  return {
    dir,
    pid: join(dir, "engine.pid"),
    log: join(dir, "engine.log"),
    status: join(dir, "status.json"),
    token: join(dir, "ingest.token"),
    browsers: join(dir, "browsers.json"),
  };
}

/** What the engine reports about itself. */
export interface EngineStatus {
  pid: number;
  running: boolean;
  started_ms: number;
  updated_ms: number;
  backend: string;
  location: string;
  store: string;
  can: { input: boolean; idle: boolean; lock: boolean; geometry: boolean };
  missing: Missing[];
  written: { snapshots: number; events: number; markers: number };
  last_row_ms: number | null;
  away: string | null;
  heartbeat_ms: number;
  ingest_port: number | null;
}

/** Create the runtime folder user-only. */
export function ensureDir(dir: string): void {
  Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (Deno.build.os !== "windows") Deno.chmodSync(dir, 0o700);
}

/** Write a file user-only and atomically (temporary file, then rename). */
export function writePrivate(path: string, text: string): void {
  const tmp = `${path}.${Deno.pid}.tmp`;
  Deno.writeTextFileSync(tmp, text, { mode: 0o600 });
  if (Deno.build.os !== "windows") Deno.chmodSync(tmp, 0o600);
  Deno.renameSync(tmp, path);
}

/** Write the status file. */
export function writeStatus(path: string, status: EngineStatus): void {
  writePrivate(path, JSON.stringify(status, null, 2) + "\n");
}

/** The browser apps recorded in `path`; none when it is absent or unreadable. */
export function readBrowsers(path: string): string[] {
  try {
    const v = JSON.parse(Deno.readTextFileSync(path)) as { apps?: unknown };
    return Array.isArray(v.apps) ? v.apps.filter((a): a is string => typeof a === "string") : [];
  } catch {
    return [];
  }
}

/** Record the browser apps the extension has reported from (user-only). */
export function writeBrowsers(path: string, apps: readonly string[]): void {
  writePrivate(path, JSON.stringify({ apps: [...apps].sort() }) + "\n");
}

/** Read the status file, or `undefined` when absent or unreadable. */
export function readStatus(path: string): EngineStatus | undefined {
  try {
    return JSON.parse(Deno.readTextFileSync(path)) as EngineStatus;
  } catch {
    return undefined;
  }
}

/** A pid file's content. */
export interface PidInfo {
  pid: number;
}

/** Read a pid file, or `undefined`. */
export function readPid(path: string): PidInfo | undefined {
  try {
    const pid = Number(Deno.readTextFileSync(path).trim());
    return Number.isInteger(pid) && pid > 0 ? { pid } : undefined;
  } catch {
    return undefined;
  }
}

/** The pid file line for this process. */
export function pidLine(): string {
  return `${Deno.pid}\n`;
}

/** An engine that has not rewritten its status file for this long is gone (it writes every 10 s). */
const STALE_MS = 35_000;

/**
 * Whether the engine of a pid file still runs: the process exists (a signal-0-like probe;
 * reading another process's /proc entries needs --allow-all in Deno) and its status file,
 * when it names that pid, says running and is fresh — so a pid recycled after a kill -9 is
 * not mistaken for the engine.
 */
export function isEngineAlive(info: PidInfo, status?: EngineStatus, now = Date.now()): boolean {
  if (Deno.build.os !== "windows") {
    try {
      Deno.kill(info.pid, "SIGCONT");
    } catch {
      return false;
    }
  }
  if (status === undefined || status.pid !== info.pid) return true;
  return status.running && now - status.updated_ms < STALE_MS;
}

/** Claim the pid file; throws when another engine is running. */
export function claimPid(paths: EnginePaths): void {
  const pidPath = paths.pid;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const f = Deno.openSync(pidPath, { createNew: true, write: true, mode: 0o600 });
      f.writeSync(new TextEncoder().encode(pidLine()));
      f.close();
      return;
    } catch (err) {
      if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
      const other = readPid(pidPath);
      const st = readStatus(paths.status);
      if (other !== undefined && other.pid !== Deno.pid && isEngineAlive(other, st)) {
        throw new Error(
          `Cannot start capture: an engine is already running (pid ${other.pid}); run "frames capture stop" first`,
        );
      }
      // A stale pid file (the engine was killed): take it over.
      Deno.removeSync(pidPath);
    }
  }
  throw new Error(`Cannot start capture: cannot claim the pid file "${pidPath}"`);
}

/** Remove the pid file if it is this process's. */
export function releasePid(pidPath: string): void {
  if (readPid(pidPath)?.pid === Deno.pid) {
    try {
      Deno.removeSync(pidPath);
    } catch {
      // Already gone.
    }
  }
}
