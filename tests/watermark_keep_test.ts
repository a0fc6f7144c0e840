/**
 * The screenpipe watermark on a kept connection (keepScreenpipeWatermark, for live
 * sessions) must never answer stale rows: after every write through another connection it
 * equals a fresh watermark of the file — for a rollback-journal file and a WAL file with a
 * writer open (both opened plainly, so kept), a WAL file with no writer (opened
 * `immutable=1` or as a private copy, so never kept), a schema change and a file replaced
 * at the same path.
 */
import { deepStrictEqual, equal, notDeepStrictEqual } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { keepScreenpipeWatermark, screenpipeWatermark } from "../adapters/screenpipe/_watermark.ts";
import { openReadOnlyConnection } from "../src/store/sqlite.ts";
import { dayWindow } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";

const TZ = "Europe/Berlin";
const dir = await Deno.makeTempDir({ prefix: "frames-watermark-keep-" });
const demo = join(dir, "demo.sqlite");
const DAY = writeDemoDatabase(demo, { seed: 7, days: 1, tz: TZ }).busiestDay;
const WINDOW = dayWindow(DAY, TZ);
let clock = WINDOW.start + 3_600_000;

function copy(name: string, wal: boolean): string {
  const path = join(dir, name);
  Deno.copyFileSync(demo, path);
  if (wal) {
    const db = new DatabaseSync(path);
    db.exec("PRAGMA journal_mode = WAL");
    db.close();
  }
  return path;
}

function addFrame(db: DatabaseSync): void {
  clock += 1_000;
  db.prepare(
    `INSERT INTO frames (timestamp, app_name, window_name, focused, device_name)
     VALUES (?, 'Code', 'keep.ts', 1, 'monitor_1')`,
  ).run(new Date(clock).toISOString());
}

function addEvent(db: DatabaseSync, type: string): void {
  clock += 1_000;
  db.prepare(
    `INSERT INTO ui_events (timestamp, event_type, app_name, window_title) VALUES (?, ?, 'Code', 'keep.ts')`,
  ).run(new Date(clock).toISOString(), type);
}

/** Writes through `write`, then checks the kept watermark against a fresh one, three times. */
function checkFresh(path: string, write: () => void): void {
  const keeper = keepScreenpipeWatermark(path);
  try {
    let mark = keeper.measure(WINDOW);
    deepStrictEqual(mark, screenpipeWatermark(path, WINDOW), "first");
    for (let i = 0; i < 3; i++) {
      const was = mark.parts.frames.rows;
      write();
      mark = keeper.measure(WINDOW, mark);
      equal(mark.parts.frames.rows, was + 1, `the new frame is seen (round ${i})`);
      deepStrictEqual(mark, screenpipeWatermark(path, WINDOW, mark), `round ${i}`);
    }
  } finally {
    keeper.close();
  }
}

Deno.test("a kept watermark of a rollback-journal file sees rows written by another connection", () => {
  const path = copy("rollback.sqlite", false);
  equal(openSeesNewRows(path), true);
  const writer = new DatabaseSync(path);
  checkFresh(path, () => {
    addFrame(writer);
    addEvent(writer, "key");
  });
  writer.close();
});

Deno.test("a kept watermark of a WAL file with a writer open sees its commits", () => {
  const path = copy("wal.sqlite", true);
  const writer = new DatabaseSync(path);
  writer.exec("SELECT count(*) FROM frames"); // the writer holds the -wal open
  equal(openSeesNewRows(path), true);
  checkFresh(path, () => addFrame(writer));
  writer.close();
});

Deno.test("a WAL file with no writer (immutable or a private copy) is never kept stale", () => {
  const path = copy("wal_idle.sqlite", true);
  equal(openSeesNewRows(path), false);
  // Each write opens and closes its own connection, which removes the -wal again.
  checkFresh(path, () => {
    const writer = new DatabaseSync(path);
    addFrame(writer);
    writer.close();
  });
});

Deno.test("a kept watermark follows a schema change and a file replaced at its path", () => {
  const path = copy("schema.sqlite", false);
  const keeper = keepScreenpipeWatermark(path);
  try {
    const before = keeper.measure(WINDOW);
    const writer = new DatabaseSync(path);
    writer.exec("ALTER TABLE frames ADD COLUMN keep_test TEXT");
    addEvent(writer, "move"); // counted like any row (a tail read by id accounts for it)
    writer.close();
    const after = keeper.measure(WINDOW, before);
    notDeepStrictEqual(after.schema, before.schema);
    deepStrictEqual(after, screenpipeWatermark(path, WINDOW, before));
    equal(after.parts.ui_events.rows, before.parts.ui_events.rows + 1);
    equal(after.parts.ui_events.maxRef, before.parts.ui_events.maxRef! + 1);
    // Another file renamed over the path: its rows, not the old file's.
    const other = copy("other.sqlite", false);
    const w = new DatabaseSync(other);
    for (let i = 0; i < 5; i++) addFrame(w);
    w.close();
    Deno.renameSync(other, path);
    const replaced = keeper.measure(WINDOW);
    deepStrictEqual(replaced, screenpipeWatermark(path, WINDOW));
    equal(replaced.parts.frames.rows, before.parts.frames.rows + 5);
  } finally {
    keeper.close();
  }
});

function openSeesNewRows(path: string): boolean {
  const { db, seesNewRows } = openReadOnlyConnection(path, { label: "test" });
  db.close();
  return seesNewRows;
}
