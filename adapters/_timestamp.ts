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

import { civilFromDays, daysFromCivil } from "../src/civil_date.ts";

/** The largest UTC offset accepted, in minutes (±18:00); SQL pre-filters widen by this. */
export const MAX_OFFSET_MINUTES = 18 * 60;

/**
 * How far a bound on timestamp *text* is widened (in ms) so that it takes in every row the
 * instant bound would: every accepted UTC offset plus the hour rounding of
 * {@linkcode utcDateHour}.
 */
export const TEXT_MARGIN_MS = MAX_OFFSET_MINUTES * 60_000 + 3_600_000;

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

/** `YYYY-MM-DD` and `HH` of a UTC epoch-ms instant (for SQL text margins). */
export function utcDateHour(ms: number): { date: string; hour: string } {
  const days = Math.floor(ms / MS_PER_DAY);
  const hour = Math.floor((ms - days * MS_PER_DAY) / 3_600_000);
  const { year: y, month: m, day: d } = civilFromDays(days);
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

// The last date the fast path turned into days: a window's rows share one or two dates.
let lastDate = -1, lastDays = 0;

/**
 * The two shapes real sources write, at fixed positions; NaN means "try the fallback".
 * Straight-line code without helper calls: a fresh process runs this once per row in the
 * interpreter, where each call costs more than the arithmetic.
 */
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
  // Digits as 0–9; anything else is outside that range (unsigned), NaN-safe for the checks.
  const y0 = s.charCodeAt(0) - 48, y1 = s.charCodeAt(1) - 48;
  const y2 = s.charCodeAt(2) - 48, y3 = s.charCodeAt(3) - 48;
  const m0 = s.charCodeAt(5) - 48, m1 = s.charCodeAt(6) - 48;
  const d0 = s.charCodeAt(8) - 48, d1 = s.charCodeAt(9) - 48;
  const h0 = s.charCodeAt(11) - 48, h1 = s.charCodeAt(12) - 48;
  const i0 = s.charCodeAt(14) - 48, i1 = s.charCodeAt(15) - 48;
  const s0 = s.charCodeAt(17) - 48, s1 = s.charCodeAt(18) - 48;
  if (
    (y0 >>> 0) > 9 || (y1 >>> 0) > 9 || (y2 >>> 0) > 9 || (y3 >>> 0) > 9 ||
    (m0 >>> 0) > 9 || (m1 >>> 0) > 9 || (d0 >>> 0) > 9 || (d1 >>> 0) > 9 ||
    (h0 >>> 0) > 9 || (h1 >>> 0) > 9 || (i0 >>> 0) > 9 || (i1 >>> 0) > 9 ||
    (s0 >>> 0) > 9 || (s1 >>> 0) > 9
  ) {
    return NaN;
  }
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1, day = d0 * 10 + d1;
  const hour = h0 * 10 + h1, minute = i0 * 10 + i1, second = s0 * 10 + s1;
  let i = 19;
  let ms = 0;
  if (i < n && s.charCodeAt(i) === 46) {
    // Fraction: every character a digit, the first three are milliseconds.
    const from = ++i;
    while (i < n) {
      const c = s.charCodeAt(i) - 48;
      if ((c >>> 0) > 9) break;
      if (i - from < 3) ms = ms * 10 + c;
      i++;
    }
    const count = i - from;
    if (count === 0) return NaN;
    if (count === 1) ms *= 100;
    else if (count === 2) ms *= 10;
  }
  let offset = 0;
  if (i === n) {
    offset = 0;
  } else if (i === n - 1 && s.charCodeAt(i) === 90) {
    offset = 0;
  } else if (i === n - 6 && s.charCodeAt(i + 3) === 58) {
    const sign = s.charCodeAt(i);
    const a = s.charCodeAt(i + 1) - 48, b = s.charCodeAt(i + 2) - 48;
    const c = s.charCodeAt(i + 4) - 48, d = s.charCodeAt(i + 5) - 48;
    if ((sign !== 43 && sign !== 45) || (a >>> 0) > 9 || (b >>> 0) > 9) return NaN;
    if ((c >>> 0) > 9 || (d >>> 0) > 9) return NaN;
    const om = c * 10 + d;
    if (om > 59) return NaN;
    offset = (a * 10 + b) * 60 + om;
    if (offset > MAX_OFFSET_MINUTES) return NaN;
    if (sign === 45) offset = -offset;
  } else {
    return NaN;
  }
  if (
    month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59 ||
    day >
      (month === 2
        ? ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28)
        : month === 4 || month === 6 || month === 9 || month === 11
        ? 30
        : 31)
  ) {
    return NaN;
  }
  const date = year * 10000 + month * 100 + day;
  if (date !== lastDate) {
    lastDays = daysFromCivil(year, month, day);
    lastDate = date;
  }
  return lastDays * MS_PER_DAY + hour * 3_600_000 + minute * 60_000 + second * 1000 + ms -
    offset * MS_PER_MINUTE;
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
