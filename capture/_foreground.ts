/**
 * Running the engine in this process until a signal stops it: the pid file, the backend,
 * the browser ingest, the engine, the signal handlers — and tearing all of it down in
 * reverse, whatever fails.
 *
 * @module
 */

import { resolve } from "../src/file_path.ts";
import { storePath } from "../src/store/mod.ts";
import { redactTitle, redactUrl } from "../src/entities/mod.ts";
import { Engine } from "./engine.ts";
import { openBackend } from "./_backends.ts";
import { loadCaptureConfig } from "./_config.ts";
import {
  claimPid,
  enginePaths,
  ensureDir,
  readBrowsers,
  releasePid,
  writeBrowsers,
} from "./_status.ts";
import { startIngest } from "./ingest.ts";
import { ingestTokenFile } from "./_extension.ts";
import { requirePermissions } from "./_permissions.ts";

/** Options of {@linkcode runForeground}. */
export interface RunOptions {
  /** The engine config file (default `$FRAMES_HOME/capture.json`). */
  configPath?: string;
  /** X display for the X11 backend (default `$DISPLAY`). */
  display?: string;
  /** Heartbeat period in seconds (default: the config's). */
  heartbeatSeconds?: number;
  /** The browser ingest's loopback port (default: the config's). */
  port?: number;
  /** Listen for the browser extension (default true; the config can turn it off too). */
  ingest?: boolean;
  /** The store to write (default `$FRAMES_HOME/capture.db`). */
  storePath?: string;
  /** Receives one line per noteworthy thing (start, away, back, warnings). */
  log: (line: string) => void;
  /** Also log each tab report's shape (never its URL). */
  debug?: boolean;
  /** Store URLs and titles redacted (`redact_store` in config.json). */
  redactStore?: boolean;
}

/**
 * A log that appends timestamped lines to `path` (user-only); a line that cannot be
 * written is dropped, because a log must not stop the capture.
 */
export function fileLog(path: string): (line: string) => void {
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

/** Capture in this process until SIGINT, SIGTERM or SIGHUP (SIGINT on Windows). */
export async function runForeground(framesHome: string, opts: RunOptions): Promise<void> {
  // The helpers of macOS and Windows are processes; Linux needs FFI (checked on load, with
  // its own message) and runs loginctl.
  if (Deno.build.os !== "linux") requirePermissions("start capture", ["run"]);
  const config = loadCaptureConfig(framesHome, opts.configPath);
  const port = opts.port ?? config.ingestPort;
  const store = resolve(opts.storePath ?? storePath(framesHome));
  const paths = enginePaths(framesHome);
  const log = opts.log;
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
        display: opts.display,
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
  // Where the extension is meant to report, a browser it has reported from before stays
  // private until a report classifies its window, even when the ingest cannot start.
  const listen = config.ingest && opts.ingest !== false;
  try {
    if (listen) {
      try {
        ingest = await startIngest({
          port,
          token: ingestTokenFile(paths.token),
          onTab: (tab) => {
            if (opts.debug) {
              log(`tab report: incognito=${tab.incognito} title=${tab.title?.length ?? 0} chars`);
            }
            engine?.reportTab(tab);
          },
        });
      } catch (err) {
        log(`warning: browser ingest not started: ${(err as Error).message}`);
      }
    }
    const guarded = listen ? readBrowsers(paths.browsers) : [];
    if (guarded.length > 0) {
      log(
        `windows of ${guarded.join(", ")} are private until the extension reports them ` +
          `(forget with: rm "${paths.browsers}")`,
      );
    }
    engine = new Engine({
      backend,
      storePath: store,
      exclusions: config.exclusions,
      heartbeatMs: opts.heartbeatSeconds !== undefined
        ? opts.heartbeatSeconds * 1000
        : config.heartbeatMs,
      statusPath: paths.status,
      ingestPort: ingest?.port,
      ...(listen
        ? {
          extensionBrowsers: guarded,
          onExtensionBrowsers: (apps: readonly string[]) => {
            try {
              writeBrowsers(paths.browsers, apps);
            } catch (err) {
              log(`cannot record the extension's browsers: ${(err as Error).message}`);
            }
          },
        }
        : {}),
      log,
      ...(opts.redactStore ? { redact: { url: redactUrl, title: redactTitle } } : {}),
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
  } finally {
    await ingest?.close();
    backend.close();
    releasePid(paths.pid);
  }
}
