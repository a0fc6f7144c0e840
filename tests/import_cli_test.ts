import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { exportJson, rustSql, T0, writeSqlite } from "./data/aw/fixture.ts";
import {
  assertOneLineError,
  childEnv,
  type FramesResult,
  MAIN,
  RUN_FLAGS,
  runFrames,
} from "./_frames.ts";

// `frames import` and `frames sources` as real child processes with a clean environment.
// The ActivityWatch REST tests run a local stand-in for aw-server (tests/data/aw/server.ts)
// in its own child process, so this file needs no network permission itself.

const SERVER = new URL("./data/aw/server.ts", import.meta.url).pathname;
const dir = await Deno.makeTempDir({ prefix: "frames_import_cli_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

let n = 0;
async function home(): Promise<string> {
  const h = join(dir, `home${++n}`);
  await Deno.mkdir(h);
  return h;
}

/** Runs `frames ARGS` with HOME `h` and a clean environment. */
function frames(h: string, args: string[]): Promise<FramesResult> {
  return runFrames(args, { home: h });
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

const exportFile = join(dir, "aw-export.json");
await Deno.writeTextFile(exportFile, exportJson("rust"));
// The summary line, then what the source says it cannot see (its desktop has no afk bucket).
const SUMMARY =
  /^imported activitywatch ".*": read 27 rows, added 27, skipped 0, rejected 1 \(currentwindow: no app: 1\)\n {2}note: no afk bucket for host "desktop": .*\n$/;

Deno.test("frames import activitywatch prints one summary line and compile reads the store", async () => {
  const h = await home();
  const r = await frames(h, ["import", "activitywatch", exportFile]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, SUMMARY);
  assert.equal(r.stderr, "", "no progress bar when stderr is not a terminal");
  const again = await frames(h, ["import", "activitywatch", exportFile]);
  assert.match(again.stdout, /read 27 rows, added 0, skipped 27, /);
  const doc = await frames(h, ["compile", "--day", "2026-07-04", "--tz", "UTC"]);
  assert.equal(doc.code, 0, doc.stderr);
  const parsed = JSON.parse(doc.stdout);
  assert.equal(parsed.source.adapter, "native");
  assert.ok(parsed.ledger.some((l: { app: string }) => l.app === "Code"));
  const direct = await frames(h, [
    "compile",
    "--source",
    `aw:${exportFile}`,
    "--day",
    "2026-07-04",
    "--tz",
    "UTC",
  ]);
  assert.equal(direct.code, 0, direct.stderr);
  // The store keeps the source's focus capability: focused minutes match too.
  assert.deepEqual(JSON.parse(direct.stdout).ledger, parsed.ledger);
});

Deno.test("frames import rejects bad input with one line and writes nothing", async () => {
  const h = await home();
  const store = join(h, ".frames", "capture.db");
  const bad = join(dir, "bad.json");
  await Deno.writeTextFile(bad, '{\n  "buckets": {\n    "x" 1\n  }\n}');
  assertOneLineError(
    await frames(h, ["import", "activitywatch", bad]),
    1,
    /^frames: Cannot open ActivityWatch export ".*bad\.json": not valid JSON at line 3$/,
  );
  // An aw-server that is down: start the stand-in, stop it, and use its address.
  const gone = await standIn();
  await gone.stop();
  assertOneLineError(
    await frames(h, ["import", "activitywatch", gone.url]),
    1,
    /^frames: Cannot reach ActivityWatch server "http:\/\/127\.0\.0\.1:\d+": connection refused \(is aw-server running\?\)$/,
  );
  assertOneLineError(
    await frames(h, ["import", "photos"]),
    2,
    /^frames: Unknown source kind "photos"/,
  );
  assertOneLineError(await frames(h, ["import"]), 2, /^frames: Missing source kind/);
  assertOneLineError(
    await frames(h, ["import", "activitywatch", exportFile, "--batch", "0"]),
    2,
    /^frames: Invalid --batch "0"/,
  );
  assert.equal(exists(store), false, "no store is created by a failed import");
});

Deno.test("frames import reports a locked ActivityWatch database and writes nothing", async () => {
  const h = await home();
  const db = writeSqlite(join(dir, "locked.db"), rustSql());
  const w = new DatabaseSync(db);
  w.exec("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE");
  try {
    assertOneLineError(
      await frames(h, ["import", "activitywatch", db]),
      1,
      /^frames: Cannot read ActivityWatch database ".*locked\.db": database is locked by another process/,
    );
  } finally {
    w.exec("ROLLBACK");
    w.close();
  }
  assert.equal(exists(join(h, ".frames", "capture.db")), false);
});

/** Start the aw-server stand-in; returns its URL and a stop function. */
async function standIn(key?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net=127.0.0.1",
      "--allow-read",
      SERVER,
      exportFile,
      ...(key ? [key] : []),
    ],
    env: childEnv(dir),
    clearEnv: true,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!/listening \d+/.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the aw-server stand-in exited");
    text += value;
  }
  const port = /listening (\d+)/.exec(text)![1];
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await reader.cancel();
      await child.status;
    },
  };
}

Deno.test("frames import activitywatch reads the REST API with a bearer key like the export", async () => {
  const server = await standIn("s3cret");
  try {
    const h = await home();
    assertOneLineError(
      await frames(h, ["import", "activitywatch", server.url]),
      1,
      /^frames: Cannot read ActivityWatch server ".*": 401 the server requires an API key/,
    );
    assertOneLineError(
      await frames(h, ["import", "activitywatch", server.url, "--aw-key", "wrong"]),
      1,
      /: 401 the API key was refused$/,
    );
    assert.equal(exists(join(h, ".frames", "capture.db")), false);
    const r = await frames(h, ["import", "activitywatch", server.url, "--aw-key", "s3cret"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /read 27 rows, added 27, skipped 0, rejected 1 /);
    // The export file holds the same events: nothing new.
    const same = await frames(h, ["import", "activitywatch", exportFile]);
    assert.match(same.stdout, /added 0, skipped 27/);
  } finally {
    await server.stop();
  }
});

Deno.test("frames sources lists the native store and ActivityWatch's database", async () => {
  const h = await home();
  assert.match((await frames(h, ["sources", "--no-server"])).stdout, /no capture sources found/);
  const awDb = join(h, ".local", "share", "activitywatch", "aw-server-rust", "sqlite.db");
  await Deno.mkdir(join(awDb, ".."), { recursive: true });
  writeSqlite(awDb, rustSql());
  const imported = await frames(h, ["import", "activitywatch"]);
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, new RegExp(`imported activitywatch "${awDb}"`));
  const r = await frames(h, ["sources", "--no-server", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const found = JSON.parse(r.stdout).map((s: { kind: string; spec: string; detail: string }) => [
    s.kind,
    s.spec,
    s.detail,
  ]);
  assert.deepEqual(found, [
    ["native", `native:${join(h, ".frames", "capture.db")}`, "21 snapshots from activitywatch"],
    ["activitywatch", `aw:${awDb}`, "aw-server-rust database"],
  ]);
});

/** A bigger export: `count` 10 s window events, one after another. */
function bigExport(count: number): string {
  const events = [];
  for (let i = count; i >= 1; i--) {
    events.push({
      id: i,
      timestamp: new Date(T0 + i * 10_000).toISOString(),
      duration: 10,
      data: { app: i % 3 === 0 ? "Code" : "Firefox", title: `t${i % 7}` },
    });
  }
  return JSON.stringify({
    buckets: {
      "aw-watcher-window_big": {
        id: "aw-watcher-window_big",
        type: "currentwindow",
        client: "aw-watcher-window",
        hostname: "big",
        created: new Date(T0).toISOString(),
        events,
      },
    },
  });
}

Deno.test("frames import killed mid-run leaves a consistent store and a rerun completes", async () => {
  const count = 60_000;
  const big = join(dir, "big.json");
  await Deno.writeTextFile(big, bigExport(count));
  const h = await home();
  const store = join(h, ".frames", "capture.db");
  const child = new Deno.Command(Deno.execPath(), {
    args: [...RUN_FLAGS, MAIN, "import", "activitywatch", big, "--batch", "25"],
    env: childEnv(h),
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).spawn();
  // Wait for the first committed batches, then kill without warning.
  let seen = 0;
  for (let i = 0; i < 2000 && seen < 100; i++) {
    await new Promise((r) => setTimeout(r, 5));
    try {
      const db = new DatabaseSync(store, { readOnly: true });
      try {
        seen = (db.prepare("SELECT count(*) AS n FROM snapshots").get() as { n: number }).n;
      } finally {
        db.close();
      }
    } catch {
      // Not created or not migrated yet.
    }
  }
  child.kill("SIGKILL");
  const status = await child.status;
  assert.equal(status.success, false, "the import was killed before it finished");
  const db = new DatabaseSync(store, { readOnly: true });
  const one = (sql: string) => Object.values(db.prepare(sql).get()!)[0] as number;
  assert.equal(Object.values(db.prepare("PRAGMA integrity_check").get()!)[0], "ok");
  const partial = one("SELECT count(*) FROM snapshots");
  assert.ok(partial > 0 && partial < count, `partial import: ${partial} of ${count}`);
  // Never half a batch: the run's counter, written in each batch's transaction, equals the rows.
  assert.equal(one("SELECT sum(added) FROM imports"), partial);
  db.close();
  const rerun = await frames(h, ["import", "activitywatch", big]);
  assert.equal(rerun.code, 0, rerun.stderr);
  assert.match(
    rerun.stdout,
    new RegExp(`read ${count + 1} rows, added ${count + 1 - partial}, skipped ${partial},`),
  );
  const clean = await home();
  const once = await frames(clean, ["import", "activitywatch", big]);
  assert.match(once.stdout, new RegExp(`added ${count + 1}, skipped 0`));
  const done = new DatabaseSync(store, { readOnly: true });
  assert.equal(
    Object.values(done.prepare("SELECT count(*) FROM snapshots").get()!)[0],
    count + 1,
  );
  done.close();
});

Deno.test("frames import recall refuses a wrong export code and writes nothing", async () => {
  const { encryptSnapshot } = await import("./data/recall/export.ts");
  const folder = join(dir, "recall-export");
  await Deno.mkdir(folder);
  const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);
  await Deno.writeFile(join(folder, "snap"), await encryptSnapshot("11".repeat(16), jpeg));
  await Deno.writeTextFile(
    join(folder, "snap.json"),
    JSON.stringify({ DateTime: String(T0), AppName: "Notepad" }),
  );
  const h = await home();
  assertOneLineError(
    await frames(h, ["import", "recall", folder, "--code", "22".repeat(16)]),
    1,
    /^frames: Cannot open Windows Recall export ".*recall-export": wrong export code/,
  );
  assertOneLineError(
    await frames(h, ["import", "recall", folder]),
    1,
    /: it is encrypted; pass the export code with --code \(32 hex digits\)$/,
  );
  assertOneLineError(await frames(h, ["import", "memory-archive"]), 2, /^frames: Missing FROM/);
  assert.equal(exists(join(h, ".frames", "capture.db")), false);
  const ok = await frames(h, ["import", "recall", folder, "--code", "11".repeat(16)]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /^imported recall ".*": read 1 rows, added 1, skipped 0, rejected 0\n$/);
});

Deno.test("frames import and frames sources answer --help with exit 0", async () => {
  const h = await home();
  for (const c of ["import", "sources"]) {
    const r = await frames(h, [c, "--help"]);
    assert.equal(r.code, 0, c);
    assert.match(r.stdout, new RegExp(`^Usage: frames ${c}`));
  }
});

const hasScript = (() => {
  try {
    return Deno.statSync("/usr/bin/script").isFile;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "frames import draws a progress bar only when stderr is a terminal",
  ignore: !hasScript,
  async fn() {
    const h = await home();
    // util-linux `script` runs the command on a pseudo-terminal.
    const cmd = [Deno.execPath(), ...RUN_FLAGS, MAIN, "import", "activitywatch", exportFile]
      .map((a) => `'${a}'`).join(" ");
    const out = await new Deno.Command("/usr/bin/script", {
      args: ["-qec", cmd, "/dev/null"],
      env: childEnv(h),
      clearEnv: true,
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, text);
    assert.match(text, /importing activitywatch \[.*\] 100% \| 1\/1 days/);
    assert.match(text, /imported activitywatch ".*": read 27 rows, added 27/);
  },
});

Deno.test("frames compile --source aw:URL reads aw-server directly, like its export file", async () => {
  const server = await standIn();
  try {
    const h = await home();
    const day = ["--day", "2026-07-04", "--tz", "UTC", "-f", "json"];
    const live = await frames(h, ["compile", "--source", `aw:${server.url}`, ...day]);
    assert.equal(live.code, 0, live.stderr);
    const file = await frames(h, ["compile", "--source", `aw:${exportFile}`, ...day]);
    assert.equal(file.code, 0, file.stderr);
    const [a, b] = [JSON.parse(live.stdout), JSON.parse(file.stdout)];
    assert.ok(a.frames.length > 0);
    assert.deepEqual(a.ledger, b.ledger);
    assert.deepEqual(
      a.frames.map((f: { id: string; duration_min: number }) => [f.id, f.duration_min]),
      b.frames.map((f: { id: string; duration_min: number }) => [f.id, f.duration_min]),
    );
    // Nothing was imported: reading a source directly never writes the store.
    assert.equal(exists(join(h, ".frames", "capture.db")), false);
  } finally {
    await server.stop();
  }
});
