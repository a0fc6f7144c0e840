/**
 * Capture engine benchmarks.
 *
 * `deno task bench` (or `deno bench bench/capture_bench.ts`): the engine's per-event
 * decisions and a one-second flush to the store.
 *
 * Whole-process figures (CPU and RSS of a real engine under Xvfb + openbox over an idle
 * minute and a busy minute with 100 focus changes):
 *
 *   deno run -A bench/capture_bench.ts measure
 */

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Recorder } from "../capture/_recorder.ts";
import { compileExclusions } from "../capture/exclusions.ts";
import { EngineStore } from "../capture/_engine_store.ts";

const DISPLAYS = [{ display: "screen", x: 0, y: 0, width: 1920, height: 1080, scale: 1 }];
const WINDOWS = Array.from({ length: 10 }, (_, i) => ({
  id: String(i),
  app: i % 2 ? "XTerm" : "Chromium",
  title: `window ${i}`,
  aliases: ["xterm"],
  bounds: { x: 10, y: 10, width: 800, height: 600 },
}));

Deno.bench("Recorder: 100 focus changes, 1000 keys, 30 heartbeats", () => {
  const r = new Recorder({
    exclusions: compileExclusions({ titles: ["*bank*"], apps: ["keepass*"] }),
    firstRef: 1,
  });
  r.setDisplays(DISPLAYS);
  let t = 0;
  for (let i = 0; i < 100; i++) {
    r.observe(t += 100, WINDOWS[i % 10], "switch");
    for (let k = 0; k < 10; k++) r.input(t += 10, "key");
  }
  for (let h = 0; h < 30; h++) r.heartbeat(t += 30_000, 30_000, 1000);
  r.take();
});

const dir = Deno.makeTempDirSync({ prefix: "frames_capture_bench_" });
const store = EngineStore.open(join(dir, "capture.db"), {
  location: "bench",
  capabilities: { input: true, elements: false, urls: false, heartbeats: true, focus: true },
});
const rec = new Recorder({ exclusions: compileExclusions(), firstRef: store.firstRef });
rec.setDisplays(DISPLAYS);
let at = Date.now();

Deno.bench("EngineStore.write: a busy second (1 snapshot, 8 keys, 1 click)", () => {
  rec.observe(at += 1000, WINDOWS[(at / 1000) % 10], "switch", 10);
  for (let k = 0; k < 8; k++) rec.input(at + k, "key");
  rec.click(at + 9, 100, 100);
  rec.observe(at + 9, WINDOWS[(at / 1000) % 10], "input", 0);
  store.write(rec.take());
});

globalThis.addEventListener("unload", () => {
  store.close();
  Deno.removeSync(dir, { recursive: true });
});

// ---- whole-process measurement -------------------------------------------------------

async function sh(cmd: string, args: string[], env: Record<string, string>): Promise<string> {
  const out = await new Deno.Command(cmd, { args, env, stdout: "piped", stderr: "null" }).output();
  return new TextDecoder().decode(out.stdout).trim();
}

function cpuTicks(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(f[11]) + Number(f[12]); // utime + stime
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(Deno.readTextFileSync(`/proc/${pid}/status`));
  return m ? Number(m[1]) : NaN;
}

function countRows(path: string): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const row = db.prepare(
      "SELECT (SELECT count(*) FROM snapshots) + (SELECT count(*) FROM input_events) AS n",
    ).get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

async function measure(): Promise<void> {
  const n = 150 + Math.floor(Math.random() * 40);
  const display = `:${n}`;
  const env = { ...Deno.env.toObject(), DISPLAY: display };
  const procs: Deno.ChildProcess[] = [];
  const spawn = (cmd: string, args: string[], extra: Record<string, string> = {}) => {
    const p = new Deno.Command(cmd, {
      args,
      env: { ...env, ...extra },
      stdout: "null",
      stderr: "null",
    }).spawn();
    procs.push(p);
    return p;
  };
  const home = Deno.makeTempDirSync({ prefix: "frames_capture_measure_" });
  try {
    spawn("Xvfb", [display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"]);
    await new Promise((r) => setTimeout(r, 1000));
    spawn("openbox", ["--sm-disable"]);
    spawn("xterm", ["-T", "one", "-e", "sleep", "600"]);
    spawn("xterm", ["-T", "two", "-geometry", "+700+300", "-e", "sleep", "600"]);
    await new Promise((r) => setTimeout(r, 2000));
    const ids = (await sh("xdotool", ["search", "--class", "xterm"], env)).split("\n");
    const main = new URL("../main.ts", import.meta.url).pathname;
    const engine = spawn(Deno.execPath(), [
      "run",
      "-A",
      main,
      "capture",
      "run",
      "--no-ingest",
    ], { FRAMES_HOME: home });
    await new Promise((r) => setTimeout(r, 5000));
    const tick = 100; // USER_HZ
    const store = join(home, "capture.db");

    let c0 = cpuTicks(engine.pid), r0 = countRows(store), t0 = performance.now();
    await new Promise((r) => setTimeout(r, 60_000));
    let c1 = cpuTicks(engine.pid), r1 = countRows(store), t1 = performance.now();
    const idle = { cpu: (c1 - c0) / tick / ((t1 - t0) / 1000) * 100, rss: rssKb(engine.pid) };
    console.log(
      `idle minute: CPU ${idle.cpu.toFixed(2)}% of one core, RSS ${
        (idle.rss / 1024).toFixed(1)
      } MB, ` +
        `${r1 - r0} rows`,
    );

    c0 = cpuTicks(engine.pid), r0 = countRows(store), t0 = performance.now();
    for (let i = 0; i < 100; i++) {
      await sh("xdotool", ["windowactivate", ids[i % ids.length]], env);
      await sh("xdotool", ["type", "--delay", "20", "abc"], env);
      await new Promise((r) => setTimeout(r, Math.max(0, 600 - 150)));
    }
    const left = 60_000 - (performance.now() - t0);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    c1 = cpuTicks(engine.pid), r1 = countRows(store), t1 = performance.now();
    const busy = { cpu: (c1 - c0) / tick / ((t1 - t0) / 1000) * 100, rss: rssKb(engine.pid) };
    console.log(
      `busy minute (100 focus changes, 300 keys): CPU ${busy.cpu.toFixed(2)}% of one core, ` +
        `RSS ${(busy.rss / 1024).toFixed(1)} MB, ${r1 - r0} rows ` +
        `(${((r1 - r0) / ((t1 - t0) / 60_000)).toFixed(0)} rows/min)`,
    );
  } finally {
    for (const p of procs.reverse()) {
      // SIGTERM first: Xvfb then removes its lock file and socket.
      try {
        p.kill("SIGTERM");
      } catch {
        // Gone.
      }
      const timer = setTimeout(() => {
        try {
          p.kill("SIGKILL");
        } catch {
          // Gone.
        }
      }, 2000);
      await p.status;
      clearTimeout(timer);
    }
    Deno.removeSync(home, { recursive: true });
  }
}

if (import.meta.main && Deno.args[0] === "measure") await measure();
