/**
 * A small cache of compiled days, so moving between pages of one day (and back) compiles
 * it once. A day that is not over yet may still grow, so its entry lives only briefly.
 *
 * @module
 */

import type { CompiledDay, WebBackend } from "./backend.ts";

/** Options of {@linkcode DayCache}. */
export interface DayCacheOptions {
  /** How many compiled days to keep (default 40: a month's range and a few more). */
  size?: number;
  /** How long an entry of today (or later) stays fresh, in ms (default 15 s). */
  liveMs?: number;
  /** The clock, in ms (injectable for tests; default `Date.now`). */
  now?: () => number;
}

interface Entry {
  value: Promise<CompiledDay>;
  at: number;
  live: boolean;
}

/** Compiled days by (day, minimum length), least recently used evicted first. */
export class DayCache {
  #backend: WebBackend;
  #entries = new Map<string, Entry>();
  #size: number;
  #liveMs: number;
  #now: () => number;

  /** A cache in front of `backend`. */
  constructor(backend: WebBackend, opts: DayCacheOptions = {}) {
    this.#backend = backend;
    this.#size = opts.size ?? 40;
    this.#liveMs = opts.liveMs ?? 15_000;
    this.#now = opts.now ?? Date.now;
  }

  /** The compiled day, from the cache when it is fresh. */
  get(day: string, minMinutes: number): Promise<CompiledDay> {
    const key = `${day}|${minMinutes}`;
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit !== undefined && (!hit.live || now - hit.at < this.#liveMs)) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value;
    }
    const value = this.#backend.compileDay(day, { minMinutes });
    // A failed read is not remembered: the next request tries again.
    value.catch(() => this.#entries.delete(key));
    this.#entries.set(key, { value, at: now, live: day >= this.#backend.today() });
    while (this.#entries.size > this.#size) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    return value;
  }
}
