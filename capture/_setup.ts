/**
 * What a user sets up once: the login service that runs the engine, and the browser
 * extension configured with this install's port and token.
 *
 * @module
 */

import { resolve } from "../src/file_path.ts";
import { loadCaptureConfig } from "./_config.ts";
import { engineCommand } from "./_command.ts";
import { ingestToken, writeExtension } from "./_extension.ts";
import { enginePaths, ensureDir } from "./_status.ts";
import { type InstalledService, installService, type ServicePlatform } from "./service.ts";

/** Options of {@linkcode installLoginService}. */
export interface LoginServiceOptions {
  /** The service flavour. */
  platform: ServicePlatform;
  /** Where to write (default: the user's systemd unit folder or LaunchAgents). */
  out?: string;
}

function pickEnv(names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = Deno.env.get(n);
    if (v) out[n] = v;
  }
  return out;
}

/** Write a systemd user unit or a launchd agent that runs `frames capture run` at login. */
export function installLoginService(
  framesHome: string,
  opts: LoginServiceOptions,
): InstalledService {
  const [exe, ...pre] = engineCommand({ durable: true }); // a login service outlives caches
  return installService({
    platform: opts.platform,
    command: [exe, ...pre, "capture", "run"],
    framesHome,
    userHome: Deno.env.get("HOME") ?? framesHome,
    out: opts.out,
    env: pickEnv(["DISPLAY", "XAUTHORITY", "DENO_DIR"]),
  });
}

/** Options of {@linkcode writeBrowserExtension}. */
export interface BrowserExtensionOptions {
  /** Folder to write (created when absent). */
  out: string;
  /** The engine config file, for the ingest port (default `$FRAMES_HOME/capture.json`). */
  configPath?: string;
  /** The ingest port the extension reports to (default: the config's). */
  port?: number;
}

/** Write the browser extension, configured with this install's port and token; returns its folder. */
export function writeBrowserExtension(framesHome: string, opts: BrowserExtensionOptions): string {
  const config = loadCaptureConfig(framesHome, opts.configPath);
  const port = opts.port ?? config.ingestPort;
  const paths = enginePaths(framesHome);
  ensureDir(paths.dir);
  return writeExtension({ out: resolve(opts.out), port, token: ingestToken(paths.token) });
}
