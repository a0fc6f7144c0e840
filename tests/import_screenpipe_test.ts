import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { openScreenpipeImport } from "../adapters/screenpipe/importer.ts";
import { DEMO_DISPLAYS, SCREENPIPE_SCHEMA_SQL, writeDemoDatabase } from "../src/demo/mod.ts";
import { importSource, nothingImported } from "../src/import/mod.ts";
import { readNative } from "../src/store/mod.ts";
import { compile } from "../src/compile/mod.ts";
import type { ActivityDocument } from "../src/compile/document.ts";
import { parseDisplays } from "../src/compile/enrich/geometry.ts";
import { loadTyper } from "../src/entities/mod.ts";
import type { Capture } from "../src/model.ts";
import { runFrames } from "./_frames.ts";

// The screenpipe layout comes from one definition (src/demo/_schema.ts, FORMATS §1); the
// demo database is the realistic case, small SQL texts the edge cases.

const dir = await Deno.makeTempDir({ prefix: "frames_import_screenpipe_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
let n = 0;
function fresh(name: string): string {
  const folder = join(dir, `${++n}`);
  Deno.mkdirSync(folder);
  return join(folder, name);
}

function sqlite(path: string, sql: string): string {
  const db = new DatabaseSync(path);
  db.exec(SCREENPIPE_SCHEMA_SQL + sql);
  db.close();
  return path;
}

function importDb(db: string, store: string) {
  const source = openScreenpipeImport(db);
  try {
    return importSource(source, { store, now: () => 0 });
  } finally {
    source.close();
  }
}

const demoPath = fresh("demo.sqlite");
const demo = writeDemoDatabase(demoPath, {});
const TZ = "Europe/Berlin";
const typer = await loadTyper();
const displays = parseDisplays(DEMO_DISPLAYS);

function compileDay(capture: Capture, day: string): ActivityDocument {
  // Geometry as an operator passes it with --displays, so clicks resolve on element rows.
  capture.displays = displays;
  return compile(capture, { tz: TZ, day, typer });
}

/** An independent run expansion: "1-3,7" → [1, 2, 3, 7]. */
function expand(runs: string): number[] {
  if (runs === "") return [];
  return runs.split(",").flatMap((r) => {
    const [a, b] = r.split("-").map(Number);
    return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
  });
}

/** Store row id → the source's own row id, per table. */
function sourceRows(
  store: string,
): { snapshots: Map<number, number>; events: Map<number, number> } {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const map = (sql: string) =>
      new Map((db.prepare(sql).all() as { id: number; row: number }[]).map((r) => [r.id, r.row]));
    return {
      snapshots: map("SELECT id, source_row AS row FROM snapshots"),
      events: map("SELECT id, source_row AS row FROM input_events"),
    };
  } finally {
    db.close();
  }
}

/**
 * The document with refs spelled as source rows and without what names the reader: the
 * source block, and the rejected rows, which the store reports at import, not per window.
 */
function comparable(
  doc: ActivityDocument,
  refs?: ReturnType<typeof sourceRows>,
): Record<string, unknown> {
  const snap = (r: number) => refs === undefined ? r : refs.snapshots.get(r)!;
  const ev = (r: number) => refs === undefined ? r : refs.events.get(r)!;
  const { source: _source, coverage, blind_spots, frames, ...rest } = doc;
  const { rejected_rows: _rejected, ...cov } = coverage;
  return {
    ...rest,
    coverage: cov,
    blind_spots: blind_spots.filter((b) => !/source rows could not be read/.test(b)),
    frames: frames.map((f) => ({
      ...f,
      id: `${f.display}:${snap(Number(f.id.slice(f.id.lastIndexOf(":") + 1)))}`,
      evidence: {
        snapshots: expand(f.evidence.snapshots).map(snap),
        events: expand(f.evidence.events).map(ev),
      },
    })),
  };
}

Deno.test("import then compile from the store gives the direct document on every demo day", () => {
  const store = fresh("capture.db");
  const summary = importDb(demoPath, store);
  assert.ok(summary.added > 0);
  const refs = sourceRows(store);
  const db = new DatabaseSync(store, { readOnly: true });
  const elements = (db.prepare("SELECT count(*) AS n FROM elements").get() as { n: number }).n;
  db.close();
  assert.ok(elements > 0, "element rows are imported");
  let resolvedOnElements = 0;
  for (const day of demo.days) {
    const window = { start: day.start, end: day.end };
    const direct = compileDay(readScreenpipe(demoPath, window), day.day);
    const stored = compileDay(readNative(store, window), day.day);
    assert.deepEqual(comparable(stored, refs), comparable(direct), day.day);
    const cr = direct.coverage.click_resolution;
    if (cr !== undefined) resolvedOnElements += cr.exact + cr.tolerance;
  }
  // Otherwise equality would not show that element rows survive the import.
  assert.ok(resolvedOnElements > 0, "some clicks resolve on element rows");
});

Deno.test("importSource() is idempotent on the demo: a second run adds nothing, not even elements", () => {
  const store = fresh("capture.db");
  const count = () => {
    const db = new DatabaseSync(store, { readOnly: true });
    try {
      return ["snapshots", "input_events", "elements"].map((t) =>
        (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n
      );
    } finally {
      db.close();
    }
  };
  const first = importDb(demoPath, store);
  const after = count();
  const second = importDb(demoPath, store);
  assert.equal(second.added, 0);
  assert.equal(second.skipped, first.added);
  assert.deepEqual(count(), after);
  assert.deepEqual(second.rejected, first.rejected);
  // Every well-formed demo row of the 14 days is in the store once.
  const expected = demo.days.reduce((s, d) => s + d.snapshots + d.events, 0);
  assert.equal(after[0] + after[1], expected);
  // Each stored snapshot carries the element rows it uses: its own, or those of the frame
  // its `elements_ref_frame_id` names (the store has no reuse), with bounds.
  const src = new DatabaseSync(demoPath, { readOnly: true });
  const ids = JSON.stringify([...sourceRows(store).snapshots.values()]);
  const used = src.prepare(
    `SELECT count(*) AS n FROM frames f JOIN elements e
       ON e.frame_id = coalesce(f.elements_ref_frame_id, f.id)
     WHERE f.id IN (SELECT value FROM json_each(?)) AND e.source IN ('accessibility', 'ocr')
       AND e.left_bound IS NOT NULL AND e.top_bound IS NOT NULL
       AND e.width_bound IS NOT NULL AND e.height_bound IS NOT NULL`,
  ).get(ids) as { n: number };
  src.close();
  assert.equal(after[2], used.n);
});

Deno.test("openScreenpipeImport() takes its span from parsed timestamps, not text order", () => {
  // `min(timestamp)` is '' and `max(timestamp)` 'not a timestamp': text order finds nothing.
  const db = sqlite(
    fresh("db.sqlite"),
    `INSERT INTO frames (id, timestamp, app_name, focused, device_name) VALUES
      (1, '', 'Code', 1, 'monitor_1'),
      (2, '2026-03-24 09:00:00', 'Code', 1, 'monitor_1'),
      (3, '2026-03-24T09:00:30.000000+00:00', 'Code', 1, 'monitor_1'),
      (4, 'not a timestamp', 'Code', 1, 'monitor_1'),
      (5, '2026-03-26T07:00:00.5+02:00', 'Slack', 1, 'monitor_1');
     INSERT INTO ui_events (id, timestamp, event_type) VALUES
      (1, '2026-03-27T10:00:00Z', 'key'), (2, 'soon', 'key'), (3, 'never', 'move');`,
  );
  const source = openScreenpipeImport(db);
  assert.deepEqual(source.span(), {
    first: Date.UTC(2026, 2, 24, 9),
    last: Date.UTC(2026, 2, 27, 10),
  });
  assert.deepEqual(source.loadRejected, {
    "frames: unparseable timestamp": 2,
    "ui_events: unparseable timestamp": 1,
  });
  const summary = importSource(source, { store: fresh("capture.db"), now: () => 0 });
  assert.equal(summary.added, 4); // frames 2, 3, 5 and the key event
  // Counted once for the file, however many day windows the id ranges touched.
  assert.deepEqual(summary.rejected, source.loadRejected);
  assert.equal(nothingImported(summary), undefined);
});

Deno.test("frames import exits 1 and says why when every row is rejected", async () => {
  const home = fresh("home");
  await Deno.mkdir(home, { recursive: true });
  const db = sqlite(
    fresh("db.sqlite"),
    `INSERT INTO frames (id, timestamp, app_name, device_name) VALUES
      (1, 'not a timestamp', 'Code', 'monitor_1'), (2, '2026-03-24T09:00:00Z', '', 'monitor_1');`,
  );
  const r = await runFrames(["import", "screenpipe", db], { home });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /read 0 rows, added 0/);
  assert.equal(r.stderr.trim().split("\n").length, 1);
  assert.match(
    r.stderr,
    /^frames: Cannot import screenpipe ".*db\.sqlite": all 2 rows it holds were rejected \(frames: empty app_name: 1; frames: unparseable timestamp: 1\)\n$/,
  );
  // The same window compiled directly fails the same way, not as an empty day.
  const c = await runFrames(
    ["compile", "--source", `screenpipe:${db}`, "--day", "2026-03-24", "--tz", "UTC"],
    { home },
  );
  assert.equal(c.code, 1, c.stdout);
  assert.match(
    c.stderr,
    /^frames: Cannot read screenpipe ".*": all 1 rows of the window were rejected \(frames: empty app_name: 1\)\n$/,
  );
});

Deno.test("frames import screenpipe names the file and what is missing in one line", async () => {
  const home = fresh("home");
  await Deno.mkdir(home, { recursive: true });
  const foreign = fresh("other.sqlite");
  const db = new DatabaseSync(foreign);
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
  db.close();
  const r = await runFrames(["import", "screenpipe", foreign], { home });
  assert.equal(r.code, 1);
  assert.match(
    r.stderr,
    /^frames: Cannot read screenpipe database ".*other\.sqlite": it has no frames table \(is it a screenpipe database\?\)\n$/,
  );
});
