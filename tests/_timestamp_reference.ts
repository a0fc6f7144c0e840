// The timestamp parser as it was before its fast path was written out as straight-line code
// (adapters/_timestamp.ts, commit 72b6760), kept verbatim as the reference the new one must
// agree with on every text (tests/timestamp_fast_path_test.ts).
/**
 * Timestamp text → UTC epoch milliseconds, parsed in code (SPEC §2).
 *
 * Capture sources write RFC 3339 (`2026-07-04T23:10:43.399302+00:00`, 0–9 fraction digits,
 * `Z` or `±HH:MM`) and SQL-default text (`2026-07-04 23:10:43`, no offset = UTC). The fast
 * path reads the fixed-width shape with `charCodeAt` (no regex, no `Date`); anything else
 * goes through a lenient walker that also accepts `t`/`z`, a missing seconds field,
 * `±HHMM`/`±HH` offsets, a `,` decimal mark, trailing blanks and a `UTC` suffix.
 *
 * @module
 */

/** The largest UTC offset accepted, in minutes (±18:00); SQL pre-filters widen by this. */
export const MAX_OFFSET_MINUTES = 18 * 60;

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const FAIL = -1;

/**
 * Parse a timestamp text into UTC epoch milliseconds (fractional ms truncated), or
 * `undefined` when the text is not a valid date-time.
 *
 * @example
 * ```ts
 * parseTimestamp("2026-07-04T23:10:43.399302+00:00"); // 1783206643399
 * parseTimestamp("2026-07-04 23:10:43"); // 1783206643000 (no offset = UTC)
 * parseTimestamp("yesterday"); // undefined
 * ```
 */
export function parseTimestamp(text: string): number | undefined {
  const fast = parseFixedWidth(text);
  if (fast === fast) return fast; // not NaN
  return parseLenient(text);
}

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** `YYYY-MM-DD` and `HH` of a UTC epoch-ms instant (for SQL text margins). */
export function utcDateHour(ms: number): { date: string; hour: string } {
  const days = Math.floor(ms / MS_PER_DAY);
  const hour = Math.floor((ms - days * MS_PER_DAY) / 3_600_000);
  // civil_from_days (Hinnant)
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) -
      Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return { date: `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`, hour: pad(hour, 2) };
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : FAIL;
}

function two(s: string, i: number): number {
  const a = digit(s, i);
  const b = digit(s, i + 1);
  return a < 0 || b < 0 ? FAIL : a * 10 + b;
}

function four(s: string, i: number): number {
  const a = two(s, i);
  const b = two(s, i + 2);
  return a < 0 || b < 0 ? FAIL : a * 100 + b;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  }
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Validated fields → epoch ms, or NaN. */
function compose(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  offsetMinutes: number,
): number {
  if (
    year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) ||
    hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59
  ) {
    return NaN;
  }
  return daysFromCivil(year, month, day) * MS_PER_DAY + hour * 3_600_000 + minute * 60_000 +
    second * 1000 + ms - offsetMinutes * MS_PER_MINUTE;
}

// Result of readFraction, reused so the hot path allocates nothing.
const fraction = { ms: 0, end: 0 };

/**
 * Reads the digits of a fraction of a second starting at `from` into `fraction`
 * (milliseconds, extra digits truncated; `end` = index after the digits). False when there
 * are no digits.
 */
function readFraction(s: string, from: number): boolean {
  let i = from, ms = 0;
  while (i < s.length) {
    const d = digit(s, i);
    if (d < 0) break;
    if (i - from < 3) ms = ms * 10 + d;
    i++;
  }
  const count = i - from;
  if (count === 0) return false;
  fraction.ms = count === 1 ? ms * 100 : count === 2 ? ms * 10 : ms;
  fraction.end = i;
  return true;
}

/** The two shapes real sources write, at fixed positions; NaN means "try the fallback". */
function parseFixedWidth(s: string): number {
  const n = s.length;
  if (n < 19) return NaN;
  const sep = s.charCodeAt(10);
  if (
    s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || (sep !== 84 && sep !== 32) ||
    s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58
  ) {
    return NaN;
  }
  const year = four(s, 0);
  const month = two(s, 5);
  const day = two(s, 8);
  const hour = two(s, 11);
  const minute = two(s, 14);
  const second = two(s, 17);
  if ((year | month | day | hour | minute | second) < 0) return NaN;
  let i = 19;
  let ms = 0;
  if (i < n && s.charCodeAt(i) === 46) {
    if (!readFraction(s, i + 1)) return NaN;
    ms = fraction.ms;
    i = fraction.end;
  }
  let offset = 0;
  if (i === n) {
    offset = 0;
  } else if (i === n - 1 && s.charCodeAt(i) === 90) {
    offset = 0;
  } else if (i === n - 6 && s.charCodeAt(i + 3) === 58) {
    const sign = s.charCodeAt(i);
    const oh = two(s, i + 1);
    const om = two(s, i + 4);
    if ((sign !== 43 && sign !== 45) || oh < 0 || om < 0 || om > 59) return NaN;
    offset = oh * 60 + om;
    if (offset > MAX_OFFSET_MINUTES) return NaN;
    if (sign === 45) offset = -offset;
  } else {
    return NaN;
  }
  return compose(year, month, day, hour, minute, second, ms, offset);
}

/** The careful path for every other spelling; walks the text once. */
function parseLenient(text: string): number | undefined {
  // Leading blanks are not accepted: SQL pre-filters find rows by their date prefix.
  const s = text.trimEnd();
  const n = s.length;
  if (n < 16) return undefined;
  const year = four(s, 0);
  const month = two(s, 5);
  const day = two(s, 8);
  const sep = s.charCodeAt(10);
  if (
    year < 0 || month < 0 || day < 0 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 ||
    (sep !== 84 && sep !== 116 && sep !== 32)
  ) {
    return undefined;
  }
  const hour = two(s, 11);
  const minute = two(s, 14);
  if (hour < 0 || minute < 0 || s.charCodeAt(13) !== 58) return undefined;
  let i = 16;
  let second = 0;
  let ms = 0;
  if (i < n && s.charCodeAt(i) === 58) {
    second = two(s, i + 1);
    if (second < 0) return undefined;
    i += 3;
    const mark = s.charCodeAt(i);
    if (i < n && (mark === 46 || mark === 44)) {
      if (!readFraction(s, i + 1)) return undefined;
      ms = fraction.ms;
      i = fraction.end;
    }
  }
  while (i < n && s.charCodeAt(i) === 32) i++;
  let offset = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    if ((c === 90 || c === 122) && i === n - 1) {
      offset = 0;
    } else if (s.slice(i) === "UTC" || s.slice(i) === "GMT") {
      offset = 0;
    } else if (c === 43 || c === 45) {
      const oh = two(s, i + 1);
      if (oh < 0) return undefined;
      let om = 0;
      const rest = n - (i + 3);
      if (rest === 3 && s.charCodeAt(i + 3) === 58) om = two(s, i + 4);
      else if (rest === 2) om = two(s, i + 3);
      else if (rest !== 0) return undefined;
      if (om < 0 || om > 59) return undefined;
      offset = oh * 60 + om;
      if (offset > MAX_OFFSET_MINUTES) return undefined;
      if (c === 45) offset = -offset;
    } else {
      return undefined;
    }
  }
  const at = compose(year, month, day, hour, minute, second, ms, offset);
  return at === at ? at : undefined;
}
