/**
 * `frames capture`: the native capture engine — run in the foreground, start/stop it in
 * the background, report its status, install it as a login service, write the browser
 * extension.
 *
 * @module
 */

import { resolve } from "node:path";
import { storePath } from "../store/mod.ts";
import { Engine } from "../../capture/engine.ts";
import { openBackend } from "../../capture/_backends.ts";
import { loadCaptureConfig } from "../../capture/_config.ts";
import {
  claimPid,
  enginePaths,
  ensureDir,
  isEngineAlive,
  readPid,
  readStatus,
  releasePid,
} from "../../capture/_status.ts";
import { engineCommand } from "../../capture/_command.ts";
import { startIngest } from "../../capture/ingest.ts";
import { ingestToken, writeExtension } from "../../capture/_extension.ts";
import { installService, type ServicePlatform } from "../../capture/service.ts";
import { describeStatus, probeStatus } from "../../capture/_report.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { resolveSettings } from "./_settings.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames capture <run|start|stop|status|install-service|extension> [options]

The native capture engine: records which window holds focus (app, title, browser URL),
one stream per display, input volume (key presses and clicks counted, never which keys),
heartbeats every 30 s while the screen is awake, and markers when it is locked or asleep,
into the native store ($FRAMES_HOME/capture.db). Audio is never captured; screen text is
not read (no OCR).

Commands:
  run               capture in the foreground until Ctrl-C or SIGTERM
  start             capture in the background (pid and log in $FRAMES_HOME/engine/)
  stop              stop the background engine
  status            is it running, the last row's age, rows per minute, what is missing
                    (exit 1 when not running)
  install-service   write a systemd user unit (Linux) or a launchd agent (macOS)
  extension         write the browser extension, configured for this install, to --out

Options (run, start):
  --config PATH      engine config (default $FRAMES_HOME/capture.json): exclusions
                     (apps, titles, urls, private_windows), heartbeat_seconds, ingest_port
  --display NAME     X display (default $DISPLAY)
  --heartbeat S      heartbeat period in seconds (default 30)
  --no-ingest        do not listen for the browser extension
  --port N           the extension's loopback port (default 47631)
  --store PATH       the store to write (default $FRAMES_HOME/capture.db)
  --log PATH         append log lines to PATH instead of standard error (run)
Options (status):   --json
Options (install-service):
  --platform linux|macos   (default: this OS)   --out PATH   (default: the user's unit folder)
Options (extension):  --out DIR (required)
  -h, --help         show this help

Linux needs X11 (or XWayland) and libX11, libXss, libXi, libXrandr; the Deno process needs
--allow-ffi. The macOS and Windows backends are unverified on real hardware.
`;

const OPTIONS = {
  config: { type: "string" },
  display: { type: "string" },
  heartbeat: { type: "string" },
  "no-ingest": { type: "boolean" },
  port: { type: "string" },
  store: { type: "string" },
  log: { type: "string" },
  json: { type: "boolean" },
  platform: { type: "string" },
  out: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** Entry point of `frames capture`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "capture", positionals: true });
  const [sub, ...extra] = p.positionals;
  if (p.values.help === true || sub === undefined) {
    console.log(HELP);
    return sub === undefined && p.values.help !== true ? 2 : 0;
  }
  if (extra.length > 0) {
    throw new UsageError(`Unexpected argument "${extra[0]}": run "frames capture --help"`);
  }
  const home = resolveSettings({}).home;
  switch (sub) {
    case "run":
      return await run(p, home);
    case "start":
      return await start(p, home);
    case "stop":
      return await stop(home);
    case "status":
      return status(p, home);
    case "install-service":
      return installServiceCmd(p, home);
    case "extension":
      return extension(p, home);
    default:
      throw new UsageError(
        `Unknown capture command "${sub}": use run, start, stop, status, install-service or extension`,
      );
  }
}

function positiveNumber(p: Parsed, name: string, min: number, max: number): number | undefined {
  const v = str(p, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`Invalid --${name} "${v}": expected a number ${min}..${max}`);
  }
  return n;
}

function logger(path: string | undefined): (line: string) => void {
  if (path === undefined) {
    return (line) => console.error(`frames capture: ${line}`);
  }
  return (line) => {
    try {
      Deno.writeTextFileSync(path, `${new Date().toISOString()} ${line}\n`, {
        append: true,
        mode: 0o600,
      });
    } catch {
      // A log that cannot be written must not stop the capture.
    }
  };
}

async function run(p: Parsed, home: string): Promise<number> {
  const logPath = str(p, "log");
  try {
    return await runEngine(p, home);
  } catch (err) {
    // Started in the background, the log is the only place a reason can be read.
    if (logPath !== undefined) logger(logPath)(`error: ${(err as Error).message}`);
    throw err;
  }
}

async function runEngine(p: Parsed, home: string): Promise<number> {
  // The helpers of macOS and Windows are processes; Linux needs FFI (checked on load, with
  // its own message) and runs loginctl.
  if (Deno.build.os !== "linux") requirePermissions("start capture", ["run"]);
  const config = loadCaptureConfig(home, str(p, "config"));
  const heartbeat = positiveNumber(p, "heartbeat", 0.1, 3600);
  const port = positiveNumber(p, "port", 0, 65535) ?? config.ingestPort;
  const store = resolve(str(p, "store") ?? storePath(home));
  const paths = enginePaths(home);
  const log = logger(str(p, "log"));
  try {
    ensureDir(paths.dir);
  } catch (err) {
    throw new Error(
      `Cannot create the engine folder "${paths.dir}": ${(err as Error).message.split("\n")[0]}`,
    );
  }
  claimPid(paths);
  let engine: Engine | undefined;
  const backend = (() => {
    try {
      return openBackend({
        display: str(p, "display"),
        onConnectionLost: () => {
          engine?.emergencyStop("the display server connection was lost");
          releasePid(paths.pid);
        },
      });
    } catch (err) {
      releasePid(paths.pid);
      throw err;
    }
  })();
  let ingest: Awaited<ReturnType<typeof startIngest>> | undefined;
  const debug = Deno.env.get("FRAMES_DEBUG") !== undefined;
  try {
    if (config.ingest && p.values["no-ingest"] !== true) {
      try {
        ingest = await startIngest({
          port,
          token: ingestToken(paths.token),
          onTab: (tab) => {
            if (debug) {
              log(`tab report: incognito=${tab.incognito} title=${tab.title?.length ?? 0} chars`);
            }
            engine?.reportTab(tab);
          },
        });
      } catch (err) {
        log(`warning: browser ingest not started: ${(err as Error).message}`);
      }
    }
    engine = new Engine({
      backend,
      storePath: store,
      exclusions: config.exclusions,
      heartbeatMs: heartbeat !== undefined ? heartbeat * 1000 : config.heartbeatMs,
      statusPath: paths.status,
      ingestPort: ingest?.port,
      log,
    });
    const stopper = (sig: Deno.Signal) => () => engine!.stop(sig);
    const signals: [Deno.Signal, () => void][] = Deno.build.os === "windows"
      ? [["SIGINT", stopper("SIGINT")]]
      : [["SIGINT", stopper("SIGINT")], ["SIGTERM", stopper("SIGTERM")], [
        "SIGHUP",
        stopper("SIGHUP"),
      ]];
    for (const [s, f] of signals) Deno.addSignalListener(s, f);
    try {
      await engine.run();
    } finally {
      for (const [s, f] of signals) Deno.removeSignalListener(s, f);
    }
    return 0;
  } finally {
    await ingest?.close();
    backend.close();
    releasePid(paths.pid);
  }
}

function passthrough(p: Parsed): string[] {
  const out: string[] = [];
  for (const name of ["config", "display", "heartbeat", "port", "store"]) {
    const v = str(p, name);
    if (v !== undefined) {
      out.push(`--${name}`, name === "config" || name === "store" ? resolve(v) : v);
    }
  }
  if (p.values["no-ingest"] === true) out.push("--no-ingest");
  return out;
}

/** Throw a clear error when this process may not do what a command needs. */
function requirePermissions(what: string, names: ("run" | "ffi")[]): void {
  const lacking = names.filter((name) => Deno.permissions.querySync({ name }).state !== "granted");
  if (lacking.length > 0) {
    throw new Error(
      `Cannot ${what}: this process lacks ${
        lacking.map((n) => `--allow-${n}`).join(" and ")
      }; run "deno run -A main.ts capture …" or a frames binary built with them`,
    );
  }
}

async function start(p: Parsed, home: string): Promise<number> {
  requirePermissions("start capture in the background", ["run"]);
  // Fail fast on a bad config, in this terminal rather than the log.
  loadCaptureConfig(home, str(p, "config"));
  const paths = enginePaths(home);
  ensureDir(paths.dir);
  const running = readPid(paths.pid);
  if (running !== undefined && isEngineAlive(running, readStatus(paths.status))) {
    console.error(`frames: capture is already running (pid ${running.pid})`);
    return 1;
  }
  const [exe, ...pre] = engineCommand();
  const logStart = fileSize(paths.log);
  const child = new Deno.Command(exe, {
    args: [...pre, "capture", "run", "--log", paths.log, ...passthrough(p)],
    stdin: "null",
    stdout: "null",
    stderr: "null",
    detached: true,
  }).spawn();
  const deadline = Date.now() + 15_000;
  let exited: Deno.CommandStatus | undefined;
  child.status.then((s) => exited = s);
  while (Date.now() < deadline) {
    const st = readStatus(paths.status);
    if (st !== undefined && st.pid === child.pid && st.running) {
      child.unref();
      console.log(
        `capture started (pid ${child.pid}, ${st.location}); log: ${paths.log}`,
      );
      for (const m of st.missing) console.log(`  missing: ${m.what}: ${m.effect}`);
      return 0;
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
  const why = lastLogLine(paths.log, logStart)?.replace(/^error: /, "") ??
    "it did not report within 15 s";
  console.error(`frames: ${why}`);
  return 1;
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

async function stop(home: string): Promise<number> {
  const paths = enginePaths(home);
  const info = readPid(paths.pid);
  if (info === undefined || !isEngineAlive(info, readStatus(paths.status))) {
    console.log("capture is not running");
    return 0;
  }
  const pid = info.pid;
  Deno.kill(pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (!isEngineAlive(info, readStatus(paths.status))) {
      console.log(`capture stopped (pid ${pid})`);
      return 0;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  console.error(`frames: Cannot stop capture: pid ${pid} did not exit within 10 s`);
  return 1;
}

function status(p: Parsed, home: string): number {
  const report = probeStatus(home, Date.now());
  if (p.values.json === true) console.log(JSON.stringify(report, null, 2));
  else console.log(describeStatus(report));
  return report.running ? 0 : 1;
}

function installServiceCmd(p: Parsed, home: string): number {
  const platform = str(p, "platform") ?? (Deno.build.os === "darwin" ? "macos" : "linux");
  if (platform !== "linux" && platform !== "macos") {
    throw new UsageError(`Invalid --platform "${platform}": use linux or macos`);
  }
  const [exe, ...pre] = engineCommand();
  const result = installService({
    platform: platform as ServicePlatform,
    command: [exe, ...pre, "capture", "run"],
    framesHome: home,
    userHome: Deno.env.get("HOME") ?? home,
    out: str(p, "out"),
    env: pickEnv(["DISPLAY", "XAUTHORITY", "DENO_DIR"]),
  });
  console.log(`wrote ${result.path}`);
  for (const line of result.next) console.log(`  ${line}`);
  return 0;
}

function pickEnv(names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = Deno.env.get(n);
    if (v) out[n] = v;
  }
  return out;
}

function extension(p: Parsed, home: string): number {
  const out = str(p, "out");
  if (out === undefined) throw new UsageError(`Missing --out DIR: run "frames capture --help"`);
  const config = loadCaptureConfig(home, str(p, "config"));
  const port = positiveNumber(p, "port", 1, 65535) ?? config.ingestPort;
  const paths = enginePaths(home);
  ensureDir(paths.dir);
  const dir = writeExtension({ out: resolve(out), port, token: ingestToken(paths.token) });
  console.log(`wrote the extension to ${dir}`);
  console.log("  load it in Chrome/Chromium: chrome://extensions → Developer mode → Load unpacked");
  return 0;
}
