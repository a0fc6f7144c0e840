/**
 * Window resolution for commands: `--day today|yesterday|<weekday>|YYYY-MM-DD`,
 * `--from/--to`, `--hours`. Only this layer reads the clock; the compiler never does.
 *
 * @module
 */

import { addDays, dayWindow, localDay, localToUtc, parseDay } from "../compile/time.ts";
import { LIMITS, numberFlag } from "./_numbers.ts";
import { UsageError } from "./usage_error.ts";

/** A resolved half-open window in UTC ms, with the local day when it is one. */
export interface ResolvedWindow {
  start: number;
  end: number;
  day?: string;
}

/** Window flags as given on the command line. */
export interface WindowFlags {
  day?: string;
  from?: string;
  to?: string;
  hours?: string;
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/** Resolves a day word (`today`, `yesterday`, a weekday name, `YYYY-MM-DD`) to a date. */
export function resolveDay(word: string, now: number, tz: string): string {
  const w = word.trim().toLowerCase();
  const today = localDay(now, tz);
  if (w === "today") return today;
  if (w === "yesterday") return addDays(today, -1);
  const wd = WEEKDAYS.indexOf(w);
  if (wd >= 0) {
    const p = parseDay(today)!;
    const todayWd = new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay();
    return addDays(today, -((todayWd - wd + 7) % 7));
  }
  if (parseDay(w)) return w;
  throw new UsageError(
    `Invalid day "${word}": use today, yesterday, a weekday name or YYYY-MM-DD`,
  );
}

/** Parses `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM[:SS]` (local in `tz`) to UTC ms. */
export function parseLocalTime(text: string, tz: string, flag: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  const d = m ? parseDay(m[1]) : undefined;
  if (!m || !d) {
    throw new UsageError(`Invalid ${flag} "${text}": use YYYY-MM-DD or YYYY-MM-DDTHH:MM`);
  }
  const hour = Number(m[2] ?? 0), minute = Number(m[3] ?? 0), second = Number(m[4] ?? 0);
  if (hour > 23 || minute > 59 || second > 59) {
    throw new UsageError(`Invalid ${flag} "${text}": time out of range`);
  }
  return localToUtc({ ...d, hour, minute, second }, tz);
}

/** Resolves window flags against `now` in `tz`; defaults to today. */
export function resolveWindow(flags: WindowFlags, now: number, tz: string): ResolvedWindow {
  const given = [flags.day, flags.from ?? flags.to, flags.hours].filter((v) => v !== undefined);
  if (given.length > 1) {
    throw new UsageError("Conflicting window flags: use one of --day, --from/--to or --hours");
  }
  if (flags.hours !== undefined) {
    const h = numberFlag(flags.hours, "--hours", LIMITS.hours)!;
    return { start: now - Math.round(h * 3_600_000), end: now };
  }
  if (flags.from !== undefined || flags.to !== undefined) {
    if (flags.from === undefined) throw new UsageError("--to needs --from");
    const start = parseLocalTime(flags.from, tz, "--from");
    // A bare --to date includes that whole day.
    const end = flags.to === undefined
      ? now
      : /^\d{4}-\d{2}-\d{2}$/.test(flags.to.trim())
      ? dayWindow(flags.to.trim(), tz).end
      : parseLocalTime(flags.to, tz, "--to");
    if (end <= start) {
      throw new UsageError(`Invalid window: --to must be after --from`);
    }
    // A little over the cap, so a whole leap year with a DST hour still fits.
    if (end - start > LIMITS.windowDays * 86_400_000 + 3_600_000) {
      throw new UsageError(
        `Invalid window: at most ${LIMITS.windowDays} days; split a longer span into several runs`,
      );
    }
    return { start, end };
  }
  const day = resolveDay(flags.day ?? "today", now, tz);
  return { ...dayWindow(day, tz), day };
}
