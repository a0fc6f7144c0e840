/**
 * The native capture engine behind one door: run it in this process until a signal
 * stops it, start and stop it in the background, report its status, and set it up (a
 * login service, the browser extension). The engine records which window holds focus,
 * one stream per display, input volume and heartbeats into the native store; its
 * lifecycle (pid file, status file, log, the background child) lives here, its OS
 * backends (X11, macOS, Windows) behind it.
 *
 * Nothing here prints or exits: results come back as values, progress through `log`.
 *
 * @example
 * ```ts
 * import { describeStatus, start, status, stop } from "./capture/mod.ts";
 * const started = await start(framesHome);
 * if (started.state === "failed") throw new Error(started.reason);
 * console.log(describeStatus(status(framesHome)));
 * await stop(framesHome);
 * ```
 *
 * @module
 */

export type {
  AwayReason,
  BackendEvent,
  CaptureBackend,
  Missing,
  ScreenState,
  WindowInfo,
} from "./_backend.ts";
export type { DisplayGeometry } from "../src/model.ts";
export { fileLog, runForeground, type RunOptions } from "./_foreground.ts";
export {
  start,
  type StartOptions,
  type StartResult,
  stop,
  type StopResult,
} from "./_background.ts";
export { describeStatus, type StatusReport } from "./_report.ts";
export {
  type BrowserExtensionOptions,
  installLoginService,
  type LoginServiceOptions,
  writeBrowserExtension,
} from "./_setup.ts";
export type { InstalledService, ServicePlatform } from "./service.ts";

import { probeStatus, type StatusReport } from "./_report.ts";

/** The engine's status under a frames home: running or not, its last row, what is missing. */
export function status(framesHome: string, now: number = Date.now()): StatusReport {
  return probeStatus(framesHome, now);
}
