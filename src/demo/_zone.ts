/**
 * Local calendar days of an IANA time zone → UTC instants, without the host's zone or
 * clock (the demo's days are local days, so a range can straddle a DST change).
 *
 * @module
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Converts local wall-clock times of one zone to UTC epoch ms. */
export class Zone {
  #format: Intl.DateTimeFormat;
  #offsets = new Map<number, number>();

  /** A converter for `tz`; throws a RangeError for an unknown zone. */
  constructor(tz: string) {
    try {
      this.#format = new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch (err) {
      throw new RangeError(`Cannot use time zone "${tz}": not a known IANA zone name`, {
        cause: err,
      });
    }
  }

  /** The zone's offset from UTC at a UTC instant, in ms (memoised per hour). */
  offsetAt(utc: number): number {
    const bucket = Math.floor(utc / HOUR);
    let offset = this.#offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * HOUR;
      const parts: Record<string, number> = {};
      for (const p of this.#format.formatToParts(at)) {
        if (p.type !== "literal") parts[p.type] = Number(p.value);
      }
      const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
      offset = local - at;
      this.#offsets.set(bucket, offset);
    }
    return offset;
  }

  /** The UTC instant of a local wall-clock time `minutes` after local midnight of `day`. */
  toUtc(day: string, minutes: number): number {
    const local = dayNumber(day) * DAY + minutes * 60_000;
    const guess = local - this.offsetAt(local);
    return local - this.offsetAt(guess);
  }
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` text (throws a RangeError when malformed). */
export function dayNumber(day: string): number {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  const ms = Date.UTC(y, m - 1, d);
  if (
    day.length !== 10 || day[4] !== "-" || day[7] !== "-" || !Number.isFinite(ms) ||
    dayText(ms / DAY) !== day
  ) {
    throw new RangeError(`Cannot use start day "${day}": expected a date as YYYY-MM-DD`);
  }
  return ms / DAY;
}

/** `YYYY-MM-DD` of a day number. */
export function dayText(days: number): string {
  return new Date(days * DAY).toISOString().slice(0, 10);
}

/** Day of the week of a day number, 0 = Sunday … 6 = Saturday. */
export function weekday(days: number): number {
  return (((days + 4) % 7) + 7) % 7;
}
