/**
 * Issue 17: one screenpipe install imported both from its `db.sqlite` and through its REST
 * API (the stand-in of tests/_screenpipe_api.ts) is stored once — the second import
 * recognises the first source as the same install (same screenpipe ids at the same
 * instants) and writes under its keys — in either order, and the store compiles as the
 * database-only store does. A different install whose ids collide at other instants stays
 * separate; re-imports add nothing.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SCREENPIPE_SCHEMA_SQL, writeDemoDatabase } from "../src/demo/mod.ts";
import { openScreenpipeImport } from "../adapters/screenpipe/importer.ts";
import { importSource } from "../src/import/mod.ts";
import { MIN_AGREE } from "../src/import/_same_install.ts";
import { readNative } from "../src/store/mod.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { serveScreenpipeStandIn } from "./_screenpipe_api.ts";
import { runFrames } from "./_frames.ts";

const TZ = "UTC";
const dir = Deno.makeTempDirSync({ prefix: "frames_sp_same_install_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
Deno.mkdirSync(join(dir, "a"));
Deno.mkdirSync(join(dir, "b"));
const demo = writeDemoDatabase(join(dir, "a", "db.sqlite"), { days: 2 });
// Another install over the same days: its ids collide with the demo's, its instants differ.
const other = writeDemoDatabase(join(dir, "b", "db.sqlite"), { days: 2, seed: 7 });
let n = 0;

function home(): string {
  const h = join(dir, `home${++n}`);
  Deno.mkdirSync(h);
  return h;
}

/** Rows per table, and the rows sharing a screenpipe id (by kind of row) with another. */
function counts(store: string) {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const one = (sql: string) => Object.values(db.prepare(sql).get()!)[0] as number;
    return {
      snapshots: one("SELECT count(*) FROM snapshots"),
      events: one("SELECT count(*) FROM input_events"),
      doubledSnapshots: one(
        "SELECT count(*) - count(DISTINCT source_row || '@' || at_ms) FROM snapshots",
      ),
      doubledEvents: one(
        "SELECT count(*) - count(DISTINCT source_row || '@' || at_ms) FROM input_events",
      ),
    };
  } finally {
    db.close();
  }
}

/** Per day, the ledger's minutes and every frame's span and input counts. */
function compiled(store: string) {
  return demo.days.map(({ day }) => {
    const doc = compile(readNative(store, dayWindow(day, TZ)), { tz: TZ, day, minMinutes: 0 });
    return {
      ledger: doc.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
      frames: doc.frames.map((f) => [f.app, f.start, f.duration_min, f.input.keys, f.input.clicks]),
    };
  });
}

async function importInto(store: string, h: string, ...target: string[]) {
  const r = await runFrames(["import", ...target, "--store", store], { home: h });
  equal(r.code, 0, r.stderr);
  return r.stdout;
}

Deno.test("a screenpipe install imported from its DB and through its API is stored once, in either order", async () => {
  const server = serveScreenpipeStandIn(demo.path);
  try {
    const h = home();
    const dbOnly = join(h, "db-only.db");
    await importInto(dbOnly, h, "screenpipe", demo.path);
    const truth = counts(dbOnly);
    const want = compiled(dbOnly);
    ok(truth.snapshots > 0 && truth.events > 0);
    equal(truth.doubledSnapshots, 0);

    // DB, then API: nothing new, said so.
    const dbApi = join(h, "db-api.db");
    await importInto(dbApi, h, "screenpipe", demo.path);
    const said = await importInto(dbApi, h, `screenpipe:${server.url}`);
    match(said, / added 0, skipped \d+,/);
    const skipped = Number(/ skipped (\d+),/.exec(said)![1]);
    ok(skipped > 0);
    ok(
      said.includes(`same install as "${demo.path}": ${skipped} rows already there`),
      said,
    );
    deepEqual(counts(dbApi), truth);
    deepEqual(compiled(dbApi), want);

    // API, then DB: the DB's rows are the API's; the store compiles as the DB alone.
    const apiDb = join(h, "api-db.db");
    await importInto(apiDb, h, `screenpipe:${server.url}`);
    const apiRows = counts(apiDb);
    const back = await importInto(apiDb, h, "screenpipe", demo.path);
    match(back, /same install as "http:\/\/127\.0\.0\.1:\d+": \d+ rows already there/);
    ok(apiRows.snapshots > 0);
    // The DB adds only the rows the API did not serve: the store holds the DB's rows, once.
    deepEqual(counts(apiDb), truth);
    deepEqual(compiled(apiDb), want);

    // Re-imports, either form, add nothing.
    for (const store of [dbApi, apiDb]) {
      const before = counts(store);
      for (const target of [["screenpipe", demo.path], [`screenpipe:${server.url}`]]) {
        match(await importInto(store, h, ...target), / added 0, /);
      }
      deepEqual(counts(store), before);
    }
  } finally {
    await server.close();
  }
});

Deno.test("another screenpipe install whose ids collide at other instants is kept separate", async () => {
  const server = serveScreenpipeStandIn(other.path);
  try {
    const h = home();
    const alone = (target: string[]) => {
      const s = join(h, `alone${++n}.db`);
      return importInto(s, h, ...target).then(() => counts(s));
    };
    const a = await alone(["screenpipe", demo.path]);
    const b = await alone(["screenpipe", other.path]);
    const viaApi = await alone([`screenpipe:${server.url}`]);
    for (const target of [["screenpipe", other.path], [`screenpipe:${server.url}`]]) {
      const store = join(h, `mixed${++n}.db`);
      await importInto(store, h, "screenpipe", demo.path);
      const said = await importInto(store, h, ...target);
      ok(!said.includes("same install"), said);
      const got = counts(store);
      const add = target.length === 2 ? b : viaApi;
      equal(got.snapshots, a.snapshots + add.snapshots);
      equal(got.events, a.events + add.events);
    }
  } finally {
    await server.close();
  }
});

Deno.test("the same install is recognised only on agreement of several rows, never one", () => {
  const db = (name: string, times: string[]) => {
    const path = join(dir, `${name}.sqlite`);
    const d = new DatabaseSync(path);
    d.exec(SCREENPIPE_SCHEMA_SQL);
    times.forEach((t, i) =>
      d.prepare(
        "INSERT INTO frames (id, timestamp, app_name, focused, device_name) VALUES (?, ?, 'Code', 1, 'monitor_1')",
      ).run(i + 1, t)
    );
    d.close();
    return path;
  };
  const at = (k: number) => `2026-03-24T09:00:${String(k * 5).padStart(2, "0")}.000Z`;
  const run = (store: string, path: string) => {
    const s = openScreenpipeImport(path);
    try {
      return importSource(s, { store, now: () => 0, machine: "m" });
    } finally {
      s.close();
    }
  };
  const few = Array.from({ length: MIN_AGREE - 1 }, (_, k) => at(k));
  const many = Array.from({ length: MIN_AGREE + 3 }, (_, k) => at(k));
  const oneOff = many.map((t, k) => k === 2 ? at(11) : t);
  const cases: [string, string[], string[], boolean][] = [
    ["few", few, few, false], // every row agrees, but too few to tell
    ["many", many, many, true],
    ["one-off", many, oneOff, false], // all but one agree: not the same install
  ];
  for (const [name, first, second, same] of cases) {
    const store = join(dir, `${name}.db`);
    run(store, db(`${name}-1`, first));
    const s = run(store, db(`${name}-2`, second));
    equal(s.sameInstall !== undefined, same, name);
    equal(s.added, same ? 0 : second.length, name);
  }
});
