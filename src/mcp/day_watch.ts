/**
 * Polls the days that hold capture and reports when one appears, so connected clients can
 * be sent `notifications/resources/list_changed`. The first poll only sets the baseline.
 *
 * @module
 */

import type { McpBackend } from "./backend.ts";

/** How often the source is polled for a new day by default (ms). */
export const DEFAULT_POLL_MS = 30_000;

/** Options of {@linkcode watchDays}. */
export interface WatchDaysOptions {
  /** Poll interval in ms. */
  intervalMs: number;
  /** Called once per poll that found a day not seen before. */
  onChange: () => void;
  /** Receives a failed poll's error (the watch goes on). */
  onerror?: (error: Error) => void;
}

/** Starts polling `backend.days()`; returns the function that stops it (after a poll in flight). */
export function watchDays(backend: McpBackend, opts: WatchDaysOptions): () => Promise<void> {
  let seen: Set<string> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  const poll = async () => {
    try {
      const days = await backend.days();
      const fresh = seen !== undefined && days.some((d) => !seen!.has(d));
      seen = new Set(days);
      if (fresh && !stopped) opts.onChange();
    } catch (err) {
      opts.onerror?.(err instanceof Error ? err : new Error(String(err)));
    }
    if (stopped) return;
    // One poll at a time: the next is scheduled only after this one finished.
    const next = setTimeout(() => inFlight = poll(), opts.intervalMs);
    Deno.unrefTimer(next as unknown as number);
    timer = next;
  };
  inFlight = poll();
  return async () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    await inFlight;
  };
}
