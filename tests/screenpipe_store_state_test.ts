/**
 * Issue 17: a migrated-looking (Parquet) screenpipe database and a locked vault give one
 * line saying so and what to run instead, exit 1 — never a document silently without input.
 */
import { equal, match, ok, throws } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { writeDemoDatabase } from "../src/demo/mod.ts";
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
