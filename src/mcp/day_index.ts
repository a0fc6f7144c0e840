/**
 * Which local days hold capture, worked out from reads: each day in the source's span is
 * probed once (a read of that day) and remembered, so the server can list only days that
 * can be read and notice a new one cheaply. Between full scans only today (and, after
 * midnight, yesterday) is probed again, and only while it is not yet known to hold capture.
 *
 * @module
 */

import { addDays } from "../compile/time.ts";

/** The most days a full scan probes, counted back from the span's last day. */
export const MAX_INDEXED_DAYS = 366;

/** How long a full scan is trusted before the span is probed again (imports fill old days). */
export const RESCAN_MS = 10 * 60_000;

/** What a {@linkcode DayIndex} reads through. */
export interface DaySource {
  /** Identifies the source and timezone; when it changes, everything is probed again. */
  key(): string;
  /** Today's local day. */
  today(): string;
  /** The first and last local day holding rows, when the source can tell cheaply. */
  span(): Promise<{ first: string; last: string } | undefined>;
  /** Whether `day` holds any capture (one read of that day). */
  probe(day: string): Promise<boolean>;
}

/** Options of {@linkcode DayIndex}. */
export interface DayIndexOptions {
  /** The clock for the rescan interval (default `Date.now`). */
  now?: () => number;
  /** The most days a full scan probes (default {@linkcode MAX_INDEXED_DAYS}). */
  maxDays?: number;
  /** How long a full scan is trusted (default {@linkcode RESCAN_MS}). */
  rescanMs?: number;
}

/** A cached index of the days that hold capture. */
export class DayIndex {
  readonly #source: DaySource;
  readonly #now: () => number;
  readonly #maxDays: number;
  readonly #rescanMs: number;
  #key: string | undefined;
  #known = new Set<string>();
  #scannedAt = -Infinity;
  #today = "";
  #running: Promise<string[]> | undefined;

  /** Creates an index over `source`; nothing is read until {@linkcode days} is called. */
  constructor(source: DaySource, opts: DayIndexOptions = {}) {
    this.#source = source;
    this.#now = opts.now ?? Date.now;
    this.#maxDays = opts.maxDays ?? MAX_INDEXED_DAYS;
    this.#rescanMs = opts.rescanMs ?? RESCAN_MS;
  }

  /** The days holding capture, most recent first; concurrent calls share one scan. */
  days(): Promise<string[]> {
    this.#running ??= this.#refresh().finally(() => this.#running = undefined);
    return this.#running;
  }

  async #refresh(): Promise<string[]> {
    const key = this.#source.key();
    const today = this.#source.today();
    if (key !== this.#key || this.#now() - this.#scannedAt >= this.#rescanMs) {
      await this.#fullScan(key, today);
    } else {
      // Days only gain capture while they are recent: today, and yesterday just after midnight.
      const recent = today === this.#today ? [today] : [today, addDays(today, -1)];
      for (const day of recent) {
        if (!this.#known.has(day) && await this.#source.probe(day)) this.#known.add(day);
      }
    }
    this.#today = today;
    return [...this.#known].sort().reverse();
  }

  async #fullScan(key: string, today: string): Promise<void> {
    if (key !== this.#key) this.#known = new Set();
    const span = await this.#source.span();
    const last = span === undefined || span.last > today ? today : span.last;
    let first = addDays(last, -(this.#maxDays - 1));
    if (span !== undefined && span.first > first) first = span.first;
    const next = new Set<string>();
    for (let day = last; day >= first; day = addDays(day, -1)) {
      // A day once seen with capture keeps it within one source; only unknown days are read.
      if (this.#known.has(day) || await this.#source.probe(day)) next.add(day);
    }
    if (today > last && await this.#source.probe(today)) next.add(today);
    this.#known = next;
    this.#key = key;
    this.#scannedAt = this.#now();
  }
}
