/**
 * `frames capture`: the native capture engine — run in the foreground, start/stop it in
 * the background, report its status, install it as a login service, write the browser
 * extension.
 *
 * @module
 */

import {
  describeStatus,
  fileLog,
  installLoginService,
  runForeground,
  start,
  status,
  stop,
  writeBrowserExtension,
} from "../../capture/mod.ts";
import { resolve } from "../file_path.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { chooseFormat, FORMAT_OPTIONS } from "./_format.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import type { CommandSpec } from "./_spec.ts";
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
  --pid-file FILE    start: also write the engine's pid to FILE (the engine keeps its own
                     in $FRAMES_HOME/engine/engine.pid, which "capture stop" reads)
Options (status):   -f, --format text|json   (--json: the same as -f json)
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
  "pid-file": { type: "string" },
  ...FORMAT_OPTIONS,
  platform: { type: "string" },
  out: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames capture` accepts, for help and completions. */
export const spec: CommandSpec = {
  help: HELP,
  options: OPTIONS,
  words: ["run", "start", "stop", "status", "install-service", "extension"],
};

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
  const settings = resolveSettings({});
  const home = settings.home;
  switch (sub) {
    case "run":
      return await run(p, home, settings.redactStore);
    case "start":
      return await startCmd(p, home);
    case "stop":
      return await stopCmd(home);
    case "status":
      return statusCmd(p, home);
    case "install-service":
      return installServiceCmd(p, home);
    case "extension":
      return extensionCmd(p, home);
    default:
      throw new UsageError(
        `Unknown capture command "${sub}": use run, start, stop, status, install-service or extension`,
      );
  }
}

function positiveNumber(p: Parsed, name: string, min: number, max: number): number | undefined {
  return numberFlag(str(p, name), `--${name}`, { min, max, integer: name === "port" });
}

async function run(p: Parsed, home: string, redactStore: boolean): Promise<number> {
  const logPath = str(p, "log");
  const log = logPath === undefined
    ? (line: string) => console.error(`frames capture: ${line}`)
    : fileLog(logPath);
  try {
    await runForeground(home, {
      configPath: str(p, "config"),
      display: str(p, "display"),
      heartbeatSeconds: positiveNumber(p, "heartbeat", 0.1, 3600),
      port: positiveNumber(p, "port", 0, 65535),
      ingest: p.values["no-ingest"] !== true,
      storePath: str(p, "store"),
      log,
      debug: Deno.env.get("FRAMES_DEBUG") !== undefined,
      redactStore,
    });
    return 0;
  } catch (err) {
    // Started in the background, the log is the only place a reason can be read.
    if (logPath !== undefined) log(`error: ${(err as Error).message}`);
    throw err;
  }
}

function writePid(path: string, pid: number): void {
  try {
    Deno.writeTextFileSync(path, `${pid}\n`, { mode: 0o600 });
  } catch (err) {
    throw new Error(`Cannot write pid file "${path}": ${(err as Error).message}`);
  }
}

async function startCmd(p: Parsed, home: string): Promise<number> {
  const given = str(p, "pid-file");
  const pidFile = given === undefined ? undefined : resolve(given);
  // Checked before the start, so a bad number never leaves an engine behind.
  positiveNumber(p, "heartbeat", 0.1, 3600);
  positiveNumber(p, "port", LIMITS.port.min, LIMITS.port.max);
  const r = await start(home, {
    configPath: str(p, "config"),
    display: str(p, "display"),
    heartbeat: str(p, "heartbeat"),
    port: str(p, "port"),
    storePath: str(p, "store"),
    ingest: p.values["no-ingest"] !== true,
  });
  switch (r.state) {
    case "running":
      console.error(`frames: capture is already running (pid ${r.pid})`);
      return 1;
    case "started":
      if (pidFile !== undefined) writePid(pidFile, r.pid);
      console.log(`capture started (pid ${r.pid}, ${r.location}); log: ${r.log}`);
      for (const m of r.missing) console.log(`  missing: ${m.what}: ${m.effect}`);
      return 0;
    case "failed":
      console.error(`frames: ${r.reason}`);
      return 1;
  }
}

async function stopCmd(home: string): Promise<number> {
  const r = await stop(home);
  switch (r.state) {
    case "not-running":
      console.log("capture is not running");
      return 0;
    case "stopped":
      console.log(`capture stopped (pid ${r.pid})`);
      return 0;
    case "stuck":
      console.error(`frames: Cannot stop capture: pid ${r.pid} did not exit within 10 s`);
      return 1;
  }
}

function statusCmd(p: Parsed, home: string): number {
  const format = chooseFormat(p, ["text", "json"], "text");
  const report = status(home, Date.now());
  if (format === "json") console.log(JSON.stringify(report, null, 2));
  else console.log(describeStatus(report));
  return report.running ? 0 : 1;
}

function installServiceCmd(p: Parsed, home: string): number {
  const platform = str(p, "platform") ?? (Deno.build.os === "darwin" ? "macos" : "linux");
  if (platform !== "linux" && platform !== "macos") {
    throw new UsageError(`Invalid --platform "${platform}": use linux or macos`);
  }
  const result = installLoginService(home, { platform, out: str(p, "out") });
  console.log(`wrote ${result.path}`);
  for (const line of result.next) console.log(`  ${line}`);
  return 0;
}

function extensionCmd(p: Parsed, home: string): number {
  const out = str(p, "out");
  if (out === undefined) throw new UsageError(`Missing --out DIR: run "frames capture --help"`);
  const port = positiveNumber(p, "port", 1, 65535);
  const dir = writeBrowserExtension(home, { out, configPath: str(p, "config"), port });
  console.log(`wrote the extension to ${dir}`);
  console.log("  load it in Chrome/Chromium: chrome://extensions → Developer mode → Load unpacked");
  return 0;
}
