/**
 * Issue 14, "Files": a WAL-mode source is read without leaving `-wal`/`-shm` files and
 * with its bytes unchanged (with and without an active writer); `--out` that resolves to
 * the source — through a symlink too — is refused with exit 2 before anything is written;
 * `config.json` is checked against a schema; numbers like `--hours 1e308` are refused; and
 * three oddities are errors: `recall:` on any folder, an empty `screenpipe:` path, an
 * integer `browser_url`.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { runFrames } from "../_frames.ts";
import { siteOf } from "../../src/compile/site.ts";
import { DAY, writeHostileStore } from "./_hostile.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_files_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const home = join(dir, "home");
await Deno.mkdir(join(home, ".frames"), { recursive: true });

function listing(folder: string): string[] {
  return [...Deno.readDirSync(folder)].map((e) => e.name).sort();
}

async function sha(path: string): Promise<string> {
  const d = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function storeIn(name: string): Promise<{ folder: string; path: string }> {
  const folder = join(dir, name);
  await Deno.mkdir(folder);
  return { folder, path: writeHostileStore(folder) };
}

Deno.test("reading a WAL-mode source with no writer leaves no -wal/-shm and the bytes unchanged", async () => {
  const { folder, path } = await storeIn("wal_idle");
  const mode = new DatabaseSync(path, { readOnly: true });
  const journal = mode.prepare("PRAGMA journal_mode").get() as { journal_mode: string };
  mode.close();
  for (const f of listing(folder)) if (f !== "capture.db") Deno.removeSync(join(folder, f));
  assert.equal(journal.journal_mode, "wal", "the store is a WAL-mode database");
  const before = [listing(folder), await sha(path)];
  const r = await runFrames([
    "compile",
    "--source",
    `native:${path}`,
    "--day",
    DAY,
    "--tz",
    "UTC",
    "-f",
    "json",
  ], { home });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(JSON.parse(r.stdout).frames.length > 0, "it was really read");
  assert.deepEqual([listing(folder), await sha(path)], before);
});

Deno.test("reading a WAL-mode source while a writer is active changes nothing of it and sees its commits", async () => {
  const { folder, path } = await storeIn("wal_busy");
  const writer = new DatabaseSync(path);
  try {
    writer.exec("PRAGMA journal_mode = WAL");
    // A commit that lives only in the -wal until a checkpoint: the reader must see it.
    writer.exec(
      "UPDATE snapshots SET title = 'seen from the wal' WHERE id = (SELECT min(id) FROM snapshots)",
    );
    const before = [listing(folder), await sha(path), await sha(`${path}-wal`)];
    assert.ok(before[0].includes("capture.db-wal"), "the writer holds a -wal");
    const r = await runFrames([
      "compile",
      "--source",
      `native:${path}`,
      "--day",
      DAY,
      "--tz",
      "UTC",
      "-f",
      "json",
    ], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes("seen from the wal"), "the reader sees the writer's commit");
    assert.deepEqual([listing(folder), await sha(path), await sha(`${path}-wal`)], before);
  } finally {
    writer.close();
  }
});

Deno.test("--out that resolves to the source, directly or through a symlink, is refused with exit 2", async () => {
  const { folder, path } = await storeIn("out_guard");
  const hash = await sha(path);
  const link = join(folder, "innocent.md");
  Deno.symlinkSync(path, link);
  const rel = join(folder, "sub");
  await Deno.mkdir(rel);
  for (const out of [path, link, join(rel, "..", "capture.db"), `${path}-wal`]) {
    const r = await runFrames(
      ["compile", "--source", `native:${path}`, "--day", DAY, "--tz", "UTC", "--out", out],
      { home },
    );
    assert.equal(r.code, 2, `${out}: ${r.stderr}`);
    assert.match(r.stderr, /^frames: Cannot write --out ".*": it resolves to the source/);
    assert.equal(await sha(path), hash, "nothing was written");
  }
  assert.ok(!listing(folder).includes("capture.db-wal"), "not even a side file");
  const ok = await runFrames(
    [
      "compile",
      "--source",
      `native:${path}`,
      "--day",
      DAY,
      "--tz",
      "UTC",
      "--out",
      join(folder, "report.md"),
    ],
    { home },
  );
  assert.equal(ok.code, 0, ok.stderr);
});

Deno.test("every other output target that names the source is refused too (timesheet, eval, routines, export)", async () => {
  const { path } = await storeIn("out_guard_more");
  const hash = await sha(path);
  const source = ["--source", `native:${path}`, "--tz", "UTC"];
  const cases: [string[], string][] = [
    [["timesheet", ...source, "--from", DAY, "--to", DAY, "--out", path], "--out"],
    [["eval", ...source, "--from", DAY, "--to", DAY, "--out", path], "--out"],
    [["routines", ...source, "--day", DAY, "--out", path], "--out"],
    [["export", ...source, "--from", DAY, "--to", DAY, "--parquet", path], "--parquet"],
  ];
  for (const [args, flag] of cases) {
    const r = await runFrames(args, { home });
    assert.equal(r.code, 2, `${args[0]}: ${r.stderr}`);
    assert.match(
      r.stderr,
      new RegExp(`^frames: Cannot write ${flag} ".*": it resolves to the source`),
    );
    assert.equal(await sha(path), hash, `${args[0]} wrote nothing`);
  }
});

Deno.test("frames import --store that is the source being imported is refused with exit 2", async () => {
  const folder = join(dir, "store_guard");
  await Deno.mkdir(folder);
  // screenpipe's frames table (crates/screenpipe-db/src/migrations), the reader's columns.
  const path = join(folder, "db.sqlite");
  const db = new DatabaseSync(path);
  db.exec(`CREATE TABLE video_chunks (id INTEGER PRIMARY KEY, file_path TEXT, device_name TEXT);
    CREATE TABLE frames (id INTEGER PRIMARY KEY, video_chunk_id INTEGER, offset_index INTEGER,
      timestamp TIMESTAMP, name TEXT, browser_url TEXT, app_name TEXT, window_name TEXT,
      focused BOOLEAN, device_name TEXT);
    INSERT INTO frames (id, timestamp, app_name, window_name, device_name) VALUES
      (1, '${DAY}T09:00:00+00:00', 'Code', 'x', 'monitor_1'),
      (2, '${DAY}T09:01:00+00:00', 'Code', 'y', 'monitor_1');`);
  db.close();
  const hash = await sha(path);
  const link = join(folder, "store-link.db");
  Deno.symlinkSync(path, link);
  for (const store of [path, link]) {
    const r = await runFrames(["import", "screenpipe", path, "--store", store], { home });
    assert.equal(r.code, 2, `${store}: ${r.stderr}`);
    assert.match(r.stderr, /^frames: Cannot write --store ".*": it resolves to the source/);
  }
  assert.equal(await sha(path), hash, "nothing was written");
  const ok = await runFrames(["import", "screenpipe", path, "--store", join(folder, "mine.db")], {
    home,
  });
  assert.equal(ok.code, 0, ok.stderr);
});

async function withConfig(config: string): Promise<{ code: number; stderr: string }> {
  const h = await Deno.makeTempDir({ dir });
  await Deno.mkdir(join(h, ".frames"));
  await Deno.writeTextFile(join(h, ".frames", "config.json"), config);
  return await runFrames(["compile", "--source", join(h, "none.db"), "--day", DAY], { home: h });
}

Deno.test("config.json: an unknown key or a bad value is one line naming the key (exit 2)", async () => {
  const cases: [string, RegExp][] = [
    ['{"sorce": "x.db"}', /unknown key "sorce"/],
    ['{"budget": "lots"}', /"budget" must be a whole number/],
    ['{"budget": 1e308}', /"budget" must be from 50 to 32000/],
    ['{"min_minutes": -1}', /"min_minutes" must be from 0 to 1440/],
    ['{"tz": 3}', /"tz" must be a string/],
    ['{"redact_store": "yes"}', /"redact_store" must be a boolean/],
    ['{"source": ""}', /"source" must not be empty/],
    ["[1]", /expected a JSON object/],
  ];
  for (const [config, want] of cases) {
    const r = await withConfig(config);
    assert.equal(r.code, 2, `${config}: ${r.stderr}`);
    assert.match(r.stderr, want, config);
    assert.equal(r.stderr.trimEnd().split("\n").length, 1, `one line: ${r.stderr}`);
    assert.ok(!/instancePath|schemaPath|"keyword"/.test(r.stderr), "no validator dump");
  }
});

Deno.test("--hours 1e308 and other absurd numbers are usage errors", async () => {
  for (const hours of ["1e308", "Infinity", "NaN", "-1", "0x10"]) {
    const r = await runFrames(["compile", "--source", join(dir, "none.db"), "--hours", hours], {
      home,
    });
    assert.equal(r.code, 2, `${hours}: ${r.stderr}`);
    assert.match(r.stderr, /^frames: Invalid --hours/);
  }
});

Deno.test("recall: on a folder that is not a Recall export is an error, not an empty day", async () => {
  const folder = join(dir, "any_folder");
  await Deno.mkdir(folder);
  await Deno.writeTextFile(join(folder, "notes.txt"), "hello");
  const r = await runFrames(["compile", "--source", `recall:${folder}`, "--day", DAY], { home });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /no Recall snapshot files/);
});

Deno.test("an empty screenpipe: path is a usage error, not discovery", async () => {
  for (const spec of ["screenpipe:", "native:", "aw:  "]) {
    const r = await runFrames(["compile", "--source", spec, "--day", DAY], { home });
    assert.equal(r.code, 2, `${spec}: ${r.stderr}`);
    assert.match(r.stderr, /the path after ".*:" is empty/);
  }
});

Deno.test("an integer browser_url names no site (never 0.0.0.42)", async () => {
  // screenpipe's frames table (crates/screenpipe-db/src/migrations, browser_url TEXT):
  // an integer stored there reads back as the text "42".
  const path = join(dir, "screenpipe_int_url.sqlite");
  const db = new DatabaseSync(path);
  db.exec(`CREATE TABLE video_chunks (id INTEGER PRIMARY KEY, file_path TEXT, device_name TEXT);
    CREATE TABLE frames (id INTEGER PRIMARY KEY, video_chunk_id INTEGER, offset_index INTEGER,
      timestamp TIMESTAMP, name TEXT, browser_url TEXT, app_name TEXT, window_name TEXT,
      focused BOOLEAN, device_name TEXT);
    INSERT INTO frames (id, timestamp, browser_url, app_name, window_name, device_name) VALUES
      (1, '${DAY}T09:00:00+00:00', 42, 'Google Chrome', 'x', 'monitor_1'),
      (2, '${DAY}T09:01:00+00:00', '0x7f000001', 'Google Chrome', 'y', 'monitor_1'),
      (3, '${DAY}T09:02:00+00:00', 'https://github.com/a', 'Google Chrome', 'z', 'monitor_1'),
      (4, '${DAY}T09:03:00+00:00', NULL, 'Code', 'w', 'monitor_1');`);
  db.close();
  const r = await runFrames([
    "compile",
    "--source",
    path,
    "--day",
    DAY,
    "--tz",
    "UTC",
    "-f",
    "json",
    "--min-minutes",
    "0",
  ], { home });
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  const sites = doc.sites.map((s: { site: string }) => s.site);
  assert.deepEqual(sites, ["github.com"]);
  assert.equal(siteOf("42"), undefined);
  assert.equal(siteOf("http://0x7f000001/"), undefined);
  assert.equal(siteOf("http://127.0.0.1:8080/x"), "127.0.0.1");
});
