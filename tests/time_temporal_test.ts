import { deepStrictEqual } from "node:assert/strict";
import { intlOffsetMinutes, isValidTimeZone, offsetMinutes } from "../src/compile/time.ts";

// offsetMinutes() reads Temporal's zone tables (fast start-up); Intl is the reference it
// must agree with, so a runtime whose two tables disagree fails here, not in a document.
const MAJOR = [
  "Europe/Berlin",
  "Europe/London",
  "America/New_York",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Pacific/Chatham",
  "Africa/Casablanca",
  "America/St_Johns",
  "UTC",
];

Deno.test("offsetMinutes() agrees with Intl every 6 hours 2015–2035 in zones with odd rules", () => {
  const bad: string[] = [];
  for (const tz of MAJOR) {
    for (let ms = Date.UTC(2015, 0, 1); ms < Date.UTC(2035, 0, 1); ms += 6 * 3_600_000) {
      const want = intlOffsetMinutes(ms, tz);
      if (offsetMinutes(ms, tz) !== want) bad.push(`${tz} ${new Date(ms).toISOString()}`);
    }
  }
  deepStrictEqual(bad.slice(0, 5), []);
});

Deno.test("offsetMinutes() agrees with Intl in every zone Intl lists, twice a month 2000–2030", () => {
  const bad: string[] = [];
  for (const tz of Intl.supportedValuesOf("timeZone")) {
    if (!isValidTimeZone(tz)) bad.push(`${tz} rejected`);
    for (let ms = Date.UTC(2000, 0, 1, 12); ms < Date.UTC(2030, 0, 1); ms += 15 * 86_400_000) {
      if (offsetMinutes(ms, tz) !== intlOffsetMinutes(ms, tz)) {
        bad.push(`${tz} ${new Date(ms).toISOString()}`);
      }
    }
  }
  deepStrictEqual(bad.slice(0, 5), []);
});

Deno.test("isValidTimeZone() still rejects what is not a zone", () => {
  deepStrictEqual(["", "Mars/Olympus", "Europe/Berlinx"].map(isValidTimeZone), [
    false,
    false,
    false,
  ]);
});
