import assert from "node:assert/strict";
import { join } from "node:path";
import { libX11Test, x11Test } from "./_requires.ts";
import {
  cleanEnv,
  EngineProc,
  frames,
  query,
  run,
  sleep,
  snapshots,
  waitFor,
  XSession,
} from "./data/capture/session.ts";

// `frames capture` as real child processes: durability under kill -9, start/stop/status in
// the background, and the errors a user meets (no DISPLAY, no server, a missing X
// extension, an unwritable store, no FFI permission).

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const MAIN = new URL("../main.ts", import.meta.url).pathname;

async function tempHome(): Promise<string> {
  return await Deno.makeTempDir({ prefix: "frames_capture_cli_" });
}

function homeEnv(x: XSession, home: string): Record<string, string> {
  return x.env({ HOME: home, FRAMES_HOME: join(home, ".frames") });
}

function oneLine(stderr: string): string {
  const lines = stderr.trim().split("\n").filter((l) => !l.startsWith("Warning"));
  assert.equal(lines.length, 1, `one line of error, got: ${stderr}`);
  return lines[0];
}

x11Test("kill -9 loses at most the last second; a restart continues cleanly", OPTS, async () => {
  const x = await XSession.start();
  const home = await tempHome();
  let engine: EngineProc | undefined;
  const env = homeEnv(x, home);
  try {
    await x.startOpenbox();
    const term = await x.xterm("durable-term");
    engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
    await engine.ready();
    const store = engine.store;
    await x.xdotool("windowactivate", "--sync", term);
    await x.xdotool("type", "--delay", "20", "abcdefgh");
    const typedAt = Date.now();
    // Keep typing while the engine dies: the kill lands in the middle of writes.
    const typing = x.x("xdotool", ["type", "--delay", "5", "x".repeat(600)], 30_000);
    await sleep(1100);
    const killedAt = Date.now();
    await engine.stop("SIGKILL");
    await typing;

    const integrity = query<{ integrity_check: string }>(store, "PRAGMA integrity_check");
    assert.deepEqual(integrity, [{ integrity_check: "ok" }]);
    // Every key typed more than a second before the kill is there. The engine stamps a key
    // when it reads it, a little after xdotool returns on a loaded machine, so the eight
    // early keys are counted up to a second before the kill (they were typed 1.1 s before
    // it), together with any of the later keys that also made it by then.
    const early = query<{ n: number }>(
      store,
      "SELECT count(*) AS n FROM input_events WHERE kind = 'key' AND at_ms <= ?",
      killedAt - 1000,
    )[0].n;
    assert.ok(early >= 8, `${early} keys stored from before the last second, typed ${typedAt}`);
    // Keys kept coming until the kill: the newest one stored is less than a second old.
    const lastKey = query<{ m: number }>(store, "SELECT max(at_ms) AS m FROM input_events")[0].m;
    assert.ok(killedAt - lastKey <= 1000, `last key ${killedAt - lastKey} ms before the kill`);
    const last = query<{ m: number }>(store, "SELECT max(at_ms) AS m FROM snapshots")[0].m;
    assert.ok(killedAt - last <= 1600, `last snapshot ${killedAt - last} ms before the kill`);
    const before = {
      snapshots: query<{ n: number }>(store, "SELECT count(*) AS n FROM snapshots")[0].n,
      events: query<{ n: number }>(store, "SELECT count(*) AS n FROM input_events")[0].n,
      maxRef: query<{ m: number }>(store, "SELECT max(source_row) AS m FROM input_events")[0].m,
    };
    // The pid file of the killed engine is left behind.
    assert.ok(Deno.statSync(join(home, ".frames", "engine", "engine.pid")).isFile);

    // Restart in the background: the stale pid file is taken over.
    const started = await frames(["capture", "start", "--heartbeat", "1", "--no-ingest"], env);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stdout, /^capture started \(pid \d+, x11::\d+@/);
    const pid = Number(/pid (\d+)/.exec(started.stdout)![1]);
    await waitFor(
      () =>
        query<{ n: number }>(store, "SELECT count(*) AS n FROM markers WHERE kind = 'start'")[0]
          .n === 2,
      10_000,
      "second start marker",
    );
    await x.xdotool("type", "--delay", "20", "zz");
    await sleep(2500);

    const status = await frames(["capture", "status"], env);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, new RegExp(`^engine: running \\(pid ${pid}, `));
    const age = Number(/last row: ([\d.]+) s ago/.exec(status.stdout)![1]);
    assert.ok(age < 3, status.stdout);
    const rpm = Number(/rows per minute: ([\d.]+)/.exec(status.stdout)![1]);
    assert.ok(rpm > 1, status.stdout);
    assert.match(status.stdout, /missing: nothing/);
    const json = JSON.parse((await frames(["capture", "status", "--json"], env)).stdout);
    assert.equal(json.running, true);
    assert.equal(json.pid, pid);

    const again = await frames(["capture", "start"], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /already running \(pid \d+\)/);

    const stopped = await frames(["capture", "stop"], env);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(stopped.stdout.trim(), `capture stopped (pid ${pid})`);
    const after = await frames(["capture", "status"], env);
    assert.equal(after.code, 1);
    assert.match(after.stdout, /^engine: not running/);

    // No duplicates, refs continue after the crash, markers tell the story.
    const dupes = query(
      store,
      `SELECT source_row FROM snapshots GROUP BY source_id, source_row HAVING count(*) > 1
       UNION ALL
       SELECT source_row FROM input_events GROUP BY source_id, source_row HAVING count(*) > 1`,
    );
    assert.deepEqual(dupes, []);
    const newer = query<{ n: number }>(
      store,
      "SELECT count(*) AS n FROM input_events WHERE source_row <= ? AND at_ms > ?",
      before.maxRef,
      killedAt + 500,
    )[0].n;
    assert.equal(newer, 0, "rows written after the restart have fresh refs");
    const zz = query<{ n: number }>(
      store,
      "SELECT count(*) AS n FROM input_events WHERE kind = 'key' AND source_row > ?",
      before.maxRef,
    )[0].n;
    assert.equal(zz, 2);
    const kinds = query<{ kind: string }>(store, "SELECT kind FROM markers ORDER BY id");
    assert.deepEqual(kinds.map((k) => k.kind), ["start", "start", "stop"]);
    assert.ok(snapshots(store).length > before.snapshots);
    const dir = join(home, ".frames");
    assert.equal(Deno.statSync(store).mode! & 0o777, 0o600);
    assert.equal(Deno.statSync(join(dir, "engine")).mode! & 0o777, 0o700);
    assert.equal(Deno.statSync(join(dir, "engine", "status.json")).mode! & 0o777, 0o600);
  } finally {
    await engine?.stop("SIGKILL");
    await frames(["capture", "stop"], env).catch(() => undefined);
    await x.close();
    await Deno.remove(home, { recursive: true });
  }
});

libX11Test(
  "frames capture run explains a missing DISPLAY, server or FFI permission",
  OPTS,
  async () => {
    const home = await tempHome();
    try {
      const env = cleanEnv({ HOME: home, FRAMES_HOME: join(home, ".frames") });
      const none = await frames(["capture", "run"], env);
      assert.equal(none.code, 1);
      assert.equal(
        oneLine(none.stderr),
        "frames: Cannot start X11 capture: DISPLAY is not set; run inside an X session or set DISPLAY (e.g. DISPLAY=:0)",
      );
      const gone = await frames(["capture", "run"], { ...env, DISPLAY: ":231" });
      assert.equal(gone.code, 1);
      assert.match(
        oneLine(gone.stderr),
        /^frames: Cannot open X display ":231": the server is not running or refuses the connection/,
      );
      const wayland = await frames(["capture", "run"], { ...env, WAYLAND_DISPLAY: "wayland-0" });
      assert.match(oneLine(wayland.stderr), /Wayland session without DISPLAY/);
      // Without --allow-ffi the libraries cannot be loaded; the message says what to add.
      const noFfi = await run(Deno.execPath(), [
        "run",
        "--allow-read",
        "--allow-write",
        "--allow-env",
        "--allow-sys",
        "--allow-run",
        MAIN,
        "capture",
        "run",
      ], { env: { ...env, DISPLAY: ":231" } });
      assert.equal(noFfi.code, 1);
      assert.equal(
        oneLine(noFfi.stderr),
        "frames: Cannot load the X11 libraries: FFI is not permitted; run with --allow-ffi",
      );
      // The failed runs leave no pid file behind.
      assert.throws(() => Deno.statSync(join(home, ".frames", "engine", "engine.pid")));
      const status = await frames(["capture", "status"], env);
      assert.equal(status.code, 1);
      assert.match(status.stdout, /missing: DISPLAY \(no X session in this shell\)/);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
);

x11Test(
  "frames capture run reports a missing X extension and an unwritable store",
  OPTS,
  async () => {
    const x = await XSession.start(["-extension", "MIT-SCREEN-SAVER"]);
    const home = await tempHome();
    let engine: EngineProc | undefined;
    try {
      const blocker = join(home, "not-a-dir");
      Deno.writeTextFileSync(blocker, "");
      const bad = await frames(
        ["capture", "run", "--no-ingest", "--store", join(blocker, "capture.db")],
        homeEnv(x, home),
      );
      assert.equal(bad.code, 1);
      assert.match(
        oneLine(bad.stderr),
        new RegExp(`^frames: Cannot open frames capture database "${blocker}/capture.db": `),
      );

      engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
      await engine.ready();
      await sleep(1500);
      const status = await frames(["capture", "status"], homeEnv(x, home));
      assert.equal(status.code, 0, status.stderr);
      assert.match(
        status.stdout,
        /missing: X extension MIT-SCREEN-SAVER: idle time and screen-saver state are unknown/,
      );
      const { code, stderr } = await engine.stop();
      assert.equal(code, 0);
      assert.match(stderr, /warning: X extension MIT-SCREEN-SAVER is missing/);
      // Heartbeats still come, with the idle time recorded as unknown.
      const beats = snapshots(engine.store).filter((r) => r.trigger === "heartbeat");
      assert.ok(beats.length >= 1);
      assert.ok(beats.every((b) => b.idle_ms === null));
    } finally {
      await engine?.stop("SIGKILL");
      await x.close();
      await Deno.remove(home, { recursive: true });
    }
  },
);

Deno.test(
  "frames capture rejects unknown subcommands and bad flags with exit 2",
  OPTS,
  async () => {
    const home = await tempHome();
    try {
      const env = cleanEnv({ HOME: home, FRAMES_HOME: join(home, ".frames") });
      const unknown = await frames(["capture", "launch"], env);
      assert.equal(unknown.code, 2);
      assert.match(oneLine(unknown.stderr), /Unknown capture command "launch"/);
      const hb = await frames(["capture", "run", "--heartbeat", "zero"], { ...env, DISPLAY: ":1" });
      assert.equal(hb.code, 2);
      assert.match(oneLine(hb.stderr), /Invalid --heartbeat "zero"/);
      Deno.mkdirSync(join(home, ".frames"), { recursive: true });
      Deno.writeTextFileSync(
        join(home, ".frames", "capture.json"),
        JSON.stringify({ exclude: { apps: "KeePassXC" } }),
      );
      const cfg = await frames(["capture", "start"], env);
      assert.equal(cfg.code, 1);
      assert.match(oneLine(cfg.stderr), /"exclude.apps" must be a list of strings/);
      const help = await frames(["capture", "--help"], env);
      assert.equal(help.code, 0);
      assert.match(help.stdout, /unverified on real hardware/);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
);

Deno.test(
  "frames capture install-service writes a unit that runs capture with FFI",
  OPTS,
  async () => {
    const home = await tempHome();
    try {
      const env = cleanEnv({ HOME: home, FRAMES_HOME: join(home, ".frames") });
      const out = join(home, "unit", "frames-capture.service");
      const r = await frames(
        ["capture", "install-service", "--platform", "linux", "--out", out],
        env,
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout.split("\n")[0], `wrote ${out}`);
      assert.match(r.stdout, /systemctl --user enable --now frames-capture.service/);
      const unit = Deno.readTextFileSync(out);
      const exec = /\nExecStart=(.*)\n/.exec(unit)![1].split(" ");
      // A login service outlives caches: under npx it runs the pinned npx form, never the
      // Deno inside the npx cache (issue 18); otherwise this Deno itself.
      if (/[\\/]_npx[\\/]/.test(Deno.execPath())) {
        assert.ok(!/[\\/]_npx[\\/]/.test(exec[0]), `ExecStart is in the npx cache: ${exec[0]}`);
        assert.match(exec[0], /npx$/);
        assert.ok(exec.includes(`deno@${Deno.version.deno}`), exec.join(" "));
      } else {
        assert.equal(exec[0], Deno.execPath());
      }
      assert.ok(exec.includes("--allow-ffi"));
      assert.deepEqual(exec.slice(-3), [MAIN, "capture", "run"]);
      assert.match(unit, new RegExp(`\nEnvironment=FRAMES_HOME=${join(home, ".frames")}\n`));
      const plist = join(home, "agent.plist");
      const m = await frames(
        ["capture", "install-service", "--platform", "macos", "--out", plist],
        env,
      );
      assert.equal(m.code, 0, m.stderr);
      assert.match(
        Deno.readTextFileSync(plist),
        /<string>capture<\/string>\n {4}<string>run<\/string>/,
      );
      const bad = await frames(["capture", "install-service", "--platform", "beos"], env);
      assert.equal(bad.code, 2);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
);

x11Test("the engine stops cleanly with a marker when the X server dies", OPTS, async () => {
  const x = await XSession.start();
  const home = await tempHome();
  let engine: EngineProc | undefined;
  try {
    engine = new EngineProc(home, x.env(), ["--heartbeat", "1", "--no-ingest"]);
    await engine.ready();
    await sleep(500);
    await x.killServer();
    const timer = setTimeout(() => engine?.child.kill("SIGKILL"), 10_000);
    const status = await engine.child.status;
    clearTimeout(timer);
    assert.equal(status.code, 1);
    assert.match(await engine.stderr, /stopped: the display server connection was lost/);
    const markers = query<{ kind: string; reason: string }>(
      engine.store,
      "SELECT kind, reason FROM markers ORDER BY id",
    );
    assert.deepEqual(markers.at(-1), {
      kind: "stop",
      reason: "the display server connection was lost",
    });
    assert.throws(() => Deno.statSync(join(home, ".frames", "engine", "engine.pid")));
  } finally {
    await engine?.stop("SIGKILL");
    await x.close();
    await Deno.remove(home, { recursive: true });
  }
});
