/**
 * MCP logging (`notifications/message`) of how reads went: a read slower than a threshold,
 * and rows the source could not use. Counts and times only — never captured text (a
 * rejection reason can quote a source's own labels, so only the total is sent).
 *
 * @module
 */

import type { Capture } from "../model.ts";
import type { McpBackend, ResolvedWindow } from "./backend.ts";

/** A read slower than this (ms) is logged as a warning. */
export const SLOW_READ_MS = 1000;

/** Sends one log message to the client; the SDK applies the client's level filter. */
export type LogSink = (level: "info" | "warning", data: Record<string, unknown>) => void;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function report(
  window: ResolvedWindow,
  capture: Capture,
  ms: number,
  log: LogSink,
  slowMs: number,
): void {
  const span = {
    start: iso(window.start),
    end: iso(window.end),
    ...(window.day ? { day: window.day } : {}),
  };
  if (ms >= slowMs) {
    log("warning", {
      event: "slow_read",
      message: `Reading the source took ${Math.round(ms)} ms (threshold ${slowMs} ms)`,
      window: span,
      ms: Math.round(ms),
      snapshots: capture.snapshots.length,
      events: capture.events.length,
    });
  }
  const rejected = Object.values(capture.facts.rejected).reduce((a, b) => a + b, 0);
  if (rejected > 0) {
    log("warning", {
      event: "rejected_rows",
      message:
        `${rejected} source rows could not be used; the document's coverage.rejected_rows lists them by reason`,
      window: span,
      rows: rejected,
    });
  }
}

/** The backend with its reads timed and inspected, reporting to `log`. */
export function observedBackend(
  backend: McpBackend,
  log: LogSink,
  slowMs: number = SLOW_READ_MS,
): McpBackend {
  return {
    // Whatever else the program put on its backend (the replay policy) stays on it.
    ...backend,
    now: () => backend.now(),
    settings: () => backend.settings(),
    resolveWindow: (req, now) => backend.resolveWindow(req, now),
    days: () => backend.days(),
    async compile(window, opts) {
      const t0 = performance.now();
      const compiled = await backend.compile(window, opts);
      report(window, compiled.capture, performance.now() - t0, log, slowMs);
      return compiled;
    },
    async read(window) {
      const t0 = performance.now();
      const capture = await backend.read(window);
      report(window, capture, performance.now() - t0, log, slowMs);
      return capture;
    },
  };
}
