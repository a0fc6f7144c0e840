/**
 * Proleptic Gregorian dates ↔ days since 1970-01-01, by arithmetic (Howard Hinnant's
 * `days_from_civil` / `civil_from_days`): no `Date` per call, no host time zone. The one
 * home of the conversion for the compiler's local fields and the adapters' timestamp parser.
 *
 * @module
 */

/** A calendar date: year, month (1–12) and day of month (1–31). */
export interface CivilDate {
  /** The year (proleptic Gregorian, astronomical numbering). */
  year: number;
  /** The month, 1–12. */
  month: number;
  /** The day of the month, 1–31. */
  day: number;
}

/**
 * Days since 1970-01-01 of a calendar date (negative before it).
 *
 * @example
 * ```ts
 * daysFromCivil(2026, 7, 4); // 20638
 * ```
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * The calendar date `days` after 1970-01-01 (the inverse of {@linkcode daysFromCivil}).
 *
 * @example
 * ```ts
 * civilFromDays(20638); // { year: 2026, month: 7, day: 4 }
 * ```
 */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return {
    year: yoe + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: doy - Math.floor((153 * mp + 2) / 5) + 1,
  };
}
