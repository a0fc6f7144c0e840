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
