/**
 * Test helpers for the capture engine: a real Xvfb on a free display (:93 and up), openbox,
 * xterm windows, xdotool, and the engine as a child process. Every wait has a timeout and
 * every process is killed by `close()`, which tests call in `finally`.
 */

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { cleanEnv as sharedCleanEnv } from "../../_frames.ts";
import { ENGINE_PERMISSIONS } from "../../../capture/_command.ts";

const MAIN = new URL("../../../main.ts", import.meta.url).pathname;
const XCTL = new URL("./xctl.ts", import.meta.url).pathname;

/** Permissions the engine runs with (what `frames capture start` passes). */
export const ENGINE_FLAGS = ["run", ...ENGINE_PERMISSIONS];

export { DENO_DIR as denoDir } from "../../_frames.ts";

/** The parent environment without FRAMES_*, TZ or a display, plus the Deno cache. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return sharedCleanEnv(extra, ["DISPLAY", "WAYLAND_DISPLAY"]);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Poll `fn` every 50 ms until it returns a value other than undefined/false. */
export async function waitFor<T>(
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await sleep(50);
  }
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run a command to completion, killing it after `timeoutMs`. */
export async function run(
  cmd: string,
  args: string[],
  opts: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunResult> {
  const child = new Deno.Command(cmd, {
    args,
    env: opts.env,
    clearEnv: opts.env !== undefined,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch {
      // Exited meanwhile.
    }
  }, opts.timeoutMs ?? 15_000);
  try {
    const out = await child.output();
    const dec = new TextDecoder();
    return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
  } finally {
    clearTimeout(timer);
  }
}

/** One X session with its processes. */
export class XSession {
  readonly display: string;
  #procs: Deno.ChildProcess[] = [];

  private constructor(display: string, server: Deno.ChildProcess) {
    this.display = display;
    this.#procs.push(server);
  }

  env(extra: Record<string, string> = {}): Record<string, string> {
    return cleanEnv({ DISPLAY: this.display, ...extra });
  }

  /** Start Xvfb on the first free display from :93 (extra args e.g. `-extension X`). */
  static async start(extraArgs: string[] = []): Promise<XSession> {
    for (let n = 93 + Math.floor(Math.random() * 40); n < 200; n++) {
      // A lock file of a live server means the display is taken; a stale one (a server
      // killed without cleaning up) is removed by Xvfb itself.
      const holder = lockOwner(n);
      if (holder !== undefined && alive(holder)) continue;
      const server = new Deno.Command("Xvfb", {
        args: [
          `:${n}`,
          "-screen",
          "0",
          "1280x800x24",
          "-nolisten",
          "tcp",
          // Keep server state (RandR monitors) when the last client disconnects.
          "-noreset",
          ...extraArgs,
        ],
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).spawn();
      let exited = false;
      server.status.then(() => exited = true);
      const session = new XSession(`:${n}`, server);
      try {
        await waitFor(
          async () => {
            if (exited) return "exited";
            // The display is ours only if our server holds its lock file: another test may
            // have won the race for this number, and its server would answer xdpyinfo.
            const owner = lockOwner(n);
            if (owner !== server.pid) return owner === undefined ? undefined : "lost";
            if (!exists(`/tmp/.X11-unix/X${n}`)) return undefined;
            const r = await run("xdpyinfo", ["-display", `:${n}`], { timeoutMs: 3000 });
            return r.code === 0 ? "ready" : undefined;
          },
          10_000,
          `Xvfb :${n}`,
        );
      } catch (err) {
        await session.close();
        throw err;
      }
      if (!exited && lockOwner(n) === server.pid) return session;
      await session.close(); // Lost a race for this display: try the next one.
    }
    throw new Error("no free X display between :93 and :199");
  }

  spawn(cmd: string, args: string[]): Deno.ChildProcess {
    const p = new Deno.Command(cmd, {
      args,
      env: this.env(),
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
    this.#procs.push(p);
    return p;
  }

  /** Start openbox and wait until it publishes EWMH support. */
  async startOpenbox(): Promise<void> {
    this.spawn("openbox", ["--sm-disable"]);
    await waitFor(
      async () => {
        const r = await this.x("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]);
        return /window id #/.test(r.stdout);
      },
      10_000,
      "openbox",
    );
  }

  /** Run an X client tool (xdotool, xprop) against this display. */
  x(cmd: string, args: string[], timeoutMs = 10_000): Promise<RunResult> {
    return run(cmd, args, { env: this.env(), timeoutMs });
  }

  async xdotool(...args: string[]): Promise<string> {
    const r = await this.x("xdotool", args);
    if (r.code !== 0) throw new Error(`xdotool ${args.join(" ")} failed: ${r.stderr}`);
    return r.stdout.trim();
  }

  /** Open an xterm titled `title` at `geometry` and return its window id. */
  async xterm(title: string, geometry = "60x10+20+20"): Promise<string> {
    this.spawn("xterm", ["-T", title, "-geometry", geometry, "-e", "sleep", "600"]);
    return await waitFor(
      async () => {
        const r = await this.x("xdotool", ["search", "--name", `^${title}$`]);
        return r.code === 0 ? r.stdout.trim().split("\n")[0] : undefined;
      },
      10_000,
      `xterm "${title}"`,
    );
  }

  /** Run tests/data/capture/xctl.ts (monitors, screen saver) against this display. */
  async xctl(...args: string[]): Promise<void> {
    const r = await run(Deno.execPath(), ["run", "--allow-ffi", "--allow-env", XCTL, ...args], {
      env: this.env(),
    });
    if (r.code !== 0) throw new Error(`xctl ${args.join(" ")} failed: ${r.stderr}`);
  }

  /** Kill the X server alone (as a crash would). */
  async killServer(): Promise<void> {
    const server = this.#procs[0];
    server.kill("SIGKILL");
    await server.status;
  }

  async close(): Promise<void> {
    const [server, ...clients] = this.#procs;
    for (const p of clients.reverse()) await stopProcess(p, "SIGKILL");
    if (server !== undefined) {
      // SIGTERM lets Xvfb remove its lock file and socket; after a SIGKILL we do.
      await stopProcess(server, "SIGTERM");
      const n = Number(this.display.slice(1));
      if (lockOwner(n) === server.pid) {
        for (const f of [`/tmp/.X${n}-lock`, `/tmp/.X11-unix/X${n}`]) {
          try {
            Deno.removeSync(f);
          } catch {
            // Already gone.
          }
        }
      }
    }
    this.#procs = [];
  }
}

/** Signal a process and wait for it; escalate to SIGKILL after 2 s. */
async function stopProcess(p: Deno.ChildProcess, signal: Deno.Signal): Promise<void> {
  try {
    p.kill(signal);
  } catch {
    // Already exited.
  }
  const timer = setTimeout(() => {
    try {
      p.kill("SIGKILL");
    } catch {
      // Exited meanwhile.
    }
  }, 2000);
  await p.status;
  clearTimeout(timer);
}

function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

/** The pid in an X server's lock file, if any. */
function lockOwner(n: number): number | undefined {
  try {
    const pid = Number(Deno.readTextFileSync(`/tmp/.X${n}-lock`).trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Run `frames ARGS` to completion with a clean environment. */
export function frames(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<RunResult> {
  return run(Deno.execPath(), [...ENGINE_FLAGS, MAIN, ...args], { env, timeoutMs });
}

/** `frames capture run` as a child process. */
export class EngineProc {
  readonly child: Deno.ChildProcess;
  readonly home: string;
  readonly stderr: Promise<string>;

  constructor(home: string, env: Record<string, string>, args: string[] = []) {
    this.home = home;
    this.child = new Deno.Command(Deno.execPath(), {
      args: [...ENGINE_FLAGS, MAIN, "capture", "run", ...args],
      env: { ...env, HOME: home, FRAMES_HOME: join(home, ".frames") },
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    this.stderr = new Response(this.child.stderr).text();
  }

  get store(): string {
    return join(this.home, ".frames", "capture.db");
  }

  /** Wait until the engine reports itself running (its status file names its pid). */
  async ready(timeoutMs = 30_000): Promise<void> {
    let exited = false;
    this.child.status.then(() => exited = true);
    const status = join(this.home, ".frames", "engine", "status.json");
    await waitFor(
      async () => {
        if (exited) throw new Error(`engine exited early: ${await this.stderr}`);
        try {
          const s = JSON.parse(Deno.readTextFileSync(status));
          return s.pid === this.child.pid && s.running === true;
        } catch {
          return undefined;
        }
      },
      timeoutMs,
      "the engine to start",
    );
  }

  /** SIGTERM and wait (then SIGKILL after 10 s); returns the exit code and stderr. */
  async stop(signal: Deno.Signal = "SIGTERM"): Promise<{ code: number; stderr: string }> {
    try {
      this.child.kill(signal);
    } catch {
      // Already exited.
    }
    const timer = setTimeout(() => {
      try {
        this.child.kill("SIGKILL");
      } catch {
        // Exited.
      }
    }, 10_000);
    const st = await this.child.status;
    clearTimeout(timer);
    return { code: st.code, stderr: await this.stderr };
  }
}

/** Query the store read-only. */
export function query<T = Record<string, unknown>>(
  path: string,
  sql: string,
  ...params: (string | number | null)[]
): T[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all(...params).map((r) => ({ ...r })) as T[];
  } finally {
    db.close();
  }
}

/** A snapshot row as the tests read it. */
export interface SnapRow {
  id: number;
  at_ms: number;
  display: string;
  app: string;
  title: string | null;
  url: string | null;
  trigger: string;
  focused: number | null;
  idle_ms: number | null;
  source_row: number;
}

export function snapshots(path: string): SnapRow[] {
  return query<SnapRow>(
    path,
    `SELECT id, at_ms, display, app, title, url, trigger, focused, idle_ms, source_row
     FROM snapshots ORDER BY id`,
  );
}
