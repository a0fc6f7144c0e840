import { deepStrictEqual } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import fc from "fast-check";
import { SCREENPIPE_SCHEMA_SQL, writeDemoDatabase } from "../src/demo/mod.ts";
import { screenpipeSpan } from "../adapters/screenpipe/importer.ts";
import { screenpipeIndexSpan } from "../adapters/screenpipe/_span.ts";

const dir = await Deno.makeTempDir({ prefix: "frames-span-test-" });

Deno.test("screenpipeIndexSpan() equals the full scan on the demo database", () => {
  const path = join(dir, "demo.sqlite");
  writeDemoDatabase(path, { seed: 7, tz: "Europe/Berlin" });
  deepStrictEqual(screenpipeIndexSpan(path), screenpipeSpan(path));
});

const SPELL = [
  (ms: number) => new Date(ms).toISOString(),
  (ms: number) => new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, ""),
  (ms: number) => {
    // The same instant written with a +05:30 offset: its text sorts 5.5 h late.
    const local = new Date(ms + 330 * 60_000).toISOString().replace(/Z$/, "");
    return `${local}+05:30`;
  },
  (ms: number) => {
    const local = new Date(ms - 600 * 60_000).toISOString().replace(/Z$/, "");
    return `${local}-10:00`;
  },
  () => "garbage",
  () => "",
];

Deno.test("screenpipeIndexSpan() equals the full scan with mixed spellings, offsets and garbage", () => {
  let n = 0;
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          at: fc.integer({ min: 0, max: 5 * 86_400 }),
          spell: fc.integer({ min: 0, max: 5 }),
          ui: fc.boolean(),
        }),
        { maxLength: 40 },
      ),
      (rows) => {
        const path = join(dir, `mixed-${n++}.sqlite`);
        const db = new DatabaseSync(path);
        db.exec(SCREENPIPE_SCHEMA_SQL);
        const base = Date.UTC(2026, 2, 1);
        rows.forEach((r, i) => {
          const ts = SPELL[r.spell](base + r.at * 1000);
          if (r.ui) {
            db.prepare("INSERT INTO ui_events (id, timestamp, event_type) VALUES (?, ?, 'click')")
              .run(i + 1, ts);
          } else {
            db.prepare(
              "INSERT INTO frames (id, timestamp, app_name, device_name) VALUES (?, ?, 'Code', 'monitor_1')",
            )
              .run(i + 1, ts);
          }
        });
        db.close();
        deepStrictEqual(screenpipeIndexSpan(path), screenpipeSpan(path));
      },
    ),
    { seed: 19, numRuns: 60 },
  );
});
