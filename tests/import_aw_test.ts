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

function counts(
  store: string,
): { snapshots: number; events: number; markers: number; added: number } {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const one = (sql: string) => Object.values(db.prepare(sql).get()!)[0] as number;
    return {
      snapshots: one("SELECT count(*) FROM snapshots"),
      events: one("SELECT count(*) FROM input_events"),
      markers: one("SELECT count(*) FROM markers"),
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
      read: 27,
      snapshots: 21,
      added: 27,
      skipped: 0,
      rejected: { "currentwindow: no app": 1 },
      notes: [
        'no afk bucket for host "desktop": its window time is counted whether or not someone was at the keyboard',
      ],
      // No --machine: each bucket's hostname is its rows' machine (the fixture syncs two).
      machine: "desktop, laptop",
    } satisfies ImportSummary,
  );
  // 21 snapshots, 4 input events and the afk period's away and back markers.
  assert.deepEqual(counts(store), { snapshots: 21, events: 4, markers: 2, added: 27 });
  const second = await importFile(rustExport, store);
  assert.deepEqual([second.read, second.added, second.skipped], [27, 0, 27]);
  assert.deepEqual(counts(store), { snapshots: 21, events: 4, markers: 2, added: 27 });
});

Deno.test("importSource() dedupes across forms: export, both databases, Python export", async () => {
  const store = storeFile();
  await importFile(rustExport, store);
  for (const other of [rustDb, peeweeDb, pythonExport]) {
    const s = await importFile(other, store);
    assert.deepEqual([s.added, s.skipped], [0, 27], other);
  }
  assert.deepEqual(counts(store), { snapshots: 21, events: 4, markers: 2, added: 27 });
});

Deno.test("importSource() commits batch by batch with counters equal to the rows", async () => {
  const store = storeFile();
  const s = await importFile(rustDb, store, 2);
  assert.equal(s.added, 27);
  const db = new DatabaseSync(store, { readOnly: true });
  const runs = db.prepare("SELECT read, added, skipped, rejected FROM imports").all();
  db.close();
  assert.deepEqual(runs.map((r) => ({ ...r })), [{
    read: 27,
    added: 27,
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
  // The store keeps the source's focus capability and its away markers (whole documents
  // are compared in tests/import_direct_test.ts).
  assert.deepEqual(imported.ledger, direct.ledger);
  assert.deepEqual(imported.sites, direct.sites);
  const { rejected_rows: _a, gaps: gapsImported, ...coverageImported } = imported.coverage;
  const { rejected_rows: _b, gaps: gapsDirect, ...coverageDirect } = direct.coverage;
  assert.deepEqual(coverageImported, coverageDirect);
  assert.deepEqual(gapsImported.map((g) => g.reason), gapsDirect.map((g) => g.reason));
  assert.deepEqual(
    imported.frames.map((f) => [f.app, f.start, f.duration_min, f.focused_min]),
    direct.frames.map((f) => [f.app, f.start, f.duration_min, f.focused_min]),
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
  // Two named machines (the buckets' hosts) and the engine's unnamed rows, which the store
  // reads as its `local` machine; a host's one ActivityWatch stream is its machine's name.
  assert.deepEqual(Object.keys(doc.coverage.per_display).sort(), [
    "desktop",
    "laptop",
    "local/monitor_1",
  ]);
  assert.equal(doc.source.capabilities.heartbeats, true);
});
