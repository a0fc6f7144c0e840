import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openActivityWatchImport, readActivityWatch } from "../adapters/activitywatch/read.ts";
import { readNative } from "../src/store/mod.ts";
import { appendBatch, openStore, registerSource } from "../src/store/mod.ts";
import { compile } from "../src/compile/mod.ts";
import { importSource, type ImportSummary } from "../src/import/mod.ts";
import { exportJson, peeweeSql, rustSql, T0, writeSqlite } from "./data/aw/fixture.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_import_aw_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const WINDOW = { start: Date.UTC(2026, 6, 4), end: Date.UTC(2026, 6, 5) };
const rustExport = join(dir, "rust.json");
await Deno.writeTextFile(rustExport, exportJson("rust"));
const pythonExport = join(dir, "python.json");
await Deno.writeTextFile(pythonExport, exportJson("python"));
const rustDb = writeSqlite(join(dir, "sqlite.db"), rustSql());
const peeweeDb = writeSqlite(join(dir, "peewee.db"), peeweeSql());

let n = 0;
function storeFile(): string {
  return join(dir, `store${++n}`, "capture.db");
}

async function importFile(location: string, store: string, batchRows?: number) {
  const source = await openActivityWatchImport(location);
  try {
    return importSource(source, { store, batchRows, now: () => 0 });
  } finally {
    source.close();
  }
}

function counts(store: string): { snapshots: number; events: number; added: number } {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const one = (sql: string) => Object.values(db.prepare(sql).get()!)[0] as number;
    return {
      snapshots: one("SELECT count(*) FROM snapshots"),
      events: one("SELECT count(*) FROM input_events"),
      added: one("SELECT coalesce(sum(added), 0) FROM imports"),
    };
  } finally {
    db.close();
  }
}

Deno.test("importSource() adds every row once: a second import adds nothing", async () => {
  const store = storeFile();
  const first = await importFile(rustExport, store);
  assert.deepEqual(
    { ...first, store: "", location: "" },
    {
      adapter: "activitywatch",
      location: "",
      store: "",
      read: 24,
      added: 24,
      skipped: 0,
      rejected: { "currentwindow: no app": 1 },
    } satisfies ImportSummary,
  );
  assert.deepEqual(counts(store), { snapshots: 20, events: 4, added: 24 });
  const second = await importFile(rustExport, store);
  assert.deepEqual([second.read, second.added, second.skipped], [24, 0, 24]);
  assert.deepEqual(counts(store), { snapshots: 20, events: 4, added: 24 });
});

Deno.test("importSource() dedupes across forms: export, both databases, Python export", async () => {
  const store = storeFile();
  await importFile(rustExport, store);
  for (const other of [rustDb, peeweeDb, pythonExport]) {
    const s = await importFile(other, store);
    assert.deepEqual([s.added, s.skipped], [0, 24], other);
  }
  assert.deepEqual(counts(store), { snapshots: 20, events: 4, added: 24 });
});

Deno.test("importSource() commits batch by batch with counters equal to the rows", async () => {
  const store = storeFile();
  const s = await importFile(rustDb, store, 2);
  assert.equal(s.added, 24);
  const db = new DatabaseSync(store, { readOnly: true });
  const runs = db.prepare("SELECT read, added, skipped, rejected FROM imports").all();
  db.close();
  assert.deepEqual(runs.map((r) => ({ ...r })), [{
    read: 24,
    added: 24,
    skipped: 0,
    rejected: '{"currentwindow: no app":1}',
  }]);
});

Deno.test("compile() gives the same ledger from the native store as from the export", async () => {
  const store = storeFile();
  await importFile(rustExport, store);
  const direct = compile(readActivityWatch(rustExport, WINDOW), { tz: "UTC" });
  const imported = compile(readNative(store, WINDOW), { tz: "UTC" });
  assert.equal(imported.source.adapter, "native");
  // The store does not keep a source's focus capability or its away markers yet (the
  // native reader decides focus from the rows, and imports write no markers), so focused
  // minutes are compared apart from the rest.
  const unfocused = (l: { focused_minutes?: number }) => {
    const { focused_minutes: _f, ...rest } = l;
    return rest;
  };
  assert.deepEqual(imported.ledger, direct.ledger.map(unfocused));
  assert.deepEqual(imported.sites, direct.sites);
  const {
    rejected_rows: _a,
    per_display: displaysImported,
    ...coverageImported
  } = imported.coverage;
  const {
    rejected_rows: _b,
    focused_minutes: _c,
    per_display: displaysDirect,
    ...coverageDirect
  } = direct.coverage;
  assert.deepEqual(coverageImported, coverageDirect);
  assert.deepEqual(
    Object.keys(displaysImported).map((k) => displaysImported[k].active_minutes),
    Object.keys(displaysDirect).map((k) => displaysDirect[k].active_minutes),
  );
  assert.deepEqual(
    imported.frames.map((f) => [f.app, f.start, f.duration_min]),
    direct.frames.map((f) => [f.app, f.start, f.duration_min]),
  );
});

Deno.test("compile() puts imported and natively captured rows in one document", async () => {
  const store = storeFile();
  await importFile(rustExport, store);
  const db = openStore(store);
  const engine = registerSource(db, {
    adapter: "native",
    location: "engine",
    fingerprint: "engine-v1",
    capabilities: { input: true, elements: false, urls: false, heartbeats: true, focus: false },
  });
  const snapshots = [0, 30, 60, 90].map((s, i) => ({
    ref: i + 1,
    at: T0 + s * 1000,
    display: "monitor_1",
    app: "Terminal",
    trigger: "heartbeat" as const,
  }));
  appendBatch(db, { snapshots, events: [] }, { sourceId: engine });
  db.close();
  const doc = compile(readNative(store, WINDOW), { tz: "UTC" });
  const apps = doc.ledger.map((l) => l.app).sort();
  // Slack (1800 s) falls outside the not-afk periods, so ActivityWatch counts none of it.
  assert.deepEqual(apps, ["Code", "Firefox", "Google-chrome", "Terminal"]);
  assert.deepEqual(Object.keys(doc.coverage.per_display).sort(), [
    "desktop",
    "laptop",
    "monitor_1",
  ]);
  assert.equal(doc.source.capabilities.heartbeats, true);
});
