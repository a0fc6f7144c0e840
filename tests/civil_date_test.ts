import { deepStrictEqual, equal } from "node:assert/strict";
import fc from "fast-check";
import { civilFromDays, daysFromCivil } from "../src/civil_date.ts";

const DAY = 86_400_000;

// The independent truth: the platform's own proleptic Gregorian calendar in UTC.
function truth(days: number): { year: number; month: number; day: number } {
  const d = new Date(days * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

Deno.test("civilFromDays() and daysFromCivil() agree with Date.UTC over ±100,000 days and invert each other", () => {
  fc.assert(
    fc.property(fc.integer({ min: -100_000, max: 100_000 }), (days) => {
      const civil = civilFromDays(days);
      deepStrictEqual(civil, truth(days));
      equal(daysFromCivil(civil.year, civil.month, civil.day), days);
      equal(
        daysFromCivil(civil.year, civil.month, civil.day),
        Date.UTC(civil.year, civil.month - 1, civil.day) / DAY,
      );
    }),
    { seed: 1, numRuns: 5000 },
  );
});

Deno.test("civil dates around leap days, century rules and the epoch", () => {
  for (
    const [y, m, d] of [[2000, 2, 29], [1900, 3, 1], [2100, 2, 28], [1970, 1, 1], [1969, 12, 31], [
      2024,
      12,
      31,
    ]]
  ) {
    const days = daysFromCivil(y, m, d);
    equal(days, Date.UTC(y, m - 1, d) / DAY, `${y}-${m}-${d}`);
    deepStrictEqual(civilFromDays(days), { year: y, month: m, day: d });
  }
});
