import { deepStrictEqual, equal, notEqual, ok, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { compileForCli } from "../src/cli/_capture.ts";
import { cacheVersion } from "../src/cli/_day_cache.ts";
import { parseFlags } from "../src/cli/_args.ts";
import { COMPILE_OPTIONS, statsText } from "../src/cli/compile.ts";
import { cacheDir, clearCache, readEntry } from "../src/cache/mod.ts";
import { emitJson } from "../src/emit/json.ts";
import { runFrames } from "./_frames.ts";
import { pinSettingsEnvironment } from "../src/cli/_settings.ts";

const fixtureSql = SCREENPIPE_SCHEMA_SQL + "\n" +
  await Deno.readTextFile(new URL("../fixtures/flicker_edges/input.sql", import.meta.url));

const home = await Deno.makeTempDir({ prefix: "frames-cache-test-" });
const framesHome = join(home, ".frames");
// Settings read this home, not the process environment every test file shares.
pinSettingsEnvironment({ FRAMES_HOME: framesHome });
const dir = cacheDir(framesHome);

function makeDb(name: string): string {
  const path = join(home, name);
  const db = new DatabaseSync(path);
  db.exec(fixtureSql);
  db.close();
  return path;
}

function exec(path: string, sql: string): void {
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
}

async function run(db: string, extra: string[] = [], captureUnused = false) {
  const args = ["--source", `screenpipe:${db}`, "--day", "2026-07-04", "--tz", "Europe/Berlin"];
  const p = parseFlags([...args, ...extra], COMPILE_OPTIONS, { command: "compile" });
  const r = await compileForCli(p, {
    quiet: true,
    minMinutes: p.values["min-minutes"] as string,
    captureUnused,
  });
  const json = r.json === undefined ? undefined : r.json + "\n";
  return { cached: r.cached === true, bytes: emitJson(r.doc), json, run: r };
}

function entries(): string[] {
  try {
    return [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".day"));
  } catch {
    return [];
  }
}

Deno.test("compileForCli() answers an unchanged past day from the cache with the same bytes", async () => {
  const db = makeDb("hit.db");
  const fresh = await run(db);
  equal(fresh.cached, false);
  const again = await run(db);
  equal(again.cached, true);
  equal(again.bytes, fresh.bytes);
  // What a json run writes from the cache (the entry's body) is the fresh run's output.
  equal(fresh.json, undefined);
  equal(again.json, fresh.bytes);
  // Its capture is read on first use, redacted as a fresh run's; unless nobody would read it.
  deepStrictEqual(again.run.capture.snapshots, fresh.run.capture.snapshots);
  const bare = await run(db, [], true);
  equal(bare.cached, true);
  throws(() => bare.run.capture, /not asked for/);
  equal((await run(db, ["--no-cache"])).cached, false);
  // User-only: the folder 0700, the entry 0600.
  equal(Deno.statSync(dir).mode! & 0o777, 0o700);
  for (const name of entries()) equal(Deno.statSync(join(dir, name)).mode! & 0o777, 0o600);
});

Deno.test("a cached run's --stats come from its entry: the fresh run's lines, and no read", async () => {
  const db = makeDb("stats.db");
  // A rejected row, so the kept counts have both kinds.
  exec(
    db,
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (901, '2026-07-04T09:31:00.000000+00:00', '', 'x', 1, 'monitor_1', 'visual_change')`,
  );
  const fresh = await run(db);
  equal(fresh.cached, false);
  const cached = await run(db, [], true);
  equal(cached.cached, true);
  // Nothing is read for them: asking for the capture throws.
  throws(() => cached.run.capture, /not asked for/);
  const lines = (r: typeof fresh) => statsText(r.run, 0).split("\n").slice(0, -1);
  ok(lines(fresh).some((l) => l.includes("empty app_name")), lines(fresh).join("\n"));
  deepStrictEqual(lines(cached), lines(fresh));
  // Through the command, too: the same lines but the timings.
  const args = ["compile", "--source", `screenpipe:${db}`, "--day", "2026-07-04", "--tz", "UTC"];
  const env = { FRAMES_HOME: framesHome };
  const a = await runFrames([...args, "--stats"], { home, env });
  const b = await runFrames([...args, "--stats"], { home, env });
  equal(a.code, 0, a.stderr);
  equal(b.code, 0, b.stderr);
  equal(b.stdout, a.stdout);
  const untimed = (s: string) => s.split("\n").filter((l) => !l.startsWith("time:")).join("\n");
  equal(untimed(b.stderr), untimed(a.stderr));
  ok(/compile 0\.0 ms/.test(b.stderr), `the second run was answered from the cache: ${b.stderr}`);
  ok(a.stderr.includes("rows read: frames"), a.stderr);
});

Deno.test("a cached json run writes the fresh bytes for titles JSON.stringify leaves raw", async () => {
  const db = makeDb("hostile.db");
  // U+2028, a bidi override, DEL and a NUL: escaped by the json emitter, kept by the cache.
  exec(
    db,
    "UPDATE frames SET window_name = 'a' || char(8232) || char(8238) || char(127) || char(0) || 'b'",
  );
  const fresh = await run(db);
  const again = await run(db);
  equal(again.cached, true);
  ok(fresh.bytes.includes("\\u2028"), "the fixture's titles reach the document");
  equal(again.json, fresh.bytes);
});

Deno.test("compileForCli() rebuilds when a row arrives, an element arrives or an option changes", async () => {
  const db = makeDb("change.db");
  const first = await run(db);
  equal((await run(db)).cached, true);
  exec(
    db,
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (900, '2026-07-04T09:30:00.000000+00:00', 'Mail', 'inbox', 1, 'monitor_1', 'visual_change')`,
  );
  const grown = await run(db);
  equal(grown.cached, false);
  notEqual(grown.bytes, first.bytes);
  equal((await run(db)).cached, true);
  // An element row of an existing frame (OCR arrives after its frame) invalidates too.
  exec(db, `INSERT INTO elements (frame_id, source, role, text) VALUES (1, 'ocr', 'line', 'x')`);
  equal((await run(db)).cached, false);
  equal((await run(db)).cached, true);
  // Another option is another entry.
  const other = await run(db, ["--min-minutes", "0"]);
  equal(other.cached, false);
  equal((await run(db, ["--min-minutes", "0"])).cached, true);
  equal((await run(db)).cached, true);
});

Deno.test("compileForCli() ignores an entry of another frames version and rebuilds it", async () => {
  const db = makeDb("version.db");
  await run(db);
  equal((await run(db)).cached, true);
  const was = cacheVersion.value;
  cacheVersion.value = "0.0.0-other";
  try {
    equal((await run(db)).cached, false);
    equal((await run(db)).cached, true);
  } finally {
    cacheVersion.value = was;
  }
});

Deno.test("compileForCli() ignores a truncated or foreign cache file and rebuilds it", async () => {
  clearCache(dir);
  const db = makeDb("torn.db");
  const fresh = await run(db);
  const [name] = entries();
  ok(name, "an entry was written");
  const path = join(dir, name);
  const text = Deno.readTextFileSync(path);
  for (
    const broken of [
      text.slice(0, text.length - 10),
      "not a cache file",
      text.replace(/"magic":"[^"]*"/, '"magic":"x"'),
      text.replace('"app"', '"apq"'),
    ]
  ) {
    Deno.writeTextFileSync(path, broken);
    const r = await run(db);
    equal(r.cached, false, "a broken entry is a miss");
    equal(r.bytes, fresh.bytes);
    equal((await run(db)).cached, true, "and is rebuilt");
  }
});

Deno.test("two processes compiling the same day at once never leave a torn cache file", async () => {
  clearCache(dir);
  const db = makeDb("race.db");
  const args = [
    "compile",
    "--source",
    `screenpipe:${db}`,
    "--day",
    "2026-07-04",
    "--tz",
    "Europe/Berlin",
  ];
  const env = { FRAMES_HOME: framesHome };
  const fresh = await runFrames([...args, "--no-cache"], { home, env });
  for (let round = 0; round < 4; round++) {
    clearCache(dir);
    const [a, b] = await Promise.all([
      runFrames(args, { home, env }),
      runFrames(args, { home, env }),
    ]);
    equal(a.code, 0, a.stderr);
    equal(b.code, 0, b.stderr);
    equal(a.stdout, fresh.stdout);
    equal(b.stdout, fresh.stdout);
    const names = [...Deno.readDirSync(dir)].map((e) => e.name);
    equal(names.filter((n) => n.endsWith(".tmp")).length, 0, "no temporary file left");
    deepStrictEqual(names.length, 1);
    const key = names[0].replace(/\.day$/, "");
    ok(await readEntry(dir, key, cacheVersion.value), "the entry decodes whole");
  }
});

Deno.test("frames cache clear removes the entries; frames cache lists them", async () => {
  const db = makeDb("clear.db");
  await run(db);
  ok(entries().length > 0);
  const env = { FRAMES_HOME: framesHome };
  const list = await runFrames(["cache"], { home, env });
  equal(list.code, 0, list.stderr);
  ok(/\d+ entr/.test(list.stdout));
  const r = await runFrames(["cache", "clear"], { home, env });
  equal(r.code, 0, r.stderr);
  deepStrictEqual(entries(), []);
  equal((await runFrames(["cache", "nope"], { home, env })).code, 2);
});

Deno.test("the native store's watermark invalidates a cached day when an import adds rows", async () => {
  const sp = makeDb("native-src.db");
  const env = { FRAMES_HOME: framesHome };
  const imp = await runFrames(["import", "screenpipe", sp], { home, env });
  equal(imp.code, 0, imp.stderr);
  const store = join(framesHome, "capture.db");
  const args = ["--source", `native:${store}`, "--day", "2026-07-04", "--tz", "Europe/Berlin"];
  const compileNative = async () => {
    const p = parseFlags(args, COMPILE_OPTIONS, { command: "compile" });
    const r = await compileForCli(p, { quiet: true });
    return { cached: r.cached === true, bytes: emitJson(r.doc) };
  };
  const first = await compileNative();
  equal(first.cached, false);
  equal((await compileNative()).cached, true);
  exec(
    sp,
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (901, '2026-07-04T10:30:00.000000+00:00', 'Mail', 'inbox', 1, 'monitor_1', 'visual_change')`,
  );
  equal((await runFrames(["import", "screenpipe", sp], { home, env })).code, 0);
  const grown = await compileNative();
  equal(grown.cached, false);
  notEqual(grown.bytes, first.bytes);
  equal((await compileNative()).cached, true);
});

Deno.test("compileForCli({ live }) keeps the window in memory until its rows change", async () => {
  const db = makeDb("live.db");
  const args = ["--source", `screenpipe:${db}`, "--day", "2026-07-04", "--tz", "Europe/Berlin"];
  const live = async () => {
    const p = parseFlags(args, COMPILE_OPTIONS, { command: "compile" });
    const r = await compileForCli(p, { quiet: true, live: true });
    return {
      cached: r.cached === true,
      bytes: emitJson(r.doc),
      snapshots: r.capture.snapshots.length,
    };
  };
  const fresh = await run(db, ["--no-cache"]);
  const first = await live();
  equal(first.cached, false);
  equal(first.bytes, fresh.bytes);
  const second = await live();
  equal(second.cached, true);
  equal(second.bytes, fresh.bytes);
  equal(second.snapshots, first.snapshots);
  exec(
    db,
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (902, '2026-07-04T11:30:00.000000+00:00', 'Mail', 'inbox', 1, 'monitor_1', 'visual_change')`,
  );
  const grown = await live();
  equal(grown.cached, false);
  equal(grown.bytes, (await run(db, ["--no-cache"])).bytes);
  equal(grown.snapshots, first.snapshots + 1);
});

Deno.test("frames compile --watch writes the document again when a row arrives", async () => {
  const db = makeDb("watch.db");
  const out = join(home, "watch.json");
  const { MAIN, RUN_FLAGS, childEnv } = await import("./_frames.ts");
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      ...RUN_FLAGS,
      MAIN,
      "compile",
      "--watch",
      "--source",
      `screenpipe:${db}`,
      "--day",
      "2026-07-04",
      "--tz",
      "Europe/Berlin",
      "--out",
      out,
    ],
    env: childEnv(home, { FRAMES_HOME: framesHome }),
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const waitFor = async (test: () => boolean) => {
    for (let i = 0; i < 300 && !test(); i++) await new Promise((r) => setTimeout(r, 100));
    ok(test(), "timed out");
  };
  const read = () => {
    try {
      return Deno.readTextFileSync(out);
    } catch {
      return "";
    }
  };
  try {
    await waitFor(() => read().endsWith("\n"));
    const first = read();
    exec(
      db,
      `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, capture_trigger)
       VALUES (903, '2026-07-04T12:30:00.000000+00:00', 'Mail', 'inbox', 1, 'monitor_1', 'visual_change')`,
    );
    await waitFor(() => read() !== first && read().endsWith("\n"));
    equal(read(), (await run(db, ["--no-cache"])).bytes);
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
});
