import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  appendBatch,
  openStore,
  registerSource,
  STORE_VERSION,
  storePath,
  storeVersion,
} from "../src/store/mod.ts";
import { discoverNative, readNative, readNativeElements } from "../src/store/mod.ts";
import { resolveSource } from "../adapters/resolve.ts";
import type { Capabilities, Snapshot, Trigger } from "../src/model.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_store_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const T0 = Date.UTC(2026, 6, 4, 8);
const WINDOW = { start: T0 - 3_600_000, end: T0 + 3_600_000 };
const CAPS: Capabilities = {
  input: true,
  elements: true,
  urls: true,
  heartbeats: true,
  focus: true,
};
let n = 0;

function fresh(): string {
  return join(dir, `home${++n}`, storePath(".frames"));
}

function snap(ref: number, s: number, app: string, trigger: Trigger = "switch"): Snapshot {
  return { ref, at: T0 + s * 1000, display: "monitor_1", app, trigger };
}

Deno.test("openStore() creates a user-only WAL store at the current schema version", () => {
  const path = fresh();
  const db = openStore(path);
  try {
    assert.equal(storeVersion(db), STORE_VERSION);
    const mode = db.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
    assert.equal(mode.journal_mode, "wal");
    const busy = db.prepare("PRAGMA busy_timeout").get() as Record<string, number>;
    assert.equal(Object.values(busy)[0], 5000);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all().map((r) => (r as { name: string }).name);
    assert.deepEqual(tables, [
      "displays",
      "elements",
      "imports",
      "input_events",
      "markers",
      "snapshots",
      "sources",
    ]);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
      .all().map((r) => (r as { name: string }).name).filter((x) => !x.startsWith("sqlite_"));
    assert.ok(indexes.includes("snapshots_at") && indexes.includes("input_events_at"));
  } finally {
    db.close();
  }
  assert.equal(Deno.statSync(path).mode! & 0o777, 0o600);
  assert.equal(Deno.statSync(join(path, "..")).mode! & 0o777, 0o700);
  // Opening again is a no-op migration.
  openStore(path).close();
});

Deno.test("openStore() refuses a store written by a newer frames", () => {
  const path = fresh();
  openStore(path).close();
  const db = new DatabaseSync(path);
  db.exec("PRAGMA user_version = 99");
  db.close();
  assert.throws(() => openStore(path), {
    message:
      `Cannot open frames capture database "${path}": schema version 99 is newer than this frames understands (${STORE_VERSION}); upgrade frames`,
  });
  assert.throws(() => readNative(path, WINDOW), /schema version 99 is newer/);
});

Deno.test("appendBatch() skips rows whose source key is already stored", () => {
  const db = openStore(fresh());
  try {
    const id = registerSource(db, {
      adapter: "test",
      location: "x",
      fingerprint: "f",
      capabilities: CAPS,
    });
    const batch = {
      snapshots: [snap(1, 0, "Code"), snap(2, 30, "Code")],
      snapshotKeys: ["t#1", "t#2"],
      events: [{ ref: 7, at: T0 + 5000, kind: "click" as const, snapshotRef: 1 }],
      eventKeys: ["t#e7"],
    };
    assert.deepEqual(appendBatch(db, batch, { sourceId: id }), { added: 3, skipped: 0 });
    assert.deepEqual(appendBatch(db, batch, { sourceId: id }), { added: 0, skipped: 3 });
    // Rows without a key (the native engine's own) are never deduplicated.
    assert.deepEqual(
      appendBatch(db, { snapshots: [snap(3, 60, "Code")], events: [] }, { sourceId: id }),
      { added: 1, skipped: 0 },
    );
    const count = db.prepare("SELECT count(*) AS n FROM snapshots").get() as { n: number };
    assert.equal(count.n, 3);
  } finally {
    db.close();
  }
});

Deno.test("appendBatch() commits all of a batch or none of it", () => {
  const db = openStore(fresh());
  try {
    const id = registerSource(db, {
      adapter: "test",
      location: "x",
      fingerprint: "f",
      capabilities: CAPS,
    });
    const bad = { ...snap(2, 30, "Code"), trigger: "bogus" as Trigger };
    assert.throws(() =>
      appendBatch(db, {
        snapshots: [snap(1, 0, "Code"), bad],
        snapshotKeys: ["a", "b"],
        events: [],
      }, { sourceId: id })
    );
    const count = db.prepare("SELECT count(*) AS n FROM snapshots").get() as { n: number };
    assert.equal(count.n, 0);
  } finally {
    db.close();
  }
});

Deno.test("readNative() reads a half-open window with every field and links across batches", () => {
  const path = fresh();
  const db = openStore(path);
  const id = registerSource(db, {
    adapter: "test",
    location: "x",
    fingerprint: "f",
    capabilities: CAPS,
    elementUnits: "px",
  });
  const refIds = new Map<number, number>();
  appendBatch(db, {
    snapshots: [
      { ...snap(10, -3600, "Early"), focused: true },
      { ...snap(11, 0, "Code"), title: "main.ts", focused: false, trigger: "heartbeat" },
      { ...snap(12, 30, "Firefox"), url: "https://example.com/a", focused: true },
    ],
    snapshotKeys: ["k10", "k11", "k12"],
    events: [],
    elements: [{
      snapshotRef: 11,
      role: "AXButton",
      name: "Run",
      bounds: { x: 1, y: 2, width: 3, height: 4 },
      units: "px",
      source: "accessibility",
    }],
    displays: [{ display: "monitor_1", x: 0, y: 0, width: 1920, height: 1080, scale: 2 }],
  }, { sourceId: id, refIds });
  appendBatch(db, {
    snapshots: [snap(13, 3600, "Late")],
    snapshotKeys: ["k13"],
    events: [{
      ref: 20,
      at: T0 + 10_000,
      kind: "text",
      chars: 5,
      text: "hello",
      x: 10,
      y: 20,
      app: "Code",
      element: { name: "editor", role: "AXTextArea", bounds: { x: 0, y: 0, width: 5, height: 6 } },
      snapshotRef: 11,
    }],
    eventKeys: ["e20"],
  }, { sourceId: id, refIds });
  db.close();
  const c = readNative(path, WINDOW);
  assert.deepEqual(c.snapshots.map((s) => s.app), ["Early", "Code", "Firefox"]);
  const code = c.snapshots[1];
  assert.deepEqual(code, {
    ref: code.ref,
    at: T0,
    display: "monitor_1",
    app: "Code",
    title: "main.ts",
    trigger: "heartbeat",
    focused: false,
  });
  assert.equal(c.events.length, 1);
  const e = c.events[0];
  assert.equal(e.snapshotRef, code.ref);
  assert.equal(e.text, undefined, "typed text only on opt-in");
  assert.equal(e.chars, 5);
  assert.deepEqual(e.element, {
    name: "editor",
    role: "AXTextArea",
    bounds: { x: 0, y: 0, width: 5, height: 6 },
  });
  assert.equal(readNative(path, { ...WINDOW, includeText: true }).events[0].text, "hello");
  assert.deepEqual(c.displays, [{
    display: "monitor_1",
    x: 0,
    y: 0,
    width: 1920,
    height: 1080,
    scale: 2,
  }]);
  assert.equal(c.facts.adapter, "native");
  assert.match(c.facts.fingerprint, /^v4-[0-9a-f]{8}$/);
  assert.deepEqual(c.facts.capabilities, CAPS);
  assert.deepEqual(readNativeElements(path, [code.ref]).map((x) => x.name), ["Run"]);
  // The lazy lookup finds the element under a click, and says when a snapshot has none.
  assert.equal(c.elements?.units, "px");
  const [hit, miss, none] = c.elements!.near([
    { snapshotRef: code.ref, x: 2, y: 3, dx: 0, dy: 0 },
    { snapshotRef: code.ref, x: 100, y: 100, dx: 10, dy: 10 },
    { snapshotRef: c.snapshots[2].ref, x: 2, y: 3, dx: 0, dy: 0 },
  ]);
  assert.deepEqual(hit.elements.map((x) => [x.name, x.role, x.source]), [[
    "Run",
    "AXButton",
    "accessibility",
  ]]);
  assert.deepEqual([hit.any, miss.any, miss.elements.length, none.any], [true, true, 0, false]);
});

Deno.test("readNative() throws clear errors for a missing file and a foreign database", () => {
  const missing = join(dir, "missing.db");
  assert.throws(() => readNative(missing, WINDOW), {
    message: `Cannot open frames capture database "${missing}": file does not exist`,
  });
  const foreign = join(dir, "foreign.db");
  new DatabaseSync(foreign).close();
  assert.throws(() => readNative(foreign, WINDOW), {
    message:
      `Cannot read frames capture database "${foreign}": it is not a frames capture store (schema version 0)`,
  });
});

Deno.test("readNative() never writes to the store it reads", async () => {
  const path = fresh();
  openStore(path).close();
  const before = await Deno.readFile(path);
  const mtime = (await Deno.stat(path)).mtime?.getTime();
  readNative(path, WINDOW);
  assert.deepEqual(await Deno.readFile(path), before);
  assert.equal((await Deno.stat(path)).mtime?.getTime(), mtime);
});

Deno.test("resolveSource() uses the native store by default when it exists", async () => {
  const home = join(dir, `resolve${++n}`);
  const framesHome = join(home, ".frames");
  await Deno.mkdir(framesHome, { recursive: true });
  assert.equal(discoverNative(framesHome), undefined);
  await assert.rejects(() => resolveSource(undefined, { home, framesHome }), (err: Error) => {
    assert.ok(err.message.includes(join(framesHome, "capture.db")), err.message);
    return true;
  });
  openStore(join(framesHome, "capture.db")).close();
  const source = await resolveSource(undefined, { home, framesHome });
  assert.deepEqual([source.adapter, source.path], ["native", join(framesHome, "capture.db")]);
  const explicit = await resolveSource(`native:${join(framesHome, "capture.db")}`, {});
  assert.equal(explicit.adapter, "native");
  assert.equal((await explicit.readAsync(WINDOW)).facts.adapter, "native");
});

Deno.test("readNative() reads the engine's away markers and compile() labels the gap with them", async () => {
  const path = fresh();
  const db = openStore(path);
  try {
    const id = registerSource(db, {
      adapter: "engine",
      location: "x11",
      fingerprint: "f",
      capabilities: CAPS,
    });
    const snaps = [
      snap(1, 0, "Code"),
      snap(2, 30, "Code"),
      snap(3, 1830, "Code"),
      snap(4, 1860, "Code"),
    ];
    appendBatch(db, { snapshots: snaps, events: [] }, { sourceId: id });
    const ins = db.prepare(
      "INSERT INTO markers (at_ms, kind, reason, source_id) VALUES (?, ?, ?, ?)",
    );
    ins.run(T0 + 40_000, "away", "locked", id);
    ins.run(T0 + 1_825_000, "back", null, id);
    ins.run(T0 + 7_200_000, "stop", null, id); // outside the window
  } finally {
    db.close();
  }
  const capture = readNative(path, WINDOW);
  assert.deepEqual(capture.markers?.map((m) => [m.kind, m.reason]), [["away", "locked"], [
    "back",
    undefined,
  ]]);
  const { compile } = await import("../src/compile/mod.ts");
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  // The window's edges bound a gap before the first and after the last snapshot (§3.11).
  assert.deepEqual(doc.coverage.gaps, [{
    start: "2026-07-04T07:00:00Z",
    end: "2026-07-04T08:00:00Z",
    minutes: 60,
  }, {
    start: "2026-07-04T08:00:30Z",
    end: "2026-07-04T08:30:30Z",
    minutes: 30,
    reason: "locked",
    evidence: "1-2",
  }, {
    start: "2026-07-04T08:31:00Z",
    end: "2026-07-04T09:00:00Z",
    minutes: 29,
  }]);
});

Deno.test("openStore() migrates a v2 store forward, keeping its rows; readNative() reads both", async () => {
  const { MIGRATIONS } = await import("../src/store/_schema.ts");
  const path = fresh();
  Deno.mkdirSync(join(path, ".."), { recursive: true });
  // A store as frames wrote it at schema v2: a source, a snapshot pair and an away marker.
  const old = new DatabaseSync(path);
  for (const sql of MIGRATIONS.slice(0, 2)) old.exec(sql);
  old.exec(`PRAGMA user_version = 2;
    INSERT INTO sources (id, adapter, location, capabilities) VALUES
      (1, 'native', 'x11', '{"input":false,"focus":true}');
    INSERT INTO snapshots (at_ms, display, app, source_id) VALUES
      (${T0}, 'monitor_1', 'Code', 1), (${T0 + 60_000}, 'monitor_1', 'Code', 1);
    INSERT INTO markers (at_ms, kind, reason, source_id) VALUES (${
    T0 + 20_000
  }, 'away', 'locked', 1);`);
  old.close();
  // Read as it is (a reader never migrates): the marker ends the first snapshot's dwell.
  const { compile } = await import("../src/compile/mod.ts");
  const v2 = readNative(path, WINDOW);
  assert.match(v2.facts.fingerprint, /^v2-/);
  assert.equal(v2.facts.capabilities.focus, true, "the source's own focus capability");
  assert.equal(compile(v2, { tz: "UTC" }).coverage.active_minutes, 0.3);
  // Migrated by a writer: every row kept, markers now carry provenance, sources notes.
  const db = openStore(path);
  try {
    assert.equal(storeVersion(db), STORE_VERSION);
    const one = (sql: string) => Object.values(db.prepare(sql).get()!)[0];
    assert.equal(one("SELECT count(*) FROM snapshots"), 2);
    assert.equal(one("SELECT count(*) FROM markers WHERE source_key IS NULL"), 1);
    assert.equal(one("SELECT notes FROM sources"), "[]");
    const id = registerSource(db, {
      adapter: "memory-archive",
      location: "/s",
      fingerprint: "f",
      capabilities: { ...CAPS, focus: false },
      notes: ["a note"],
    });
    const marker = { ref: 7, at: T0 + 30_000, kind: "stop" as const };
    for (const added of [2, 0]) {
      const r = appendBatch(db, {
        snapshots: [snap(5, 10, "unknown")],
        snapshotKeys: ["ma:5"],
        events: [],
        markers: [marker],
        markerKeys: ["ma:stop@30"],
      }, { sourceId: id });
      assert.equal(r.added, added, "a marker is written once by its key");
    }
  } finally {
    db.close();
  }
  const v3 = readNative(path, WINDOW);
  // Two recorders of one machine now (the engine and the archive): said, and focus is one.
  const { RECORDERS_NOTE } = await import("../src/store/_machines.ts");
  assert.deepEqual(v3.facts.notes, ["a note", RECORDERS_NOTE]);
  assert.deepEqual(v3.markers?.map((m) => m.kind), ["away", "stop"]);
  // Two recorders of one machine are two streams (schema v4 on): the engine's Code earns
  // 0–20 s up to the away marker; the archive's lone snapshot ends its own stream and earns
  // nothing, instead of cutting the engine's dwell short.
  const doc = compile(v3, { tz: "UTC" });
  assert.equal(doc.coverage.active_minutes, 0.3);
  assert.equal(doc.ledger.find((l) => l.app === "unknown")?.minutes, 0);
  assert.equal(doc.ledger.find((l) => l.app === "Code")?.minutes, 0.3);
});
