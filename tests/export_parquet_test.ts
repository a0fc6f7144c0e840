import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { loadTyper } from "../src/entities/mod.ts";
import { EXPORT_SCHEMA_VERSION, TABLES } from "../src/export/mod.ts";
import { routineTables } from "../src/export/rows.ts";
import { DENO_DIR, runFrames } from "./_frames.ts";

const TZ = "Europe/Berlin";
const home = await Deno.makeTempDir({ prefix: "frames-export-" });
const out = join(home, "lake");
// Two users: two seeds of the demo, three days each.
const USERS = [{ user: "alice", seed: 42 }, { user: "bob", seed: 7 }].map((u) => {
  const db = join(home, `${u.user}.sqlite`);
  return { ...u, db, demo: writeDemoDatabase(db, { days: 3, seed: u.seed }) };
});

async function exportUser(u: typeof USERS[number], extra: string[] = []) {
  const r = await runFrames(
    [
      "export",
      "--parquet",
      out,
      "--source",
      `screenpipe:${u.db}`,
      "--tz",
      TZ,
      "--user",
      u.user,
      ...extra,
    ],
    { home },
  );
  equal(r.code, 0, r.stderr);
  equal(r.stderr, "");
  return r;
}

/** frames' own ledgers, compiled in this process: user → day → app → minutes (tenths). */
async function ownLedgers(): Promise<Map<string, number>> {
  const typer = await loadTyper();
  const out = new Map<string, number>();
  for (const u of USERS) {
    for (const d of u.demo.days) {
      const doc = compile(readScreenpipe(u.db, dayWindow(d.day, TZ)), {
        tz: TZ,
        day: d.day,
        typer,
      });
      for (const e of doc.ledger) {
        out.set(`${u.user}|${d.day}|${e.app}`, Math.round(e.minutes * 10));
      }
    }
  }
  return out;
}

/** Runs SQL in DuckDB (its own process: the native binding needs --allow-ffi). */
async function duckdb(sql: string): Promise<Record<string, unknown>[]> {
  const script = join(home, "q.ts");
  await Deno.writeTextFile(
    script,
    `import { DuckDBInstance } from "@duckdb/node-api";
const c = await (await DuckDBInstance.create(":memory:")).connect();
const r = await c.runAndReadAll(Deno.args[0]);
console.log(JSON.stringify(r.getRowObjectsJson()));`,
  );
  const res = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--config",
      new URL("../deno.json", import.meta.url).pathname,
      "--allow-read",
      "--allow-env",
      "--allow-ffi",
      "--allow-sys",
      script,
      sql,
    ],
    env: { DENO_DIR, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  equal(res.code, 0, dec.decode(res.stderr));
  return JSON.parse(dec.decode(res.stdout));
}

Deno.test("frames export --parquet: DuckDB reads two users' partitions and the totals equal frames' ledgers", async () => {
  for (const u of USERS) await exportUser(u);
  const rows = await duckdb(`SELECT "user", "day", app, round(sum(minutes) * 10) AS tenths
    FROM read_parquet('${out}/ledger/**/*.parquet', hive_partitioning = true)
    GROUP BY ALL ORDER BY ALL`);
  const own = await ownLedgers();
  const got = new Map(rows.map((r) => [`${r.user}|${r.day}|${r.app}`, Number(r.tenths)]));
  deepEqual(got, own);
  // Frames sum to the same dwell: every frame is exported, short ones included.
  const frames = await duckdb(`SELECT "user", count(*) AS n, count(DISTINCT "day") AS days
    FROM read_parquet('${out}/frames/**/*.parquet', hive_partitioning = true) GROUP BY ALL ORDER BY 1`);
  deepEqual(frames.map((r) => [r.user, Number(r.days)]), [["alice", 3], ["bob", 3]]);
  const types = await duckdb(`SELECT typeof("start") AS t, typeof(duration_min) AS d FROM
    read_parquet('${out}/frames/**/*.parquet', hive_partitioning = true) LIMIT 1`);
  deepEqual(types, [{ t: "TIMESTAMP", d: "DOUBLE" }]);
});

Deno.test("frames export: a second reader (hyparquet) sees the schema, its version and no typed text", async () => {
  const u = USERS[0];
  await exportUser(u);
  const day = u.demo.busiestDay;
  for (const table of Object.keys(TABLES) as (keyof typeof TABLES)[]) {
    const bytes = await Deno.readFile(
      join(out, table, `user=${u.user}`, `day=${day}`, "part-0.parquet"),
    );
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const meta = parquetMetadata(file);
    const kv = Object.fromEntries((meta.key_value_metadata ?? []).map((k) => [k.key, k.value]));
    equal(kv["frames.schema_version"], String(EXPORT_SCHEMA_VERSION));
    deepEqual(meta.schema.slice(1).map((s) => s.name), TABLES[table].map((c) => c.name));
    const objects = await parquetReadObjects({ file });
    // The 14-day demo plants no routines: its routines partition exists, maybe empty.
    if (table !== "routines") ok(objects.length > 0, `${table} has rows`);
    if (table === "steps") {
      ok(
        objects.some((s) => s.kind === "type" && typeof s.chars === "number"),
        "typed runs as lengths",
      );
      ok(!Object.keys(objects[0]).includes("text"), "no text column");
    }
  }
});

Deno.test("frames export is idempotent: a re-export replaces the day's partition, nothing doubles", async () => {
  const u = USERS[1];
  await exportUser(u);
  const sum = async () =>
    (await duckdb(
      `SELECT round(sum(minutes) * 10) AS t, count(*) AS n FROM read_parquet('${out}/ledger/user=${u.user}/**/*.parquet')`,
    ))[0];
  const before = await sum();
  const r = await exportUser(u, ["--day", u.demo.days[1].day]);
  match(r.stdout, /exported 1 days? for user bob/);
  deepEqual(await sum(), before);
  // Nothing but part-0.parquet is left in a partition (no temporary files).
  for await (
    const e of Deno.readDir(join(out, "ledger", `user=${u.user}`, `day=${u.demo.days[1].day}`))
  ) {
    equal(e.name, "part-0.parquet");
  }
  const bad = await runFrames(["export", "--parquet", out, "--user", "../x"], { home });
  equal(bad.code, 2);
  const none = await runFrames(["export", "--source", `screenpipe:${u.db}`], { home });
  equal(none.code, 2);
});

Deno.test("docs/parquet-schema.md documents every table and column of the schema", async () => {
  const doc = await Deno.readTextFile(new URL("../docs/parquet-schema.md", import.meta.url));
  match(doc, new RegExp(`[Vv]ersion ${EXPORT_SCHEMA_VERSION}`));
  for (const [table, cols] of Object.entries(TABLES)) {
    ok(doc.includes(`## \`${table}\``), `table ${table}`);
    const section = doc.split(`## \`${table}\``)[1].split("\n## ")[0];
    for (const c of cols) {
      ok(
        new RegExp(`^\\| \`${c.name}\` +\\| ${c.type} +\\|`, "m").test(section),
        `${table}.${c.name}`,
      );
    }
  }
});

Deno.test("routineTables() puts one row per occurrence in the partition of the day it started, and every day gets one", () => {
  const occurrence = (start: string, ids: number[]) => ({
    event_ids: ids,
    start,
    end: start.replace(/:00\+/, ":40+"),
    slots: {},
  });
  const routine = (id: string, occurrences: ReturnType<typeof occurrence>[]) => ({
    id,
    title: `t ${id}`,
    app: "Google Chrome",
    site: "linear.app",
    steps: [],
    occurrences,
    R_info: 400,
    R_inject: 30,
  });
  const report = {
    routines: [
      routine("r-a", [
        occurrence("2026-03-23T10:00:00+01:00", [5, 6, 7]),
        occurrence("2026-03-24T09:00:00+01:00", [40, 41, 43]),
      ]),
      routine("r-b", [occurrence("2026-03-24T15:00:00+01:00", [90, 91])]),
    ],
  } as unknown as Parameters<typeof routineTables>[0];
  const tables = routineTables(report, ["2026-03-23", "2026-03-24", "2026-03-25"]);
  deepEqual([...tables.keys()], ["2026-03-23", "2026-03-24", "2026-03-25"]);
  deepEqual(tables.get("2026-03-23")!.routine_id, ["r-a"]);
  deepEqual(tables.get("2026-03-24")!.routine_id, ["r-a", "r-b"]);
  deepEqual(tables.get("2026-03-24")!.event_ids, ["40-41,43", "90-91"]);
  deepEqual(tables.get("2026-03-24")!.action_steps, [3, 2]);
  deepEqual(tables.get("2026-03-23")!.occurrences, [2]);
  // A day without an occurrence still gets its (empty) table, so a re-export replaces it.
  deepEqual(tables.get("2026-03-25")!.routine_id, []);
  deepEqual(Object.keys(tables.get("2026-03-25")!), TABLES.routines.map((c) => c.name));
});
