import { deepEqual, equal, match, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { assertValidDocument } from "./_schema.ts";
import { assertOneLineError, type FramesResult, runFrames } from "./_frames.ts";

/** Runs `frames ARGS` with a temporary HOME (or `env.HOME`) and a clean environment. */
function frames(args: string[], env: Record<string, string> = {}): Promise<FramesResult> {
  return runFrames(args, { home: env.HOME ?? tmpHome, env });
}

const tmpHome = await Deno.makeTempDir({ prefix: "frames-cli-" });
const fixtureSql = SCREENPIPE_SCHEMA_SQL + await Deno.readTextFile(
  new URL("../fixtures/flicker_edges/input.sql", import.meta.url),
);

function makeDb(name: string, sql = fixtureSql): string {
  const path = join(tmpHome, name);
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
  return path;
}

const db = makeDb("capture.db");
const DAY = ["--day", "2026-07-04", "--tz", "Europe/Berlin"];

Deno.test("frames --help and --version print and exit 0", async () => {
  const help = await frames(["--help"]);
  equal(help.code, 0);
  for (const c of ["compile", "today", "context", "apps", "demo"]) {
    match(help.stdout, new RegExp(c));
  }
  const v = await frames(["--version"]);
  equal(v.code, 0);
  match(v.stdout, /^frames \d+\.\d+\.\d+\n$/);
});

Deno.test("every command answers --help with exit 0", async () => {
  for (const c of ["compile", "today", "context", "apps", "demo"]) {
    const r = await frames([c, "--help"]);
    equal(r.code, 0, c);
    match(r.stdout, new RegExp(`Usage: frames ${c}`));
  }
});

Deno.test("frames compile writes a valid document that does not depend on the process TZ", async () => {
  const a = await frames(["compile", "--source", `screenpipe:${db}`, ...DAY], { TZ: "UTC" });
  const b = await frames(["compile", "--source", db, ...DAY], { TZ: "Pacific/Auckland" });
  equal(a.code, 0, a.stderr);
  equal(b.stdout, a.stdout);
  const doc = JSON.parse(a.stdout);
  assertValidDocument(doc);
  equal(doc.window.tz, "Europe/Berlin");
  equal(doc.window.start, "2026-07-04T00:00:00+02:00");
});

Deno.test("frames never changes the source file's bytes or mtime", async () => {
  const before = await Deno.readFile(db);
  const mtime = (await Deno.stat(db)).mtime?.getTime();
  const runs = [
    ...["compile", "today", "context", "apps"].map((cmd) => [cmd, "--source", db, ...DAY]),
    ["steps", "--source", db, ...DAY, "--find", "main"],
    ["parsers", "coverage", "--source", db, ...DAY],
    ["patterns", "--source", db, "--tz", "Europe/Berlin", "--days", "2", "--until", "2026-07-04"],
  ];
  for (const args of runs) {
    const r = await frames(args);
    equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
  }
  deepEqual(await Deno.readFile(db), before);
  equal((await Deno.stat(db)).mtime?.getTime(), mtime);
  // No journal or WAL files appear beside it either.
  const siblings = [...Deno.readDirSync(tmpHome)].map((e) => e.name);
  ok(!siblings.some((n) => n.startsWith("capture.db-")), siblings.join(","));
});

Deno.test("frames compile -f writes each format and --out a user-only file", async () => {
  for (const f of ["yaml", "md", "context"]) {
    const r = await frames(["compile", "--source", db, ...DAY, "-f", f]);
    equal(r.code, 0, r.stderr);
    ok(r.stdout.endsWith("\n") && !r.stdout.endsWith("\n\n"), f);
  }
  const out = join(tmpHome, "doc.json");
  const r = await frames(["compile", "--source", db, ...DAY, "--out", out, "--stats"]);
  equal(r.code, 0, r.stderr);
  equal(r.stdout, "");
  match(r.stderr, /rows read: frames \d+/);
  match(r.stderr, /time: read [\d.]+ ms, compile [\d.]+ ms, emit [\d.]+ ms/);
  assertValidDocument(JSON.parse(await Deno.readTextFile(out)));
  equal((await Deno.stat(out)).mode! & 0o777, 0o600);
});

Deno.test("frames resolves the source as flag > FRAMES_SOURCE > config file", async () => {
  const other = makeDb("other.db", fixtureSql.replaceAll("'Code'", "'Emacs'"));
  const home = await Deno.makeTempDir({ prefix: "frames-home-" });
  await Deno.mkdir(join(home, ".frames"));
  await Deno.writeTextFile(
    join(home, ".frames", "config.json"),
    JSON.stringify({ source: `screenpipe:${other}`, tz: "Europe/Berlin" }),
  );
  const apps = async (args: string[], env: Record<string, string>) =>
    JSON.parse((await frames(["apps", "--json", "--day", "2026-07-04", ...args], env)).stdout)
      .ledger.map((l: { app: string }) => l.app);
  const viaConfig = await apps([], { HOME: home });
  ok(viaConfig.includes("Emacs"), viaConfig.join());
  const viaEnv = await apps([], { HOME: home, FRAMES_SOURCE: db });
  ok(viaEnv.includes("Code"), viaEnv.join());
  const viaFlag = await apps(["--source", other], { HOME: home, FRAMES_SOURCE: db });
  ok(viaFlag.includes("Emacs"), viaFlag.join());
});

Deno.test("frames reports bad input in one line with the right exit code", async () => {
  assertOneLineError(await frames(["nope"]), 2, /Unknown command "nope"/);
  assertOneLineError(await frames(["compile", "--bogus"]), 2, /--bogus/);
  assertOneLineError(
    await frames(["compile", "--source", db, "--tz", "Mars/Base"]),
    2,
    /Unknown timezone "Mars\/Base"/,
  );
  assertOneLineError(
    await frames(["compile", "--source", db, "--day", "2026-13-01"]),
    2,
    /Invalid day "2026-13-01"/,
  );
  assertOneLineError(
    await frames(["compile", "--source", db, "-f", "xml"]),
    2,
    /Unknown format "xml"/,
  );
  assertOneLineError(await frames(["compile", "--source", "aw2:/x"]), 2, /aw2/);
  const missing = join(tmpHome, "missing.sqlite");
  assertOneLineError(await frames(["compile", "--source", missing, ...DAY]), 1, /does not exist/);
  const text = join(tmpHome, "notes.txt");
  await Deno.writeTextFile(text, "this is not a database\n".repeat(100));
  assertOneLineError(await frames(["compile", "--source", text, ...DAY]), 1, /notes\.txt/);
  const empty = makeDb("empty.db", "CREATE TABLE unrelated (x INTEGER);");
  assertOneLineError(await frames(["compile", "--source", empty, ...DAY]), 1, /frames/);
  assertOneLineError(
    await frames(["compile", ...DAY], { HOME: await Deno.makeTempDir() }),
    1,
    /--source/,
  );
});

Deno.test("frames compiles a database without ui_events or elements", async () => {
  const old = makeDb(
    "old.db",
    `CREATE TABLE frames (id INTEGER PRIMARY KEY, timestamp TIMESTAMP NOT NULL, app_name TEXT,
       window_name TEXT, device_name TEXT NOT NULL DEFAULT '');
     INSERT INTO frames VALUES (1, '2026-07-04 08:00:00', 'Code', 'a.ts', 'monitor_1');
     INSERT INTO frames VALUES (2, '2026-07-04 08:01:00', 'Code', 'a.ts', 'monitor_1');`,
  );
  const r = await frames(["compile", "--source", old, ...DAY]);
  equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assertValidDocument(doc);
  equal(doc.source.capabilities.input, false);
  ok(doc.blind_spots.some((b: string) => b.startsWith("input volume unknown")));
  equal(doc.ledger[0].minutes, 1);
});

Deno.test("frames demo builds the corpus and prints the ledger and the context block", async () => {
  const r = await frames(["demo"]);
  equal(r.code, 0, r.stderr);
  match(r.stdout, /== App ledger/);
  match(r.stdout, /measured from screen capture, no interpretation/);
  const again = await frames(["demo"]);
  equal(again.stdout, r.stdout);
});

Deno.test("frames takes display geometry from --displays or the config file", async () => {
  const home = await Deno.makeTempDir({ prefix: "frames-home-" });
  await Deno.mkdir(join(home, ".frames"));
  const geometry = "monitor_1=1920x1080+0+0";
  await Deno.writeTextFile(
    join(home, ".frames", "config.json"),
    JSON.stringify({ displays: geometry }),
  );
  const displaysOf = async (args: string[], env: Record<string, string>) => {
    const r = await frames(["compile", "--source", db, ...DAY, ...args], env);
    equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).source.displays;
  };
  const fromConfig = await displaysOf([], { HOME: home });
  deepEqual(fromConfig.map((d: { display: string; width: number }) => [d.display, d.width]), [
    ["monitor_1", 1920],
  ]);
  const fromFlag = await displaysOf(["--displays", "monitor_1=2560x1440+0+0"], { HOME: home });
  equal(fromFlag[0].width, 2560);
  assertOneLineError(
    await frames(["compile", "--source", db, ...DAY, "--displays", "nonsense"]),
    2,
    /--displays/,
  );
});
