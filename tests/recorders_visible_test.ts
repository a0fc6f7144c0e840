/**
 * Issue 17: a store holding an ActivityWatch import and a screenpipe import of the same
 * hours of one machine counts visible minutes once. adapters/_names.ts only strips invisible
 * characters, so ActivityWatch's `Google-chrome` and screenpipe's `Google Chrome` stay two
 * names; the visible streams of one machine's recorders are one timeline instead (the more
 * detailed recorder holds each instant, src/compile/tally.ts), as focus already is.
 */
import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openActivityWatchImport } from "../adapters/activitywatch/read.ts";
import { openScreenpipeImport } from "../adapters/screenpipe/importer.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/_schema.ts";
import { compile } from "../src/compile/mod.ts";
import { importSource } from "../src/import/mod.ts";
import type { ImportableSource } from "../src/import/mod.ts";
import { readNative } from "../src/store/mod.ts";
import { exportJson, type FixtureBucket, T0 } from "./data/aw/fixture.ts";
import { assertValidDocument } from "./_schema.ts";

const dir = Deno.makeTempDirSync({ prefix: "frames_recorders_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const WINDOW = { start: Date.UTC(2026, 6, 4), end: Date.UTC(2026, 6, 5) };
const HOUR = 3600;
/** 09:00Z–10:00Z the browser, 10:00Z–11:00Z the editor; T0 is 08:00Z. */
const PLAN: [string, string, number, number][] = [
  ["Google-chrome", "Google Chrome", HOUR, 2 * HOUR],
  ["Code", "Code", 2 * HOUR, 3 * HOUR],
];

function awExport(): string {
  const buckets: FixtureBucket[] = [
    {
      id: "aw-watcher-window_ada",
      type: "currentwindow",
      client: "aw-watcher-window",
      hostname: "ada",
      events: PLAN.map(([app, , a, b], i) => [i + 1, a, b - a, { app, title: "work" }]),
    },
    {
      id: "aw-watcher-afk_ada",
      type: "afkstatus",
      client: "aw-watcher-afk",
      hostname: "ada",
      events: [[11, HOUR, 2 * HOUR, { status: "not-afk" }]],
    },
  ];
  const path = join(dir, "aw-export.json");
  Deno.writeTextFileSync(path, exportJson("rust", buckets));
  return path;
}

function screenpipeDb(): string {
  const path = join(dir, "db.sqlite");
  const db = new DatabaseSync(path);
  db.exec(SCREENPIPE_SCHEMA_SQL);
  const f = db.prepare(
    "INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name) VALUES (?, ?, ?, 'work', 1, 'monitor_0')",
  );
  let id = 1;
  for (const [, app, a, b] of PLAN) {
    for (let t = a; t < b; t += 20) f.run(id++, new Date(T0 + t * 1000).toISOString(), app);
  }
  f.run(id++, new Date(T0 + 3 * HOUR * 1000).toISOString(), "Code");
  db.close();
  return path;
}

async function load(store: string, source: ImportableSource | Promise<ImportableSource>) {
  const s = await source;
  try {
    return importSource(s, {
      store,
      now: () => 0,
      ...(s.adapter === "screenpipe" ? { machine: "ada" } : {}),
    });
  } finally {
    s.close();
  }
}

/** An app name without case and punctuation: `Google-chrome` and `Google Chrome` are one. */
const key = (app: string) => app.toLowerCase().replace(/[^a-z0-9]/g, "");

Deno.test("two recorders of one machine in one store: per-app visible ≤ header, no app counted twice", async () => {
  const store = join(dir, "capture.db");
  // ActivityWatch: the bucket's hostname "ada" is the machine; screenpipe: --machine ada.
  equal((await load(store, openActivityWatchImport(awExport()))).machine, "ada");
  equal((await load(store, openScreenpipeImport(screenpipeDb()))).machine, "ada");
  const doc = compile(readNative(store, WINDOW), { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  const header = doc.coverage.dedup_active_minutes;
  ok(Math.abs(header - 120) <= 0.5, `header ${header}`);
  const visible = doc.ledger.filter((l) => l.minutes > 0);
  const sum = visible.reduce((n, l) => n + l.minutes, 0);
  // Each entry rounds to 0.1 min: allow that much per entry.
  ok(sum <= header + 0.1 * visible.length, `Σ per-app visible ${sum} > header ${header}`);
  for (const l of doc.ledger) ok(l.minutes <= header, l.app);
  const names = visible.map((l) => key(l.app));
  equal(new Set(names).size, names.length, `an app counted twice: ${JSON.stringify(visible)}`);
  // The more detailed recorder names what was seen; the other keeps its frames as evidence.
  ok(Math.abs((doc.ledger.find((l) => l.app === "Google Chrome")?.minutes ?? 0) - 60) <= 0.5);
  equal(doc.ledger.find((l) => l.app === "Google-chrome")?.minutes, 0);
  ok(doc.frames.some((f) => f.app === "Google-chrome"));
  // Focus was already one timeline: the header is the wall time, Σ per-app equals it.
  const focused = doc.ledger.reduce((n, l) => n + (l.focused_minutes ?? 0), 0);
  ok(Math.abs(focused - (doc.coverage.focused_minutes ?? 0)) <= 0.1 * doc.ledger.length);
  ok((doc.coverage.focused_minutes ?? 0) <= header + 0.1);
});
