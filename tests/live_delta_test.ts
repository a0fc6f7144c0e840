/**
 * The live sessions' delta read (src/cli/_delta.ts) on real SQLite: a copy of the demo
 * database cut at a point of its busiest day, whose removed rows come back in chunks (one
 * row, one minute, ten minutes, random cut points). After every chunk the live document
 * must equal a fresh full compile of the same file byte for byte, and the live path must
 * have taken the delta read (LIVE_COUNTS) — or, for a row inserted in the past and for a
 * deleted row, fallen back to the full read and still be exact.
 */
import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { parseFlags } from "../src/cli/_args.ts";
import { compileForCli } from "../src/cli/_capture.ts";
import { LIVE_COUNTS } from "../src/cli/_live.ts";
import { COMPILE_OPTIONS } from "../src/cli/compile.ts";
import { cliBackend } from "../src/cli/mcp.ts";
import { dayWindow, localDay } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { emitContext } from "../src/emit/context.ts";
import { emitJson } from "../src/emit/json.ts";
import { createServerFactory } from "../src/mcp/mod.ts";
import { sdkFactory } from "../src/mcp/server.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { screenpipeWatermark } from "../adapters/screenpipe/_watermark.ts";
import type { Watermark } from "../adapters/types.ts";
import { appendBatch, openStore, registerSource } from "../src/store/mod.ts";
import type { Capture } from "../src/model.ts";
import { pinSettingsEnvironment } from "../src/cli/_settings.ts";

const TZ = "Europe/Berlin";
const dir = await Deno.makeTempDir({ prefix: "frames-live-delta-" });
// Settings read this home, not the process environment every test file shares.
pinSettingsEnvironment({ FRAMES_HOME: join(dir, "home") });
const demo = join(dir, "demo.sqlite");
const DAY = writeDemoDatabase(demo, { seed: 42, days: 3, tz: TZ }).busiestDay;
const WINDOW = dayWindow(DAY, TZ);

type Row = Record<string, SQLInputValue>;

/** Rows removed from a working copy, to come back in time order. */
interface Pending {
  table: "frames" | "ui_events";
  at: number;
  row: Row;
}

/**
 * A copy of the demo holding every row before `cut` (and no later day), and the busiest
 * day's rows from `cut` on, in time order, to append.
 */
function workingCopy(name: string, cut: number): { path: string; pending: Pending[] } {
  const path = join(dir, name);
  Deno.copyFileSync(demo, path);
  const db = new DatabaseSync(path);
  const pending: Pending[] = [];
  for (const table of ["frames", "ui_events"] as const) {
    const later = `unixepoch(timestamp, 'subsec') * 1000 >= ?`;
    const rows = db.prepare(`SELECT * FROM ${table} WHERE ${later} ORDER BY id`).all(cut) as Row[];
    for (const row of rows) {
      const at = Date.parse(String(row.timestamp));
      if (at < WINDOW.end) pending.push({ table, at, row });
    }
    db.prepare(`DELETE FROM ${table} WHERE ${later}`).run(cut);
  }
  db.close();
  pending.sort((a, b) => a.at - b.at || Number(a.row.id) - Number(b.row.id));
  return { path, pending };
}

function append(path: string, rows: readonly Pending[]): void {
  const db = new DatabaseSync(path);
  for (const { table, row } of rows) {
    const cols = Object.keys(row);
    db.prepare(
      `INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`,
    )
      .run(...cols.map((c) => row[c]));
  }
  db.close();
}

function exec(path: string, sql: string, ...args: SQLInputValue[]): void {
  const db = new DatabaseSync(path);
  db.prepare(sql).run(...args);
  db.close();
}

async function compileOf(source: string, live: boolean, day = DAY): Promise<string> {
  const args = ["--source", source, "--day", day, "--tz", TZ, ...(live ? [] : ["--no-cache"])];
  const p = parseFlags(args, COMPILE_OPTIONS, { command: "compile" });
  return emitJson((await compileForCli(p, { quiet: true, live })).doc);
}

/** Live and fresh compile agree; returns how the live call answered. */
async function check(source: string, what: string, day = DAY): Promise<string> {
  const before = LIVE_COUNTS.delta;
  const live = await compileOf(source, true, day);
  equal(live, await compileOf(source, false, day), what);
  return LIVE_COUNTS.delta > before ? "delta" : `other ${JSON.stringify(LIVE_COUNTS)}`;
}

/** Chunks of the pending rows: 1 row (×3), 1 minute (×3), 10 minutes (×2), random cuts, the rest. */
function chunks(pending: Pending[], seed: number): Pending[][] {
  const out: Pending[][] = [];
  let i = 0;
  const take = (until: (p: Pending) => boolean) => {
    const chunk: Pending[] = [];
    while (i < pending.length && (chunk.length === 0 || until(pending[i]))) {
      chunk.push(pending[i++]);
    }
    if (chunk.length > 0) out.push(chunk);
  };
  for (let k = 0; k < 3; k++) take(() => false);
  for (const ms of [60_000, 60_000, 60_000, 600_000, 600_000]) {
    const from = pending[i]?.at ?? 0;
    take((p) => p.at < from + ms);
  }
  let s = seed;
  while (i < pending.length && out.length < 16) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const n = 1 + (s % 40);
    take(() => out.at(-1)!.length < n);
  }
  take(() => true);
  return out;
}

/** A cut late in the busiest day: the last ~45 minutes of its rows come back in chunks. */
function lateCut(): number {
  const day = readScreenpipe(demo, WINDOW);
  const last = Math.max(...day.snapshots.map((s) => s.at));
  return last - 45 * 60_000;
}

Deno.test("a live screenpipe session reads only the tail and equals a full compile after every chunk", async () => {
  const { path, pending } = workingCopy("chunks.sqlite", lateCut());
  ok(pending.length > 100, `${pending.length} rows to append`);
  const source = `screenpipe:${path}`;
  await check(source, "start");
  const parts = chunks(pending, 19);
  const ways: string[] = [];
  let mark: Watermark = screenpipeWatermark(path, WINDOW);
  for (const [n, chunk] of parts.entries()) {
    append(path, chunk);
    ways.push(await check(source, `chunk ${n} (${chunk.length} rows)`));
    // The watermark counted on from the previous one equals one counted afresh.
    mark = screenpipeWatermark(path, WINDOW, mark);
    deepStrictEqual(mark, screenpipeWatermark(path, WINDOW), `watermark after chunk ${n}`);
  }
  // Every chunk but none went through the delta read (no row was inserted in the past).
  deepStrictEqual(ways, parts.map(() => "delta"));
  ok((await check(source, "unchanged")).startsWith("other"));
  // A row the reader rejects (empty app name) moves only the rejected counts.
  const at = new Date(pending.at(-1)!.at + 1_000).toISOString();
  exec(
    path,
    `INSERT INTO frames (timestamp, app_name, window_name, focused, device_name)
     VALUES (?, '', 'x', 1, 'monitor_1')`,
    at,
  );
  equal(await check(source, "a rejected row"), "delta");
});

Deno.test("a row inserted in the past, and deleted rows, fall back to the full read and stay exact", async () => {
  const { path, pending } = workingCopy("past.sqlite", lateCut());
  const source = `screenpipe:${path}`;
  await check(source, "start");
  append(path, pending.slice(0, 5));
  equal(await check(source, "appended"), "delta");
  const morning = new Date(WINDOW.start + 9 * 3_600_000).toISOString();
  exec(
    path,
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (9000000, ?, 'Mail', 'inbox', 1, 'monitor_1', 'visual_change')`,
    morning,
  );
  const fell = LIVE_COUNTS.fallback.watermark ?? 0;
  ok((await check(source, "inserted in the past")).startsWith("other"));
  equal(LIVE_COUNTS.fallback.watermark, fell + 1);
  // The full read re-armed the session: appending is a delta again.
  append(path, pending.slice(5, 10));
  equal(await check(source, "appended after the fallback"), "delta");
  // A deleted row of the morning (before the tail) and one of the tail.
  exec(
    path,
    `DELETE FROM frames WHERE id = (SELECT min(id) FROM frames WHERE timestamp > ?)`,
    morning,
  );
  ok((await check(source, "deleted in the past")).startsWith("other"));
  append(path, pending.slice(10, 12));
  equal(await check(source, "appended"), "delta");
  const gone = LIVE_COUNTS.fallback["a row of the tail changed or went"] ?? 0;
  exec(path, `DELETE FROM frames WHERE id = (SELECT max(id) FROM frames WHERE id < 9000000)`);
  ok((await check(source, "deleted in the tail")).startsWith("other"));
  equal(LIVE_COUNTS.fallback["a row of the tail changed or went"], gone + 1);
});

Deno.test("a tail row written out of id order (below the ids the tail is read from) falls back and stays exact", async () => {
  const { path, pending } = workingCopy("order.sqlite", lateCut());
  const source = `screenpipe:${path}`;
  await check(source, "start");
  append(path, pending.slice(0, 5));
  equal(await check(source, "appended"), "delta");
  // A frame inside the tail's time span whose id is below every id the tail holds: the
  // tail read by id cannot see it, the watermark does.
  const at = new Date(pending[4].at + 500).toISOString();
  exec(
    path,
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (-5, ?, 'Mail', 'late write', 1, 'monitor_1', 'visual_change')`,
    at,
  );
  const fell = LIVE_COUNTS.fallback.watermark ?? 0;
  ok((await check(source, "written out of id order")).startsWith("other"));
  equal(LIVE_COUNTS.fallback.watermark, fell + 1);
  append(path, pending.slice(5, 10));
  equal(await check(source, "appended after the fallback"), "delta");
});

Deno.test("move rows (counted by the watermark, never read) alone and mixed with real rows stay deltas and exact", async () => {
  const { path, pending } = workingCopy("moves.sqlite", lateCut());
  const source = `screenpipe:${path}`;
  await check(source, "start");
  append(path, pending.slice(0, 5));
  equal(await check(source, "appended"), "delta");
  // Ids above the pending rows' own (which come back with their ids).
  let clock = pending[4].at, next = 50_000_000;
  const moves = (n: number, id?: number) => {
    const db = new DatabaseSync(path);
    const ins = db.prepare(
      `INSERT INTO ui_events (id, timestamp, event_type, app_name, window_title, x, y)
       VALUES (?, ?, 'move', 'Code', 'x', 1, 2)`,
    );
    for (let i = 0; i < n; i++) ins.run(id ?? next++, new Date(clock += 10).toISOString());
    db.close();
  };
  const ui = () => screenpipeWatermark(path, WINDOW).parts.ui_events.rows;
  const was = ui();
  moves(1);
  equal(ui(), was + 1, "the watermark counts a move");
  equal(await check(source, "one move alone"), "delta");
  moves(7);
  equal(await check(source, "moves alone"), "delta");
  // Moves and real rows in one chunk, and real rows after moves.
  moves(3);
  append(path, pending.slice(5, 12));
  moves(2);
  equal(await check(source, "moves mixed with rows"), "delta");
  append(path, pending.slice(12, 14));
  equal(await check(source, "rows after moves"), "delta");
  // A move below the ids the tail is read from: the tail cannot count it, so the watermark
  // is not explained and the full read answers (still exact).
  const fell = LIVE_COUNTS.fallback.watermark ?? 0;
  moves(1, -7);
  ok((await check(source, "a move out of id order")).startsWith("other"));
  equal(LIVE_COUNTS.fallback.watermark, fell + 1);
  moves(4);
  append(path, pending.slice(14, 16));
  equal(await check(source, "moves and rows after the fallback"), "delta");
  // A real row out of id order beside a move in the tail: counts do not cancel out.
  const db = new DatabaseSync(path);
  db.prepare(
    `INSERT INTO ui_events (id, timestamp, event_type, app_name, window_title, x, y)
     VALUES (-8, ?, 'click', 'Code', 'x', 1, 2)`,
  ).run(new Date(clock += 10).toISOString());
  db.close();
  moves(1);
  ok((await check(source, "a click out of id order and a move")).startsWith("other"));
});

Deno.test("rows with ids past every later day's are deltas and exact", async () => {
  // The demo's first day, with its later days still in the file: the tail read by id then
  // scans their rows too (mcp_bench's "id past later days" case).
  const path = join(dir, "later-days.sqlite");
  Deno.copyFileSync(demo, path);
  const db = new DatabaseSync(path);
  const first = Number(
    db.prepare("SELECT min(unixepoch(timestamp, 'subsec')) * 1000 AS t FROM frames").get()!.t,
  );
  const day = localDay(first, TZ);
  const { end } = dayWindow(day, TZ);
  const last = Number(
    db.prepare(
      "SELECT max(unixepoch(timestamp, 'subsec')) * 1000 AS t FROM frames WHERE unixepoch(timestamp) < ?",
    ).get(end / 1000)!.t,
  );
  const later = db.prepare("SELECT count(*) AS n FROM frames WHERE unixepoch(timestamp) >= ?");
  ok(Number(later.get(end / 1000)!.n) > 1000, "later days hold rows");
  const frame = db.prepare(
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (?, ?, 'Code', 'later.ts', 1, 'monitor_1', 'visual_change')`,
  );
  const source = `screenpipe:${path}`;
  try {
    ok((await check(source, "start", day)).startsWith("other"));
    // The first such row widens the reader's id span over the later days' rows, and those
    // of them the demo wrote with odd or unparseable timestamps then count for this window
    // (read, rejected): the watermark does not explain that, so a full read, once.
    const ways: string[] = [];
    for (let k = 0; k < 4; k++) {
      frame.run(10_000_000 + k, new Date(last + 1_000 * (k + 1)).toISOString());
      ways.push(await check(source, `row ${k}`, day));
    }
    deepStrictEqual(ways.slice(1), ["delta", "delta", "delta"]);
  } finally {
    db.close();
  }
});

/** The busiest day as native-store batches: rows before `cut`, then chunks after it. */
function nativeStore(name: string): { path: string; write: (c: Capture) => void; day: Capture } {
  const path = join(dir, name);
  const db = openStore(path);
  const sourceId = registerSource(db, {
    adapter: "screenpipe",
    location: demo,
    fingerprint: "demo",
    capabilities: { input: true, elements: false, urls: true, heartbeats: true, focus: true },
  });
  db.close();
  const refIds = new Map<number, number>();
  const write = (c: Capture) => {
    const w = openStore(path);
    try {
      appendBatch(w, { snapshots: c.snapshots, events: c.events }, { sourceId, refIds });
    } finally {
      w.close();
    }
  };
  return { path, write, day: readScreenpipe(demo, WINDOW) };
}

function slice(day: Capture, from: number, to: number): Capture {
  return {
    ...day,
    snapshots: day.snapshots.filter((s) => s.at >= from && s.at < to),
    events: day.events.filter((e) => e.at >= from && e.at < to),
  };
}

Deno.test("a live native-store session reads only the tail and equals a full compile", async () => {
  const { path, write, day } = nativeStore("native.db");
  const cut = lateCut();
  write(slice(day, -Infinity, cut));
  const source = `native:${path}`;
  await check(source, "start");
  const ways: string[] = [];
  let from = cut;
  // The next row alone, then 1 minute, 10 minutes and odd cut points.
  const next = Math.min(...day.snapshots.filter((s) => s.at >= cut).map((s) => s.at)) + 1 - cut;
  for (const ms of [next, 60_000, 60_000, 600_000, 137_000, 600_000, 3_600_000]) {
    write(slice(day, from, from + ms));
    ways.push(await check(source, `chunk of ${ms} ms from ${new Date(from).toISOString()}`));
    from += ms;
  }
  deepStrictEqual(ways, ways.map(() => "delta"));
});

Deno.test("get_context through the MCP server answers the new rows from the delta read", async () => {
  const { path, pending } = workingCopy("mcp.sqlite", lateCut());
  const backend = cliBackend({ source: `screenpipe:${path}`, tz: TZ });
  const server = await sdkFactory(createServerFactory({ backend }))({ era: "legacy" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  const context = async () => {
    const r = await client.callTool({ name: "get_context", arguments: { day: DAY } });
    ok(!r.isError, JSON.stringify(r.content));
    return (r.structuredContent as { context: string }).context;
  };
  /** The block a fresh full compile of the file gives (the tool's default budget). */
  const fresh = async () => {
    const p = parseFlags(
      ["--source", `screenpipe:${path}`, "--day", DAY, "--tz", TZ, "--no-cache"],
      COMPILE_OPTIONS,
      { command: "compile" },
    );
    const doc = (await compileForCli(p, { quiet: true })).doc;
    return emitContext(doc, { budget: backend.settings().budget });
  };
  try {
    const first = await context();
    equal(first, await fresh());
    for (const n of [1, 20, 200]) {
      const before = LIVE_COUNTS.delta;
      append(path, pending.splice(0, n));
      const now = await context();
      equal(LIVE_COUNTS.delta, before + 1, `${n} new rows went through the delta read`);
      equal(now, await fresh(), `${n} new rows`);
    }
    ok((await context()) !== first, "the new rows show in the block");
  } finally {
    await client.close();
    await server.close();
  }
});

globalThis.addEventListener("unload", () => {
  try {
    Deno.removeSync(dir, { recursive: true });
  } catch { /* already gone */ }
});
