import { equal, throws } from "node:assert/strict";
import {
  addDays,
  dayWindow,
  formatLocal,
  isValidTimeZone,
  localDay,
  localToUtc,
  parseDay,
} from "../src/compile/time.ts";
import { resolveDay, resolveWindow } from "../src/cli/_window.ts";

const H = 3_600_000;

Deno.test("dayWindow() gives 23 h on the spring-forward day and 25 h on the fall-back day", () => {
  const spring = dayWindow("2026-03-29", "Europe/Berlin");
  equal((spring.end - spring.start) / H, 23);
  equal(spring.start, Date.UTC(2026, 2, 28, 23));
  const fall = dayWindow("2026-10-25", "Europe/Berlin");
  equal((fall.end - fall.start) / H, 25);
  const ny = dayWindow("2026-11-01", "America/New_York");
  equal((ny.end - ny.start) / H, 25);
  equal((dayWindow("2026-07-04", "UTC").end - dayWindow("2026-07-04", "UTC").start) / H, 24);
});

Deno.test("localToUtc() maps a skipped time past the jump and a repeated time to its first instant", () => {
  const skipped = localToUtc(
    { year: 2026, month: 3, day: 29, hour: 2, minute: 30, second: 0 },
    "Europe/Berlin",
  );
  equal(formatLocal(skipped, "Europe/Berlin"), "2026-03-29T03:30:00+02:00");
  const repeated = localToUtc(
    { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 },
    "Europe/Berlin",
  );
  equal(repeated, Date.UTC(2026, 9, 25, 0, 30));
  equal(formatLocal(repeated, "Europe/Berlin"), "2026-10-25T02:30:00+02:00");
  equal(formatLocal(repeated + H, "Europe/Berlin"), "2026-10-25T02:30:00+01:00");
});

Deno.test("formatLocal() writes offsets, Z for UTC and half-hour zones", () => {
  const t = Date.UTC(2026, 6, 4, 7, 12, 5, 999);
  equal(formatLocal(t, "UTC"), "2026-07-04T07:12:05Z");
  equal(formatLocal(t, "Asia/Kolkata"), "2026-07-04T12:42:05+05:30");
  equal(formatLocal(t, "America/St_Johns"), "2026-07-04T04:42:05-02:30");
  equal(localDay(Date.UTC(2026, 6, 4, 23, 30), "Asia/Tokyo"), "2026-07-05");
});

Deno.test("parseDay() and addDays() reject impossible dates and cross month ends", () => {
  equal(parseDay("2026-02-30"), undefined);
  equal(parseDay("2026-2-3"), undefined);
  equal(addDays("2026-02-28", 1), "2026-03-01");
  equal(addDays("2026-03-01", -1), "2026-02-28");
  equal(isValidTimeZone("Mars/Base"), false);
  throws(() => dayWindow("yesterday", "UTC"), RangeError);
});

Deno.test("resolveDay() reads today, yesterday and weekday names in the given zone", () => {
  // 2026-07-05 01:00 in Tokyo is still Saturday 2026-07-04 in UTC.
  const now = Date.UTC(2026, 6, 4, 16, 0);
  equal(resolveDay("today", now, "Asia/Tokyo"), "2026-07-05");
  equal(resolveDay("today", now, "UTC"), "2026-07-04");
  equal(resolveDay("yesterday", now, "UTC"), "2026-07-03");
  equal(resolveDay("saturday", now, "UTC"), "2026-07-04");
  equal(resolveDay("Monday", now, "UTC"), "2026-06-29");
  throws(() => resolveDay("someday", now, "UTC"), /Invalid day "someday"/);
});

Deno.test("resolveWindow() takes --from/--to as local times and --hours back from now", () => {
  const now = Date.UTC(2026, 6, 4, 12);
  const w = resolveWindow({ from: "2026-07-01", to: "2026-07-02" }, now, "Europe/Berlin");
  equal(w.start, Date.UTC(2026, 5, 30, 22));
  equal(w.end, Date.UTC(2026, 6, 2, 22));
  const h = resolveWindow({ hours: "1.5" }, now, "UTC");
  equal(now - h.start, 1.5 * H);
  throws(() => resolveWindow({ day: "today", hours: "2" }, now, "UTC"), /Conflicting window flags/);
  throws(() => resolveWindow({ from: "2026-07-02", to: "2026-07-01T00:00" }, now, "UTC"), /after/);
});
