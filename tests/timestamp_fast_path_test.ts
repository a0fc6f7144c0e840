// parseTimestamp() against its previous implementation (tests/_timestamp_reference.ts) on
// random well-formed spellings and on random edits of them: every text must give the same
// instant or the same refusal.

import assert from "node:assert/strict";
import fc from "fast-check";
import { parseTimestamp } from "../adapters/_timestamp.ts";
import { parseTimestamp as reference } from "./_timestamp_reference.ts";

const two = (n: number) => String(n).padStart(2, "0");

const spelled = fc.record({
  year: fc.integer({ min: 0, max: 9999 }),
  month: fc.integer({ min: 0, max: 13 }),
  day: fc.integer({ min: 0, max: 32 }),
  hour: fc.integer({ min: 0, max: 25 }),
  minute: fc.integer({ min: 0, max: 61 }),
  second: fc.integer({ min: 0, max: 61 }),
  sep: fc.constantFrom(" ", "T", "t", "_"),
  fraction: fc.option(fc.stringMatching(/^[0-9]{0,10}$/)),
  zone: fc.constantFrom(
    "",
    "Z",
    "z",
    "+00:00",
    "-00:00",
    "+05:30",
    "-10:00",
    "+18:00",
    "+18:01",
    "-19:00",
    "+0530",
    "+05",
    " UTC",
    "+05:60",
    "+5:30",
  ),
}).map((t) =>
  `${String(t.year).padStart(4, "0")}-${two(t.month)}-${two(t.day)}${t.sep}${two(t.hour)}:${
    two(t.minute)
  }:${two(t.second)}${t.fraction === null ? "" : "." + t.fraction}${t.zone}`
);

const CHARS = "0123456789-:.T Z+tz,x\u0660\u00a0/";

const edited = fc.tuple(
  spelled,
  fc.array(
    fc.record({
      at: fc.nat(),
      op: fc.constantFrom("replace", "insert", "delete"),
      c: fc.constantFrom(...CHARS),
    }),
    { maxLength: 3 },
  ),
).map(([text, edits]) => {
  let s = text;
  for (const e of edits) {
    const i = s.length === 0 ? 0 : e.at % s.length;
    if (e.op === "replace") s = s.slice(0, i) + e.c + s.slice(i + 1);
    else if (e.op === "insert") s = s.slice(0, i) + e.c + s.slice(i);
    else s = s.slice(0, i) + s.slice(i + 1);
  }
  return s;
});

Deno.test("parseTimestamp() agrees with its previous implementation on every text", () => {
  fc.assert(
    fc.property(fc.oneof(spelled, edited, fc.string({ maxLength: 40 })), (text) => {
      assert.equal(parseTimestamp(text), reference(text), JSON.stringify(text));
    }),
    { numRuns: 30_000 },
  );
  // The date memo must not leak between texts of different days.
  for (const text of ["2026-03-24T10:00:00Z", "2026-03-25T10:00:00Z", "2026-03-24T10:00:00Z"]) {
    assert.equal(parseTimestamp(text), reference(text));
  }
});
