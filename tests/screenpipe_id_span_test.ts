// The screenpipe reader's id span (adapters/screenpipe/_id_span.ts) against the truth computed
// the simple way: parse every row's text in code and keep the ids whose instant is in the
// window. Spellings are random: `T`, `t` or space, with or without seconds, fractions of 0–9
// digits (`.` or `,`), no offset, `Z`/`z`, `UTC`, `±HH:MM`/`±HHMM`/`±HH` up to 18 h, blanks
// before the offset or after the text, and garbage (near-dates SQLite accepts and we do not,
// numbers, words). Ids are shuffled, so id order is not time order.

import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import fc from "fast-check";
import { idSpan, textBounds } from "../adapters/screenpipe/_id_span.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { parseTimestamp } from "../adapters/_timestamp.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";

const dir = await Deno.makeTempDir({ prefix: "frames-id-span-test-" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const BASE = Date.UTC(2026, 2, 24, 0, 0, 0);
const HOUR = 3_600_000;
const LOOKAHEAD = HOUR; // WINDOW_LOOKAHEAD_MS (src/compile/rules.ts), as read.ts uses it

const two = (n: number) => String(n).padStart(2, "0");

/** Local wall-clock fields of `ms` shifted by `offsetMin`, as a UTC Date. */
function wall(ms: number, offsetMin: number): Date {
  return new Date(ms + offsetMin * 60_000);
}

interface Spelling {
  sep: number; // 0 space, 1 T, 2 t
  seconds: boolean;
  digits: number; // fraction digits, 0–9
  comma: boolean;
  zone: number; // 0 none, 1 Z, 2 z, 3 +00:00, 4 -00:00, 5 ±HH:MM, 6 ±HHMM, 7 ±HH, 8 UTC
  offset: number; // minutes, −1080…1080 (used by zones 5–7)
  blank: boolean; // a blank before the zone
  trailing: boolean;
}

function spell(ms: number, s: Spelling): string {
  const offset = s.zone >= 5 && s.zone <= 7
    ? (s.zone === 5 ? s.offset : s.zone === 6 ? s.offset : Math.trunc(s.offset / 60) * 60)
    : 0;
  const d = wall(ms, offset);
  let text = `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}` +
    `${[" ", "T", "t"][s.sep]}${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  if (s.seconds) {
    text += `:${two(d.getUTCSeconds())}`;
    if (s.digits > 0) {
      const frac = String(d.getUTCMilliseconds()).padStart(3, "0") + "123456";
      text += (s.comma ? "," : ".") + frac.slice(0, s.digits);
    }
  }
  const sign = offset < 0 ? "-" : "+";
  const a = Math.abs(offset);
  const zone = [
    "",
    "Z",
    "z",
    "+00:00",
    "-00:00",
    `${sign}${two(Math.floor(a / 60))}:${two(a % 60)}`,
    `${sign}${two(Math.floor(a / 60))}${two(a % 60)}`,
    `${sign}${two(Math.floor(a / 60))}`,
    "UTC",
  ][s.zone];
  if (zone !== "") text += (s.blank ? " " : "") + zone;
  return s.trailing ? text + " " : text;
}

const GARBAGE = [
  "",
  "garbage",
  "12345",
  "2026-03-24 24:00:00", // SQLite says the next midnight; we do not parse it
  "2026-02-29 10:00:00+00:00", // SQLite says 1 March
  "2026-03-24 23:61:00+00:00",
  "2026-03-25T10:00:00+19:00",
  "2026-03-25T10:00:00 junk+00:00",
  "2026-03-25",
  "2026-03-25 ~",
  "2026-03-24T",
  " 2026-03-25 10:00:00",
];

const spellingArb: fc.Arbitrary<Spelling> = fc.record({
  sep: fc.constantFrom(0, 1, 1, 2),
  seconds: fc.boolean(),
  digits: fc.integer({ min: 0, max: 9 }),
  comma: fc.boolean(),
  zone: fc.integer({ min: 0, max: 8 }),
  offset: fc.integer({ min: -1080, max: 1080 }),
  blank: fc.boolean(),
  trailing: fc.boolean(),
});

// Instants near the window's edges (exactly on them, a millisecond or second off, hours off).
const nearArb = fc.record({
  edge: fc.constantFrom(0, 1, 2),
  delta: fc.oneof(
    fc.constantFrom(0, -1, 1, -1000, 1000, -999, 60_000, -60_000),
    fc.integer({ min: -20 * HOUR, max: 20 * HOUR }),
  ),
});

const rowArb = fc.record({
  near: nearArb,
  spelling: spellingArb,
  garbage: fc.option(fc.constantFrom(...GARBAGE), { freq: 6 }),
  ui: fc.boolean(),
  move: fc.boolean(),
});

const windowArb = fc.record({
  start: fc.oneof(
    fc.integer({ min: 0, max: 72 }).map((h) => BASE + h * HOUR),
    fc.integer({ min: 0, max: 3 * 86_400_000 }).map((ms) => BASE + ms),
  ),
  length: fc.oneof(
    fc.constantFrom(86_400_000, 23 * HOUR, 25 * HOUR, 1000, 60_000),
    fc.integer({ min: 1, max: 3 * 86_400_000 }),
  ),
});

let n = 0;

Deno.test("the id span holds every row whose parsed time is in the window, whatever the spelling", () => {
  fc.assert(
    fc.property(
      windowArb,
      fc.array(rowArb, { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      ({ start, length }, rows, seed) => {
        const end = start + length;
        const path = join(dir, `span-${n++}.sqlite`);
        const db = new DatabaseSync(path);
        db.exec(SCREENPIPE_SCHEMA_SQL);
        // Ids in time order, then a few swapped: a span from the ids of other rows would
        // cover a row out of order only by chance.
        const instants = rows.map((r) => [start, end, end + LOOKAHEAD][r.near.edge] + r.near.delta);
        const order = rows.map((_, i) => i).sort((a, b) => instants[a] - instants[b]);
        const ids: number[] = [];
        order.forEach((i, k) => ids[i] = k + 1);
        for (let k = 0, r = seed; k < seed % 4; k++) {
          r = (r * 1103515245 + 12345) % 2147483648;
          const i = r % ids.length, j = (r >> 8) % ids.length;
          [ids[i], ids[j]] = [ids[j], ids[i]];
        }
        const truth = { frames: [] as [number, string][], ui_events: [] as [number, string][] };
        rows.forEach((r, i) => {
          const ts = r.garbage ?? spell(instants[i], r.spelling);
          const table = r.ui ? "ui_events" : "frames";
          truth[table].push([ids[i], ts]);
          if (r.ui) {
            db.prepare("INSERT INTO ui_events (id, timestamp, event_type) VALUES (?, ?, ?)")
              .run(ids[i], ts, r.move ? "move" : "click");
          } else {
            db.prepare(
              "INSERT INTO frames (id, timestamp, app_name, device_name) VALUES (?, ?, 'Code', 'monitor_1')",
            ).run(ids[i], ts);
          }
        });
        const cases = [
          ["frames", "snapshots", end + LOOKAHEAD],
          ["ui_events", "events", end],
        ] as const;
        for (const [table, kind, until] of cases) {
          const inside = truth[table].filter(([, ts]) => {
            const at = parseTimestamp(ts);
            return at !== undefined && at >= start && at < until;
          });
          const spans = [
            idSpan(db, table, "id", { start, end: until }, kind),
            // The single scan of every margin row (a read by id from below every id).
            idSpan(db, table, "id", { start, end: until, fromRefs: { [kind]: 0 } }, kind),
          ];
          for (const span of spans) {
            for (const [id, ts] of inside) {
              assert.ok(
                id >= span.first && id <= span.last,
                `${table} row ${id} "${ts}" in [${start}, ${until}) outside span ${
                  JSON.stringify(span)
                }`,
              );
            }
          }
        }
        db.close();
        // The read counts rows between the window's first and last row, however wide the span.
        const capture = readScreenpipe(path, { start, end });
        const expect = (table: "frames" | "ui_events", until: number) => {
          const rowsOf = truth[table].filter(([id]) =>
            table === "frames" || !rows[ids.indexOf(id)].move
          );
          const parsed = rowsOf.map(([id, ts]) => [id, parseTimestamp(ts)] as const);
          const span = parsed.filter(([, at]) => at !== undefined && at >= start && at < until);
          const lo = Math.min(...span.map(([id]) => id)), hi = Math.max(...span.map(([id]) => id));
          const unparseable =
            parsed.filter(([id, at]) => at === undefined && id >= lo && id <= hi).length;
          const refs = parsed.filter(([, at]) => at !== undefined && at >= start && at < end)
            .sort((a, b) => a[1]! - b[1]! || a[0] - b[0]).map(([id]) => id);
          return { refs, unparseable, rows: refs.length + unparseable };
        };
        const frames = expect("frames", end + LOOKAHEAD);
        const events = expect("ui_events", end);
        assert.deepEqual(capture.snapshots.map((s) => s.ref), frames.refs);
        assert.deepEqual(capture.events.map((e) => e.ref), events.refs);
        assert.deepEqual(capture.facts.rows, { frames: frames.rows, ui_events: events.rows });
        assert.equal(
          capture.facts.rejected["frames: unparseable timestamp"],
          frames.unparseable || undefined,
        );
        assert.equal(
          capture.facts.rejected["ui_events: unparseable timestamp"],
          events.unparseable || undefined,
        );
        // A read by id from below every id returns the same capture.
        const byId = readScreenpipe(path, { start, end, fromRefs: { snapshots: 0, events: 0 } });
        assert.deepEqual({ ...byId, elements: undefined, unread: undefined }, {
          ...capture,
          elements: undefined,
          unread: undefined,
        });
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("textBounds() ascend, and split the window's dates by spelling", () => {
  fc.assert(
    fc.property(windowArb, ({ start, length }) => {
      const b = textBounds(start, start + length);
      assert.equal(b.length, 12);
      for (let i = 1; i < b.length; i++) assert.ok(b[i - 1] <= b[i], `${b[i - 1]} > ${b[i]}`);
    }),
  );
  const b = textBounds(Date.UTC(2026, 2, 24, 23), Date.UTC(2026, 2, 25, 23));
  assert.deepEqual(b, [
    "2026-03-24 04",
    "2026-03-24 23:00",
    "2026-03-24 ~",
    "2026-03-24T23:00",
    "2026-03-24T~",
    "2026-03-24t23:00",
    "2026-03-25 23:00:00",
    "2026-03-25T",
    "2026-03-25T23:00:00",
    "2026-03-25t",
    "2026-03-25t23:00:00",
    "2026-03-26~",
  ]);
});

Deno.test("a lone row is in the id span whenever its parsed time is in the window", () => {
  const db = new DatabaseSync(":memory:");
  db.exec(SCREENPIPE_SCHEMA_SQL);
  const insert = db.prepare("INSERT INTO frames (id, timestamp, app_name) VALUES (1, ?, 'Code')");
  fc.assert(
    fc.property(windowArb, nearArb, spellingArb, ({ start, length }, near, spelling) => {
      const end = start + length;
      const ts = spell([start, end, end][near.edge] + near.delta, spelling);
      db.exec("DELETE FROM frames");
      insert.run(ts);
      const at = parseTimestamp(ts);
      const inside = at !== undefined && at >= start && at < end;
      for (const fromRefs of [undefined, { snapshots: 0 }]) {
        const span = idSpan(db, "frames", "id", { start, end, fromRefs }, "snapshots");
        if (inside) assert.deepEqual(span, { first: 1, last: 1 }, `"${ts}" in [${start}, ${end})`);
      }
    }),
    { numRuns: 5000 },
  );
  db.close();
});

Deno.test("repeated titles and names read like distinct ones: every placeholder is counted", () => {
  // The reader reuses the previous row's cleaned app, title and URL while they repeat; a
  // title with a placeholder must still be counted once per row.
  const path = join(dir, "repeats.sqlite");
  const db = new DatabaseSync(path);
  db.exec(SCREENPIPE_SCHEMA_SQL);
  const titles = ["Inbox [EMAIL]", "Inbox [EMAIL]", "plain", "plain", "Inbox [EMAIL]", null];
  titles.forEach((t, i) => {
    const ts = new Date(BASE + 3600_000 + i * 1000).toISOString();
    db.prepare(
      "INSERT INTO frames (id, timestamp, app_name, window_name, device_name) VALUES (?, ?, ?, ?, 'monitor_1')",
    ).run(i + 1, ts, i === 3 ? "Other\u200b" : "Mail", t);
    db.prepare(
      "INSERT INTO ui_events (id, timestamp, event_type, app_name, window_title) VALUES (?, ?, 'key', 'Mail', ?)",
    ).run(i + 1, ts, t);
  });
  db.close();
  const capture = readScreenpipe(path, { start: BASE, end: BASE + 86_400_000 });
  const expected = titles.map((t) => t === null ? undefined : t.replace("[EMAIL]", "").trim());
  assert.deepEqual(capture.snapshots.map((s) => s.title), expected);
  assert.deepEqual(capture.events.map((e) => e.title), expected);
  assert.deepEqual(capture.snapshots.map((s) => s.app), [
    "Mail",
    "Mail",
    "Mail",
    "Other",
    "Mail",
    "Mail",
  ]);
  assert.equal(capture.facts.withheld?.["screenpipe redaction placeholder"], 6);
});
