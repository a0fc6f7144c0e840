/**
 * Issue 17: a migrated-looking (Parquet) screenpipe database and a locked vault give one
 * line saying so and what to run instead, exit 1 — never a document silently without input.
 */
import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { DEMO_DISPLAYS, writeDemoDatabase } from "../src/demo/mod.ts";
import type { Capture } from "../src/model.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { dayWindow } from "../src/compile/time.ts";
import { runFrames } from "./_frames.ts";

const TZ = "Europe/Berlin";
const root = Deno.makeTempDirSync({ prefix: "frames_sp_state_" });
globalThis.addEventListener("unload", () => Deno.removeSync(root, { recursive: true }));

function demoIn(name: string): { path: string; day: string } {
  const dir = join(root, name);
  Deno.mkdirSync(dir);
  const demo = writeDemoDatabase(join(dir, "db.sqlite"), { days: 1 });
  return { path: demo.path, day: demo.days[0].day };
}

Deno.test("readScreenpipe() refuses a database whose content moved to Parquet files beside it", () => {
  const { path, day } = demoIn("migrated");
  // Untouched, it reads; with Parquet files but full tables, it still reads.
  Deno.mkdirSync(join(root, "migrated", "data"));
  Deno.writeFileSync(
    join(root, "migrated", "data", "ui_events_2026-03.parquet"),
    new Uint8Array([80, 65, 82, 49]),
  );
  ok(readScreenpipe(path, dayWindow(day, TZ)).events.length > 0);
  const db = new DatabaseSync(path);
  db.exec("DELETE FROM ui_events; DELETE FROM elements;");
  db.close();
  throws(
    () => readScreenpipe(path, dayWindow(day, TZ)),
    /looks migrated to screenpipe's Parquet storage \(1 Parquet file beside it, ui_events and elements empty\).*--source screenpipe:api/,
  );
  // Empty tables without Parquet files are just a database with no input: no refusal.
  Deno.removeSync(join(root, "migrated", "data"), { recursive: true });
  equal(readScreenpipe(path, dayWindow(day, TZ)).events.length, 0);
});

Deno.test("frames compile on a migrated-looking or vault-locked database: one line, exit 1", async () => {
  const migrated = demoIn("cli_migrated");
  const db = new DatabaseSync(migrated.path);
  db.exec("DELETE FROM ui_events;");
  db.close();
  Deno.writeFileSync(
    join(root, "cli_migrated", "frames.parquet"),
    new Uint8Array([80, 65, 82, 49]),
  );
  const locked = demoIn("cli_locked");
  // An encrypted file starts with the vault's magic bytes (screenpipe-vault crypto.rs).
  const bytes = Deno.readFileSync(locked.path);
  bytes.set(new TextEncoder().encode("SPVAULT1"), 0);
  Deno.writeFileSync(locked.path, bytes);
  const sentinel = demoIn("cli_sentinel");
  Deno.writeTextFileSync(join(root, "cli_sentinel", ".vault_locked"), "locked");
  for (
    const [c, want] of [
      [migrated, /Parquet storage/],
      [locked, /vault is locked \(the file is encrypted\)/],
      [sentinel, /vault is locked \(a \.vault_locked sentinel sits beside it\)/],
    ] as const
  ) {
    const r = await runFrames(
      ["compile", "--source", `screenpipe:${c.path}`, "--day", c.day, "--tz", TZ],
      { home: root },
    );
    equal(r.code, 1, r.stderr);
    equal(r.stdout, "");
    const lines = r.stderr.trim().split("\n");
    equal(lines.length, 1, r.stderr);
    match(lines[0], want);
    match(lines[0], /--source screenpipe:api/);
  }
});

/** Writes a table's rows as one Parquet file with the table's own columns (hyparquet-writer). */
async function tableToParquet(db: DatabaseSync, table: string, path: string): Promise<number> {
  const { parquetWriteBuffer } = await import("hyparquet-writer");
  const info = db.prepare(`PRAGMA table_info("${table}")`).all() as {
    name: string;
    type: string;
  }[];
  const rows = db.prepare(`SELECT * FROM "${table}" ORDER BY id`).all() as Record<
    string,
    unknown
  >[];
  const columnData = info.map(({ name, type }) => {
    const t = type.toUpperCase();
    const kind = t.includes("INT") ? "INT64" : t === "REAL" ? "DOUBLE" : "STRING";
    return {
      name,
      type: kind as "INT64" | "DOUBLE" | "STRING",
      data: rows.map((r) => {
        const v = r[name];
        if (v === null || v === undefined) return null;
        return kind === "INT64" ? BigInt(v as number) : kind === "DOUBLE" ? Number(v) : String(v);
      }),
    };
  });
  Deno.writeFileSync(path, new Uint8Array(parquetWriteBuffer({ columnData })));
  return rows.length;
}

Deno.test("readScreenpipeFiles() reads a migrated install's Parquet files in the shape of the tables they replaced", async () => {
  const { readScreenpipeFiles } = await import("../adapters/screenpipe/migrated.ts");
  const { compile } = await import("../src/compile/mod.ts");
  const { path, day } = demoIn("parquet");
  const w = dayWindow(day, TZ);
  const { parseDisplays } = await import("../src/compile/enrich/mod.ts");
  // The demo's geometry (screenpipe records none), so clicks are placed and looked up.
  const placed = (c: Capture): Capture => ({ ...c, displays: parseDisplays(DEMO_DISPLAYS) });
  const before = compile(placed(readScreenpipe(path, w)), {
    tz: TZ,
    day,
    minMinutes: 0,
    enrich: true,
  });
  const db = new DatabaseSync(path);
  Deno.mkdirSync(join(root, "parquet", "data"));
  ok(await tableToParquet(db, "ui_events", join(root, "parquet", "data", "ui_events.parquet")) > 0);
  ok(await tableToParquet(db, "elements", join(root, "parquet", "data", "elements.parquet")) > 0);
  db.exec("DELETE FROM ui_events; DELETE FROM elements;");
  db.close();
  throws(() => readScreenpipe(path, w), /Parquet storage/);
  const cap = await readScreenpipeFiles(path, w);
  const after = compile(placed(cap), { tz: TZ, day, minMinutes: 0, enrich: true });
  // The same rows from Parquet give the same frames, clicks and click levels — element rows
  // a frame reuses from another (elements_ref_frame_id, which the demo writes for a fifth
  // of its frames) included; only the notes and blind spots say where the rows came from.
  ok(before.frames.some((f) => f.input.clicks > 0));
  equal(JSON.stringify(after.frames), JSON.stringify(before.frames));
  deepEqual(after.coverage.click_resolution, before.coverage.click_resolution);
  const c = before.coverage.click_resolution!;
  ok(c.exact + c.tolerance > 0, "some clicks resolve to a named element");
  ok(cap.events.every((e) => e.text === undefined), "typed text dropped without opt-in");
  ok(after.blind_spots.some((b) => b.includes("Parquet")));
  // And as a user runs it.
  const r = await runFrames(
    ["compile", "--source", `screenpipe:${path}`, "--day", day, "--tz", TZ, "--json"],
    { home: root },
  );
  equal(r.code, 0, r.stderr);
  const listed = compile(cap, { tz: TZ, day }).frames.map((f) => [f.id, f.input]);
  deepEqual(
    JSON.parse(r.stdout).frames.map((f: typeof after.frames[0]) => [f.id, f.input]),
    listed,
  );
});
