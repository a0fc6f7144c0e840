import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import fc from "fast-check";
import { SCREENPIPE_SCHEMA_SQL, writeDemoDatabase } from "../src/demo/mod.ts";
import { screenpipeSpan } from "../adapters/screenpipe/importer.ts";
import { screenpipeIndexSpan } from "../adapters/screenpipe/_span.ts";
import { runFrames } from "./_frames.ts";

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

Deno.test("an empty window's read, asked, measures what the source holds in the same read; a window with rows does not", async () => {
  const { readScreenpipe } = await import("../adapters/screenpipe/read.ts");
  const path = join(dir, "held.sqlite");
  const summary = writeDemoDatabase(path, { seed: 3, tz: "Europe/Berlin" });
  const truth = screenpipeSpan(path);
  ok(truth !== undefined);
  // A window before the first row and one after the last: nothing read, the span said.
  for (const start of [truth.first - 10 * 86_400_000, truth.last + 86_400_000]) {
    const c = readScreenpipe(path, { start, end: start + 86_400_000, held: true });
    equal(c.snapshots.length + c.events.length, 0);
    deepStrictEqual(c.held, truth);
    // Not asked for (a live tail, MCP's days): not measured.
    equal(readScreenpipe(path, { start, end: start + 86_400_000 }).held, undefined);
  }
  const busy = summary.days.find((d) => d.day === summary.busiestDay)!;
  equal(readScreenpipe(path, { start: busy.start, end: busy.end, held: true }).held, undefined);
  // A database with the tables and no row: held is null ("holds no capture at all").
  const bare = join(dir, "bare.sqlite");
  const db = new DatabaseSync(bare);
  db.exec(SCREENPIPE_SCHEMA_SQL);
  db.close();
  equal(readScreenpipe(bare, { start: 0, end: 86_400_000, held: true }).held, null);
});

Deno.test("frames compile on an empty day names the days the source holds (from the read itself)", async () => {
  const path = join(dir, "hint.sqlite");
  writeDemoDatabase(path, { seed: 3, tz: "Europe/Berlin" });
  const span = screenpipeSpan(path)!;
  const { localDay } = await import("../src/compile/time.ts");
  const tz = "Europe/Berlin";
  const out = await runFrames(
    ["compile", "--source", `screenpipe:${path}`, "--tz", tz, "--day", "2020-01-01", "--no-cache"],
    { home: dir, env: { FRAMES_HOME: join(dir, "home") } },
  );
  equal(out.code, 0);
  const err = out.stderr;
  const first = localDay(span.first, tz), last = localDay(span.last, tz);
  ok(
    err.includes(`holds ${first} to ${last} (${tz}); pass --day ${last}`),
    `hint names the held days: ${err}`,
  );
});
