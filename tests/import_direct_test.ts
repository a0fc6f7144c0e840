import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openActivityWatchImport, readActivityWatch } from "../adapters/activitywatch/read.ts";
import { openRecallImport, readRecall } from "../adapters/recall/read.ts";
import { openMemoryArchiveImport, readMemoryArchive } from "../adapters/memory_archive/read.ts";
import type { ImportableSource } from "../adapters/types.ts";
import { importSource } from "../src/import/mod.ts";
import { readNative } from "../src/store/mod.ts";
import { compile } from "../src/compile/mod.ts";
import type { ActivityDocument } from "../src/compile/document.ts";
import type { Capture } from "../src/model.ts";
import { EVENING, eveningBuckets } from "./data/aw/day.ts";
import {
  BUCKETS,
  exportJson,
  type FixtureEvent,
  peeweeSql,
  rustSql,
  writeSqlite,
} from "./data/aw/fixture.ts";
import { runFrames } from "./_frames.ts";
import { type UkgRow, writeUkg } from "./data/recall/ukg.ts";
import { type TestCommand, writeSession } from "./data/memory_archive/session.ts";

// `frames import` then a compile from the store gives the document a direct read gives
// (issue 13): refs are mapped back from store ids to the source's own ids, and the source
// block, which names the reader, is left out. Rejected rows are reported once by the
// import rather than per window (tests/import_screenpipe_test.ts does the same), and
// ActivityWatch's note on overlapping window events is a measure of one window's raw
// events, which the store keeps resolved: both are compared apart.

const dir = await Deno.makeTempDir({ prefix: "frames_import_direct_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
let n = 0;
function fresh(name: string): string {
  const folder = join(dir, `${++n}`);
  Deno.mkdirSync(folder, { recursive: true });
  return join(folder, name);
}

async function importAll(open: () => Promise<ImportableSource> | ImportableSource, store: string) {
  const source = await open();
  try {
    return importSource(source, { store, now: () => 0 });
  } finally {
    source.close();
  }
}

/** Store row id → the source's own row id, per table. */
function sourceRows(
  store: string,
): Record<"snapshots" | "events" | "markers", Map<number, number>> {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const map = (table: string) =>
      new Map(
        (db.prepare(`SELECT id, source_row AS row FROM ${table}`).all() as {
          id: number;
          row: number;
        }[]).map((r) => [r.id, r.row]),
      );
    return {
      snapshots: map("snapshots"),
      events: map("input_events"),
      markers: map("markers"),
    };
  } finally {
    db.close();
  }
}

function count(store: string, table: string): number {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

/** An independent run expansion: "1-3,7" → [1, 2, 3, 7]. */
function expand(runs: string): number[] {
  if (runs === "") return [];
  return runs.split(",").flatMap((r) => {
    const [a, b] = r.split("-").map(Number);
    return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
  });
}

const PER_WINDOW = /source rows could not be read|window events overlap for/;

/** The document with refs spelled as source rows, without what names the reader. */
function comparable(
  doc: ActivityDocument,
  refs?: ReturnType<typeof sourceRows>,
): Record<string, unknown> {
  const map = (m: Map<number, number> | undefined) => (r: number) =>
    m === undefined ? r : m.get(r)!;
  const snap = map(refs?.snapshots), ev = map(refs?.events), mark = map(refs?.markers);
  const { source: _source, coverage, blind_spots, frames, ...rest } = doc;
  const { rejected_rows: _rejected, gaps, ...cov } = coverage;
  return {
    ...rest,
    coverage: {
      ...cov,
      gaps: gaps.map((g) =>
        g.evidence === undefined ? g : { ...g, evidence: expand(g.evidence).map(mark) }
      ),
    },
    blind_spots: blind_spots.filter((b) => !PER_WINDOW.test(b)),
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

interface Case {
  window: { start: number; end: number };
  tz: string;
  day?: string;
}

function assertSame(read: (w: Case["window"]) => Capture, store: string, cases: Case[]) {
  const refs = sourceRows(store);
  for (const c of cases) {
    const opts = { tz: c.tz, ...(c.day ? { day: c.day } : {}), minMinutes: 0 };
    const direct = compile(read(c.window), opts);
    const stored = compile(readNative(store, c.window), opts);
    assert.deepEqual(comparable(stored, refs), comparable(direct), JSON.stringify(c));
  }
}

const H = 3_600_000;
const DAY1 = Date.UTC(2026, 6, 4), DAY2 = Date.UTC(2026, 6, 5), DAY3 = Date.UTC(2026, 6, 6);

// ---- ActivityWatch: the generated evening (afk periods, web buckets, overlaps) ----

const awDb = writeSqlite(fresh("sqlite.db"), rustSql(eveningBuckets(), EVENING));
const awExport = fresh("export.json");
await Deno.writeTextFile(awExport, exportJson("rust", eveningBuckets(), EVENING));

Deno.test("frames import activitywatch then compile from the store equals the direct read", async () => {
  const store = fresh("capture.db");
  const s = await importAll(() => openActivityWatchImport(awDb), store);
  assert.ok(s.added > 0);
  assert.ok(count(store, "markers") > 10, "the afk periods' markers are in the store");
  const days: Case[] = [
    { window: { start: DAY1, end: DAY2 }, tz: "UTC", day: "2026-07-04" },
    { window: { start: DAY2, end: DAY3 }, tz: "UTC", day: "2026-07-05" },
    { window: { start: DAY1, end: DAY3 }, tz: "UTC" },
    // A day of another zone cuts the evening where no import slice does.
    { window: { start: DAY1 - 2 * H, end: DAY2 - 2 * H }, tz: "Europe/Berlin", day: "2026-07-04" },
    { window: { start: EVENING + 1234, end: EVENING + 3 * H + 777 }, tz: "UTC" },
  ];
  assertSame((w) => readActivityWatch(awDb, w), store, days);
  // Equality shows what the store kept: focus, away reasons, sites.
  const doc = compile(readNative(store, days[2].window), { tz: "UTC" });
  assert.equal(doc.source.capabilities.focus, true);
  assert.ok(doc.coverage.gaps.some((g) => g.reason === "afk"));
  assert.ok(doc.sites.length > 3);
});

Deno.test("frames import activitywatch is idempotent across forms, markers included", async () => {
  const store = fresh("capture.db");
  const first = await importAll(() => openActivityWatchImport(awDb), store);
  const rows = ["snapshots", "input_events", "markers"].map((t) => count(store, t));
  for (const form of [awDb, awExport]) {
    const again = await importAll(() => openActivityWatchImport(form), store);
    assert.deepEqual([again.added, again.skipped], [0, first.added], form);
  }
  assert.deepEqual(["snapshots", "input_events", "markers"].map((t) => count(store, t)), rows);
});

// ---- Windows Recall: a ukg.db ----

const T0 = Date.UTC(2026, 6, 4, 10);
const UKG: UkgRow[] = [
  {
    id: 1,
    name: "WindowCaptureEvent",
    at: T0,
    windowId: 1,
    title: "Deno",
    apps: [[1]],
    webs: [[1]],
  },
  { id: 2, name: "WindowCaptureEvent", at: T0 + 40_000, windowId: 1, apps: [[1]], webs: [[1]] },
  { id: 3, name: "ForegroundChangedEvent", at: T0 + 70_000, windowId: 2, title: "notes" },
  { id: 4, name: "WindowCaptureEvent", at: T0 + 75_000, windowId: 2, apps: [[2]] },
  { id: 5, name: "WindowCaptureEvent", at: T0 + 200_000, windowId: 3, apps: [[3]] },
  { id: 6, name: "WindowCaptureEvent", at: T0 + 900_000, windowId: 3, apps: [[3]] },
  { id: 7, name: "WindowCaptureEvent", at: "2026-07-04 10:30:00", windowId: 3, apps: [[3]] },
  { id: 8, name: "WindowCaptureEvent", at: DAY2 + 60_000, windowId: 1, apps: [[1]], webs: [[2]] },
  { id: 9, name: "WindowCaptureEvent", at: DAY2 + 100_000, windowId: 1, apps: [[1]], webs: [[2]] },
];

Deno.test("frames import recall then compile from the store equals the direct read", async () => {
  for (const variant of ["formats", "tools", "bare"] as const) {
    const ukg = join(dir, `ukg-${variant}`, "ukg.db");
    Deno.mkdirSync(join(ukg, ".."), { recursive: true });
    writeUkg(ukg, variant, UKG);
    const store = fresh("capture.db");
    const first = await importAll(() => openRecallImport(ukg), store);
    assert.ok(first.added > 0, variant);
    assertSame((w) => readRecall(ukg, w), store, [
      { window: { start: DAY1, end: DAY2 }, tz: "UTC", day: "2026-07-04" },
      { window: { start: DAY1, end: DAY3 }, tz: "UTC" },
      { window: { start: T0 + 60_000, end: T0 + 300_000 }, tz: "UTC" },
    ]);
    const again = await importAll(() => openRecallImport(ukg), store);
    assert.deepEqual([again.added, again.skipped], [0, first.added], variant);
  }
});

// ---- Memory Archive: an incomplete session ----

const MA_T0 = Date.UTC(2026, 6, 4, 9);
const COMMANDS: TestCommand[] = [
  [0, "mouse", "left", "Left-clicked at X=100, Y=200", 100, 200],
  [4, "keyboard", "press", "Pressed: ^c"],
  [8, "mouse", "left", "Left-clicked at X=300, Y=400", 300, 400],
  [40, "keyboard", "type", "Typed: hello"],
  [45, "keyboard", "press", "Pressed: ^v"],
  [400, "mouse", "left", "Left-clicked at X=5, Y=5", 5, 5],
  [410, "keyboard", "press", "Pressed: {Enter}"],
];

Deno.test("frames import memory-archive keeps an incomplete session's warning and equals the direct read", async () => {
  const root = await writeSession(join(dir, "ma"), "invoice (incomplete)", COMMANDS, {
    t0: MA_T0,
    jsonLines: true,
    truncateLast: 15,
  });
  const store = fresh("capture.db");
  const first = await importAll(() => openMemoryArchiveImport(root), store);
  assert.ok(first.notes?.some((x) => /session is incomplete/.test(x)), "import says so");
  assertSame((w) => readMemoryArchive(root, w), store, [
    { window: { start: DAY1, end: DAY2 }, tz: "UTC", day: "2026-07-04" },
    { window: { start: MA_T0 + 5_000, end: MA_T0 + 60_000 }, tz: "UTC" },
  ]);
  const doc = compile(readNative(store, { start: DAY1, end: DAY2 }), { tz: "UTC" });
  assert.ok(doc.blind_spots.some((b) => /session is incomplete/.test(b)), "the store says so");
  const again = await importAll(() => openMemoryArchiveImport(root), store);
  assert.deepEqual([again.added, again.skipped], [0, first.added]);
});

Deno.test("frames import exits 1 when every snapshot row is rejected, window by window", async () => {
  // Window events without an app: each window's read rejects them all, while input and
  // afk rows still read. Nothing can be compiled from those (a direct read fails alike).
  const buckets = BUCKETS.map((b) =>
    b.type !== "currentwindow" ? b : {
      ...b,
      events: b.events.map(([id, s, d]): FixtureEvent => [id, s, d, { title: "untitled" }]),
    }
  );
  const home = fresh("home");
  Deno.mkdirSync(home, { recursive: true });
  for (const [name, sql] of [["sqlite.db", rustSql(buckets)], ["peewee.db", peeweeSql(buckets)]]) {
    const db = writeSqlite(fresh(name), sql);
    const r = await runFrames(["import", "activitywatch", db, "--store", fresh("capture.db")], {
      home,
    });
    assert.equal(r.code, 1, r.stdout);
    assert.match(
      r.stderr,
      /^frames: Cannot import activitywatch ".*": no snapshot could be read, 6 rows were rejected \(currentwindow: no app: 6\), and the \d+ other rows alone make no frame\n$/,
    );
  }
});
