import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  activityWatchPaths,
  AW_REF_CHUNKS,
  discoverActivityWatch,
  readActivityWatch,
} from "../adapters/activitywatch/read.ts";
import { resolveSource } from "../adapters/resolve.ts";
import type { Capture } from "../src/model.ts";
import { BUCKETS, exportJson, peeweeSql, rustSql, T0, writeSqlite } from "./data/aw/fixture.ts";

// Fixtures follow FORMATS §2 and are written from JSON/SQL text in a temp dir.

const dir = await Deno.makeTempDir({ prefix: "frames_aw_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const WINDOW = { start: T0 - 3_600_000, end: T0 + 86_400_000 };

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await Deno.writeTextFile(path, text);
  return path;
}

const rustExport = await file("rust.json", exportJson("rust"));
const pythonExport = await file("python.json", exportJson("python"));
const rustDb = writeSqlite(join(dir, "sqlite.db"), rustSql());
const peeweeDb = writeSqlite(join(dir, "peewee-sqlite.v2.db"), peeweeSql());

/** `[ref, seconds after T0, display, app, trigger, url?]` per snapshot. */
function rows(c: Capture): [number, number, string, string, string, string?][] {
  return c.snapshots.map((s) => {
    const row: [number, number, string, string, string, string?] = [
      s.ref,
      (s.at - T0) / 1000,
      s.display,
      s.app,
      s.trigger ?? "",
    ];
    if (s.url !== undefined) row.push(s.url);
    return row;
  });
}

const GH = "https://github.com/denoland/deno";

/**
 * What the fixture must become (FORMATS §2): ActivityWatch's canonical view — window events
 * flooded and cut to the host's not-afk periods (Slack at 1800 s falls after them) — as a
 * 30 s grid anchored at the epoch; the afk period's away marker ends the dwell before it
 * (SPEC §3.2), a pause without one is met by placement (adapters/activitywatch/_place.ts).
 */
const EXPECTED: [number, number, string, string, string, string?][] = [
  [10000, 0, "laptop", "Code", "switch"],
  [410000, 0, "desktop", "Firefox", "switch"],
  [410001, 20, "desktop", "Firefox", "unknown"], // closing: nothing follows
  [10001, 30, "laptop", "Code", "unknown"],
  [10002, 60, "laptop", "Code", "unknown"],
  [20000, 65.5, "laptop", "Google-chrome", "switch", GH],
  [20001, 90, "laptop", "Google-chrome", "unknown", GH], // the grid is on whole 30 s
  [30000, 105.5, "laptop", "Code", "switch"],
  [30001, 120, "laptop", "Code", "unknown"],
  [30002, 150, "laptop", "Code", "unknown"],
  [30003, 180, "laptop", "Code", "unknown"],
  [30004, 210, "laptop", "Code", "unknown"],
  [30005, 240, "laptop", "Code", "unknown"],
  // afk 300–540 s: the grid runs on; the away marker at 300 s ends this one's dwell.
  [30006, 270, "laptop", "Code", "unknown"],
  [30007, 540, "laptop", "Code", "input"], // the return from afk
  [30008, 570, "laptop", "Code", "unknown"],
  [30009, 600, "laptop", "Code", "unknown"],
  [30010, 630, "laptop", "Code", "unknown"],
  [30011, 660, "laptop", "Code", "unknown"],
  [30012, 690, "laptop", "Code", "unknown"],
  [30013, 705.5, "laptop", "Code", "unknown"], // closing: the event ends, nothing follows
];

Deno.test("readActivityWatch() turns the Rust export's intervals into grid snapshots", () => {
  const c = readActivityWatch(rustExport, WINDOW);
  assert.deepEqual(rows(c), EXPECTED);
  assert.equal(c.facts.adapter, "activitywatch");
  assert.equal(c.facts.fingerprint, "aw-export-rust");
  assert.deepEqual(c.facts.capabilities, {
    input: true,
    elements: false,
    urls: true,
    heartbeats: false,
    focus: true,
  });
  assert.deepEqual(c.facts.rejected, { "currentwindow: no app": 1 });
  assert.deepEqual(c.markers, [
    { ref: 120000, at: T0 + 300_000, kind: "away", reason: "afk", display: "laptop" },
    { ref: 120001, at: T0 + 540_000, kind: "back", display: "laptop" },
  ]);
  // Every snapshot's evidence names its event: floor(ref / 10,000) is the event id.
  assert.deepEqual(
    [...new Set(c.snapshots.map((s) => Math.floor(s.ref / AW_REF_CHUNKS)))].sort((a, b) => a - b),
    [1, 2, 3, 41],
  );
});

Deno.test("readActivityWatch() reads the aw-server-rust and peewee databases like the export", () => {
  assert.deepEqual(rows(readActivityWatch(rustDb, WINDOW)), EXPECTED);
  assert.deepEqual(rows(readActivityWatch(peeweeDb, WINDOW)), EXPECTED);
  assert.match(readActivityWatch(rustDb, WINDOW).facts.fingerprint, /^aw-sqlite-uv5-/);
  assert.match(readActivityWatch(peeweeDb, WINDOW).facts.fingerprint, /^aw-peewee-/);
});

Deno.test("readActivityWatch() gives the Python export's id-less events stable ordinal ids", () => {
  const c = readActivityWatch(pythonExport, WINDOW);
  assert.equal(c.facts.fingerprint, "aw-export-python");
  // Same instants, apps and URLs as the Rust export; only the ids are synthetic.
  const strip = (r: (string | number | undefined)[]) => JSON.stringify(r.slice(1));
  assert.deepEqual(rows(c).map(strip).sort(), EXPECTED.map(strip).sort());
  // Ordinals follow buckets sorted by id, events oldest first: afk 1-3, input 4,
  // spotify 5, web 6, the desktop window 7, the laptop window 8-12.
  const first = (display: string) => c.snapshots.find((s) => s.display === display)!.ref;
  assert.deepEqual([first("desktop"), first("laptop")], [70000, 80000]);
  assert.deepEqual(rows(c), rows(readActivityWatch(pythonExport, WINDOW)));
});

Deno.test("readActivityWatch() spreads os.hid.input counts over the interval", () => {
  const c = readActivityWatch(rustExport, WINDOW);
  assert.deepEqual(
    c.events.map((e) => [e.ref, (e.at - T0) / 1000, e.kind, e.display]),
    [
      [310000, 10, "key", "laptop"],
      [310001, 11.25, "key", "laptop"],
      [310002, 12.5, "key", "laptop"],
      [310003, 13.75, "click", "laptop"],
    ],
  );
});

Deno.test("readActivityWatch() keeps the window half-open and slices consistently", () => {
  const cut = T0 + 600_000;
  const a = readActivityWatch(rustDb, { start: WINDOW.start, end: cut });
  const b = readActivityWatch(rustDb, { start: cut, end: WINDOW.end });
  // SPEC §3.11: one snapshot past the end per stream (the grid has one at the cut itself),
  // and the next window starts with it.
  assert.ok(a.snapshots.every((s) => s.at < cut));
  assert.deepEqual(a.after, [b.snapshots.find((s) => s.display === "laptop")]);
  assert.equal(b.snapshots[0].at, cut);
  const whole = rows(readActivityWatch(rustDb, WINDOW));
  const joined = [...rows(a), ...rows(b)].sort((x, y) => x[1] - y[1] || x[0] - y[0]);
  assert.deepEqual(joined, whole);
});

Deno.test("readActivityWatch() names the line of malformed export JSON", async () => {
  const bad = await file("bad.json", '{\n  "buckets": {\n    "x" 1\n  }\n}');
  assert.throws(() => readActivityWatch(bad, WINDOW), {
    message: `Cannot open ActivityWatch export "${bad}": not valid JSON at line 3`,
  });
  const notAw = await file("other.json", '{"hello": 1}');
  assert.throws(() => readActivityWatch(notAw, WINDOW), /no "buckets" object/);
});

Deno.test("readActivityWatch() rejects a source whose buckets are all of unknown types", async () => {
  const only = BUCKETS.filter((b) => b.type === "com.spotify.track");
  const path = await file("unknown.json", exportJson("rust", only));
  assert.throws(() => readActivityWatch(path, WINDOW), {
    message:
      `Cannot read ActivityWatch export "${path}": no "currentwindow" bucket (unknown bucket types "com.spotify.track")`,
  });
  const db = writeSqlite(join(dir, "unknown.db"), rustSql(only));
  assert.throws(() => readActivityWatch(db, WINDOW), /no "currentwindow" bucket/);
});

Deno.test("readActivityWatch() throws clear errors for missing files and foreign databases", async () => {
  const missing = join(dir, "nope.json");
  assert.throws(() => readActivityWatch(missing, WINDOW), {
    message: `Cannot open ActivityWatch export "${missing}": file does not exist`,
  });
  const foreign = writeSqlite(join(dir, "foreign.db"), "CREATE TABLE t (x);");
  assert.throws(
    () => readActivityWatch(foreign, WINDOW),
    /^Error: Cannot read ActivityWatch database ".*foreign\.db": it has neither buckets\/events/,
  );
  await Deno.writeTextFile(join(dir, "empty.json"), "");
  assert.throws(() => readActivityWatch(join(dir, "empty.json"), WINDOW), /not valid JSON/);
});

Deno.test("readActivityWatch() reports a locked database clearly", () => {
  const path = writeSqlite(join(dir, "locked.db"), rustSql());
  // Hold an exclusive lock from another connection in this process.
  const w = new DatabaseSync(path);
  w.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE");
  try {
    assert.throws(
      () => readActivityWatch(path, { ...WINDOW, busyTimeoutMs: 50 }),
      /database is locked by another process/,
    );
  } finally {
    w.exec("ROLLBACK");
    w.close();
  }
});

Deno.test("activityWatchPaths() probes each OS's default data folders", () => {
  const env = (n: string) =>
    ({ APPDATA: "C:/Users/a/AppData/Roaming", LOCALAPPDATA: "C:/Users/a/AppData/Local" })[n];
  assert.deepEqual(activityWatchPaths("/home/a", { os: "linux", env: () => undefined }), [
    "/home/a/.local/share/activitywatch/aw-server-rust/sqlite.db",
    "/home/a/.local/share/activitywatch/aw-server/peewee-sqlite.v2.db",
  ]);
  assert.deepEqual(activityWatchPaths("/Users/a", { os: "darwin" }), [
    "/Users/a/Library/Application Support/activitywatch/aw-server-rust/sqlite.db",
    "/Users/a/Library/Application Support/activitywatch/aw-server/peewee-sqlite.v2.db",
  ]);
  assert.deepEqual(activityWatchPaths("C:/Users/a", { os: "windows", env }).slice(0, 2), [
    "C:/Users/a/AppData/Roaming/activitywatch/aw-server-rust/sqlite.db",
    "C:/Users/a/AppData/Local/activitywatch/aw-server-rust/sqlite.db",
  ]);
});

Deno.test("discoverActivityWatch() finds the rust database before the legacy one", async () => {
  const home = await Deno.makeTempDir({ dir });
  const env = () => undefined;
  assert.equal(discoverActivityWatch(home, { os: "linux", env }), undefined);
  const [rust, legacy] = activityWatchPaths(home, { os: "linux", env });
  await Deno.mkdir(join(legacy, ".."), { recursive: true });
  await Deno.writeTextFile(legacy, "");
  assert.equal(discoverActivityWatch(home, { os: "linux", env }), legacy);
  await Deno.mkdir(join(rust, ".."), { recursive: true });
  await Deno.writeTextFile(rust, "");
  assert.equal(discoverActivityWatch(home, { os: "linux", env }), rust);
});

Deno.test("resolveSource() reads aw:PATH for export and database files", async () => {
  const source = await resolveSource(`aw:${rustExport}`, {});
  assert.equal(source.adapter, "aw");
  assert.deepEqual(rows(source.read(WINDOW)), EXPECTED);
  const server = await resolveSource("aw:http://127.0.0.1:5600", {});
  assert.throws(
    () => server.read(WINDOW),
    /frames import activitywatch http:\/\/127\.0\.0\.1:5600/,
  );
});
