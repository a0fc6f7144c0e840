/**
 * Time in an explicit IANA timezone: local ISO strings, day windows, local days.
 *
 * Everything here takes the zone as an argument; nothing reads the host zone or the clock,
 * so output is the same on any machine (SPEC §3.10).
 *
 * @module
 */

import { civilFromDays } from "../civil_date.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(tz, f);
  }
  return f;
}

// Temporal answers offsets from its own zone tables in well under a millisecond, where the
// first Intl.DateTimeFormat costs ~10 ms of ICU start-up per process; the two agree (tested
// in tests/time_temporal_test.ts). Zones Temporal does not know still go through Intl.
const temporal = (globalThis as { Temporal?: TemporalLike }).Temporal;

/** The part of the Temporal API used here (typed locally: not every lib declares it). */
interface TemporalLike {
  Instant: {
    fromEpochMilliseconds(ms: number): {
      toZonedDateTimeISO(tz: string): {
        offsetNanoseconds: number;
        getTimeZoneTransition?(direction: "next"): { epochMilliseconds: number } | null;
      };
    };
  };
}

const temporalZones = new Map<string, boolean>();

function temporalKnows(tz: string): boolean {
  let ok = temporalZones.get(tz);
  if (ok === undefined) {
    try {
      temporal!.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(tz);
      ok = true;
    } catch {
      ok = false;
    }
    temporalZones.set(tz, ok);
  }
  return ok;
}

/** Returns true when `tz` is an IANA zone name this runtime knows. */
export function isValidTimeZone(tz: string): boolean {
  if (tz.length === 0) return false;
  if (temporal !== undefined && temporalKnows(tz)) return true;
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The offset in minutes by Intl, the reference every runtime has. */
export function intlOffsetMinutes(ms: number, tz: string): number {
  const f = intlFields(ms, tz);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((asUtc - ms) / MINUTE);
}

function zoneOffset(ms: number, tz: string): number {
  if (temporal !== undefined && temporalKnows(tz)) {
    const ns = temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz).offsetNanoseconds;
    return Math.round(ns / 60e9);
  }
  return intlOffsetMinutes(ms, tz);
}

/** Local wall-clock fields of an instant in a zone. */
export interface LocalFields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function intlFields(ms: number, tz: string): LocalFields {
  const out: LocalFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatter(tz).formatToParts(ms)) {
    if (p.type in out) out[p.type as keyof LocalFields] = Number(p.value);
  }
  return out;
}

const QUARTER = 15 * MINUTE;
// Per zone, per quarter hour (a number key: no string to build and hash per call).
const offsetCache = new Map<string, Map<number, number>>();
let cachedEntries = 0;

/**
 * The zone's UTC offset at an instant, in whole minutes (east positive).
 *
 * Offsets change only on quarter-hour boundaries in every zone in use, so the answer is
 * cached per zone and quarter hour: a day costs at most 96 Intl calls.
 */
export function offsetMinutes(ms: number, tz: string): number {
  const bucket = Math.floor(ms / QUARTER) * QUARTER;
  let zone = offsetCache.get(tz);
  if (zone === undefined) offsetCache.set(tz, zone = new Map());
  let off = zone.get(bucket);
  if (off === undefined) {
    off = temporalSpanOffset(bucket, tz) ?? zoneOffset(bucket, tz);
    if (++cachedEntries > 100_000) {
      offsetCache.clear();
      cachedEntries = 1;
      offsetCache.set(tz, zone = new Map());
    }
    zone.set(bucket, off);
  }
  return off;
}

// Per zone, spans [from, until) of one offset, flat as from, until, offset: Temporal names
// the next transition, so a day costs one or two zone lookups instead of one per quarter.
const spans = new Map<string, number[]>();

/** The offset at `bucket` from the spans Temporal gives, or `undefined` without Temporal. */
function temporalSpanOffset(bucket: number, tz: string): number | undefined {
  if (temporal === undefined || !temporalKnows(tz)) return undefined;
  let list = spans.get(tz);
  if (list === undefined) spans.set(tz, list = []);
  for (let i = 0; i < list.length; i += 3) {
    if (bucket >= list[i] && bucket < list[i + 1]) return list[i + 2];
  }
  const zoned = temporal.Instant.fromEpochMilliseconds(bucket).toZonedDateTimeISO(tz);
  const off = Math.round(zoned.offsetNanoseconds / 60e9);
  // Without the method the span is the bucket alone (still exact, just not shared).
  const next = typeof zoned.getTimeZoneTransition === "function"
    ? zoned.getTimeZoneTransition("next")
    : undefined;
  const until = next === null ? Infinity : next === undefined ? bucket + 1 : next.epochMilliseconds;
  if (list.length >= 3 * 64) list.length = 0;
  list.push(bucket, until, off);
  return off;
}

/** Splits an instant into the zone's local wall-clock fields. */
export function localFields(ms: number, tz: string): LocalFields {
  return fieldsAt(ms, offsetMinutes(ms, tz));
}

// Civil fields by arithmetic (src/civil_date.ts), not a Date per call.
function fieldsAt(ms: number, off: number): LocalFields {
  const local = ms + off * MINUTE;
  const days = Math.floor(local / 86_400_000);
  const secs = Math.floor((local - days * 86_400_000) / 1000);
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(secs / 3600),
    minute: Math.floor(secs / 60) % 60,
    second: secs % 60,
  };
}

function pad2(n: number): string {
  return n < 10 ? "0" + n : String(n);
}

/**
 * Formats an instant as local ISO 8601 with offset, at second precision.
 *
 * @example
 * ```ts
 * formatLocal(Date.UTC(2026, 6, 4, 7, 12, 5), "Europe/Berlin"); // "2026-07-04T09:12:05+02:00"
 * ```
 */
export function formatLocal(ms: number, tz: string): string {
  const off = offsetMinutes(ms, tz);
  const f = fieldsAt(ms, off);
  const date = `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
  const time = `${pad2(f.hour)}:${pad2(f.minute)}:${pad2(f.second)}`;
  if (off === 0) return `${date}T${time}Z`;
  const sign = off < 0 ? "-" : "+";
  const abs = Math.abs(off);
  return `${date}T${time}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** The local calendar day (`YYYY-MM-DD`) of an instant in a zone. */
export function localDay(ms: number, tz: string): string {
  const f = localFields(ms, tz);
  return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
}

/** Parses `YYYY-MM-DD` strictly; returns undefined for anything else or an impossible date. */
export function parseDay(day: string): { year: number; month: number; day: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const year = Number(m[1]), month = Number(m[2]), d = Number(m[3]);
  const probe = new Date(Date.UTC(year, month - 1, d));
  if (
    probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== d
  ) return undefined;
  return { year, month, day: d };
}

/**
 * The UTC instant of a local wall-clock time in a zone. A time skipped by a DST jump maps
 * to the instant just after the jump; a repeated time maps to its first occurrence.
 */
export function localToUtc(fields: LocalFields, tz: string): number {
  const guess = Date.UTC(
    fields.year,
    fields.month - 1,
    fields.day,
    fields.hour,
    fields.minute,
    fields.second,
  );
  // Try the offsets in force a day either side; pick the earliest candidate that maps back.
  const offsets = [offsetMinutes(guess - DAY, tz), offsetMinutes(guess + DAY, tz)];
  let best: number | undefined;
  for (const off of offsets) {
    const candidate = guess - off * MINUTE;
    if (offsetMinutes(candidate, tz) === off && (best === undefined || candidate < best)) {
      best = candidate;
    }
  }
  if (best !== undefined) return best;
  // In a DST gap: the wall time does not exist; use the instant after the jump.
  return guess - Math.min(...offsets) * MINUTE;
}

/** The half-open UTC window `[start, end)` of a local calendar day (23 or 25 h on DST days). */
export function dayWindow(day: string, tz: string): { start: number; end: number } {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Cannot read day "${day}": expected YYYY-MM-DD`);
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  const start = localToUtc({ ...d, hour: 0, minute: 0, second: 0 }, tz);
  const end = localToUtc({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  }, tz);
  return { start, end };
}

/** Adds `n` calendar days to `YYYY-MM-DD`. */
export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  if (!d) throw new RangeError(`Cannot read day "${day}": expected YYYY-MM-DD`);
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return `${t.getUTCFullYear()}-${pad2(t.getUTCMonth() + 1)}-${pad2(t.getUTCDate())}`;
}
