// localFields()/formatLocal() compute civil fields by arithmetic; a Date per instant (the
// previous implementation) is the reference, over random instants from year -2000 to 12000
// and the zones with odd offsets.

import assert from "node:assert/strict";
import fc from "fast-check";
import { formatLocal, localFields, offsetMinutes } from "../src/compile/time.ts";

const ZONES = ["UTC", "Europe/Berlin", "Asia/Kathmandu", "America/St_Johns", "Pacific/Kiritimati"];

Deno.test("localFields() equals the fields of a shifted Date at every instant", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -125_000_000_000_000, max: 316_000_000_000_000 }),
      fc.constantFrom(...ZONES),
      (ms, tz) => {
        const d = new Date(ms + offsetMinutes(ms, tz) * 60_000);
        assert.deepEqual(localFields(ms, tz), {
          year: d.getUTCFullYear(),
          month: d.getUTCMonth() + 1,
          day: d.getUTCDate(),
          hour: d.getUTCHours(),
          minute: d.getUTCMinutes(),
          second: d.getUTCSeconds(),
        });
      },
    ),
    { numRuns: 20_000 },
  );
  // Day and second boundaries, either side of the epoch.
  for (
    const ms of [-1, 0, 999, 1000, -86_400_000, -86_400_001, 951_782_400_000, 4_107_542_399_999]
  ) {
    const d = new Date(ms);
    assert.equal(formatLocal(ms, "UTC"), d.toISOString().slice(0, 19) + "Z", String(ms));
  }
});

Deno.test("offsetMinutes() equals Temporal's offset at the quarter hour, across transitions", () => {
  const T = (globalThis as {
    Temporal?: {
      Instant: {
        fromEpochMilliseconds(
          ms: number,
        ): { toZonedDateTimeISO(tz: string): { offsetNanoseconds: number } };
      };
    };
  }).Temporal;
  if (T === undefined) return;
  const zones = [
    ...ZONES,
    "America/Sao_Paulo",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Africa/Casablanca",
  ];
  fc.assert(
    fc.property(
      // 1900 … 2100, in random order (the spans are found from wherever the first query is).
      fc.integer({ min: -2_208_988_800_000, max: 4_102_444_800_000 }),
      fc.constantFrom(...zones),
      (ms, tz) => {
        const quarter = Math.floor(ms / 900_000) * 900_000;
        const want = Math.round(
          T.Instant.fromEpochMilliseconds(quarter).toZonedDateTimeISO(tz).offsetNanoseconds / 60e9,
        );
        assert.equal(offsetMinutes(ms, tz), want, `${tz} ${new Date(ms).toISOString()}`);
      },
    ),
    { numRuns: 20_000 },
  );
  // Every quarter hour of two years around DST changes, in order.
  for (const tz of ["Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo"]) {
    for (let q = Date.UTC(2025, 0, 1); q < Date.UTC(2027, 0, 1); q += 900_000) {
      const want = Math.round(
        T.Instant.fromEpochMilliseconds(q).toZonedDateTimeISO(tz).offsetNanoseconds / 60e9,
      );
      if (offsetMinutes(q + 1, tz) !== want) assert.fail(`${tz} ${new Date(q).toISOString()}`);
    }
  }
});
