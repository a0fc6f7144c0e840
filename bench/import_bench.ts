/**
 * Importing ActivityWatch into the native store: 1M events (FRAMES_BENCH_AW_EVENTS
 * overrides) — 60% window, 30% web, 8% input, 2% afk — from an aw-server-rust SQLite
 * file and from an export JSON file. Target: ≤ 10 s for 1M events.
 *
 * Run: deno bench --allow-read --allow-write --allow-env --allow-sys bench/import_bench.ts
 *
 * @module
 */

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openActivityWatchImport } from "../adapters/activitywatch/read.ts";
import { importSource } from "../src/import/mod.ts";

const TOTAL = Number(Deno.env.get("FRAMES_BENCH_AW_EVENTS") ?? 1_000_000);
const T0 = Date.UTC(2026, 0, 5, 8);
const dir = await Deno.makeTempDir({ prefix: "frames_import_bench_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

/** A deterministic generator (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Ev = [number, number, number, string]; // id, start ms, duration ms, data JSON

function generate(): Map<string, { type: string; events: Ev[] }> {
  const r = rng(7);
  const apps = ["Code", "Google-chrome", "Slack", "Terminal", "Firefox", "zoom"];
  const sites = ["https://github.com/a/b", "https://mail.google.com/", "https://docs.rs/x"];
  const buckets = new Map<string, { type: string; events: Ev[] }>([
    ["aw-watcher-window_bench", { type: "currentwindow", events: [] }],
    ["aw-watcher-web-chrome_bench", { type: "web.tab.current", events: [] }],
    ["aw-watcher-input_bench", { type: "os.hid.input", events: [] }],
    ["aw-watcher-afk_bench", { type: "afkstatus", events: [] }],
  ]);
  const counts = [0.6, 0.3, 0.08, 0.02].map((f) => Math.round(TOTAL * f));
  let id = 1, t = T0;
  const win = buckets.get("aw-watcher-window_bench")!.events;
  for (let i = 0; i < counts[0]; i++) {
    const d = Math.floor(2_000 + r() * 40_000);
    const app = apps[Math.floor(r() * apps.length)];
    win.push([id++, t, d, JSON.stringify({ app, title: `${app} window ${i % 50}` })]);
    t += d + (r() < 0.01 ? 600_000 : 0);
  }
  const end = t;
  const web = buckets.get("aw-watcher-web-chrome_bench")!.events;
  const step = (end - T0) / counts[1];
  for (let i = 0; i < counts[1]; i++) {
    web.push([
      id++,
      Math.floor(T0 + i * step),
      Math.floor(step),
      JSON.stringify({
        url: sites[i % sites.length],
        title: "t",
        audible: false,
        incognito: false,
        tabCount: 4,
      }),
    ]);
  }
  const input = buckets.get("aw-watcher-input_bench")!.events;
  const istep = (end - T0) / counts[2];
  for (let i = 0; i < counts[2]; i++) {
    input.push([
      id++,
      Math.floor(T0 + i * istep),
      5_000,
      JSON.stringify({
        presses: Math.floor(r() * 4),
        clicks: Math.floor(r() * 2),
        deltaX: 0,
        deltaY: 0,
        scrollX: 0,
        scrollY: 0,
      }),
    ]);
  }
  const afk = buckets.get("aw-watcher-afk_bench")!.events;
  const astep = (end - T0) / counts[3];
  for (let i = 0; i < counts[3]; i++) {
    const s = Math.floor(T0 + i * astep);
    afk.push([id++, s, Math.floor(astep * 0.8), '{"status":"not-afk"}']);
    afk.push([id++, s + Math.floor(astep * 0.8), Math.floor(astep * 0.2), '{"status":"afk"}']);
  }
  return buckets;
}

const buckets = generate();
const events = [...buckets.values()].reduce((n, b) => n + b.events.length, 0);

const sqlitePath = join(dir, "sqlite.db");
{
  const db = new DatabaseSync(sqlitePath);
  db.exec(`PRAGMA journal_mode = WAL; PRAGMA user_version = 5;
    CREATE TABLE buckets (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, type TEXT NOT NULL,
      client TEXT NOT NULL, hostname TEXT NOT NULL, created TEXT NOT NULL, data TEXT NOT NULL DEFAULT '{}');
    CREATE TABLE events (id INTEGER PRIMARY KEY, bucketrow INTEGER NOT NULL, starttime INTEGER NOT NULL,
      endtime INTEGER NOT NULL, data TEXT NOT NULL);
    CREATE INDEX events_bucketrow_index ON events(bucketrow);
    CREATE INDEX events_starttime_index ON events(starttime);
    CREATE INDEX events_endtime_index ON events(endtime);
    BEGIN;`);
  const b = db.prepare(
    "INSERT INTO buckets VALUES (?, ?, ?, 'bench', 'bench', '2026-01-01T00:00:00Z', '{}')",
  );
  const e = db.prepare("INSERT INTO events VALUES (?, ?, ?, ?, ?)");
  let row = 0;
  for (const [name, bucket] of buckets) {
    b.run(++row, name, bucket.type);
    // ns as BigInt: a double is exact only to 256 ns at this magnitude.
    for (const [id, s, d, data] of bucket.events) {
      e.run(id, row, BigInt(s) * 1_000_000n, BigInt(s + d) * 1_000_000n, data);
    }
  }
  db.exec("COMMIT");
  db.close();
}

const exportPath = join(dir, "export.json");
{
  const out: Record<string, unknown> = {};
  for (const [name, bucket] of buckets) {
    out[name] = {
      id: name,
      type: bucket.type,
      client: "bench",
      hostname: "bench",
      created: "2026-01-01T00:00:00Z",
      events: bucket.events.slice().reverse().map(([id, s, d, data]) => ({
        id,
        timestamp: new Date(s).toISOString(),
        duration: d / 1000,
        data: JSON.parse(data),
      })),
    };
  }
  await Deno.writeTextFile(exportPath, JSON.stringify({ buckets: out }));
}

let run = 0;
async function importOnce(location: string): Promise<void> {
  const store = join(dir, `store${++run}`, "capture.db");
  const t0 = performance.now();
  const source = await openActivityWatchImport(location);
  try {
    const s = importSource(source, { store });
    const ms = performance.now() - t0;
    console.error(
      `import ${events} AW events from ${location.endsWith(".json") ? "export JSON" : "SQLite"}: ${
        (ms / 1000).toFixed(2)
      } s → ${s.added} rows added`,
    );
  } finally {
    source.close();
  }
}

Deno.bench({
  name: `import ${events} ActivityWatch events from aw-server-rust SQLite`,
  n: 1,
  warmup: 0,
  async fn() {
    await importOnce(sqlitePath);
  },
});

Deno.bench({
  name: `import ${events} ActivityWatch events from an export JSON file`,
  n: 1,
  warmup: 0,
  async fn() {
    await importOnce(exportPath);
  },
});
