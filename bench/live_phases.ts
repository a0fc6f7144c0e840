/**
 * Issue 19: where `get_context` after one new row spends its time, outside the SDK. A
 * "today" copy of the demo (its busiest day as the last, written to as a recorder would:
 * ids in order, times after the last row) gets one new frame per call; each call is timed
 * whole (the live compile as the MCP server runs it, `emitContext`, the token count) and,
 * after it, the same watermark and tail read on the same file, so their share is known.
 * With `--against DIR` another checkout runs the same in alternating child processes.
 * With `--sdk` each call is `get_context` through the MCP SDK instead (client and server
 * over the in-memory transport, as bench/mcp_bench.ts), the row's write not timed; with
 * `--sdk --id-past` the row goes into the busiest day of the full demo with an id past
 * every later day's (mcp_bench's "id past later days" case); with `--sdk --paired` one child
 * serves both trees, each over its own copy, calling them in turn, so load falls on both alike.
 * With `--minute` each call is preceded by one new minute (6 frames, 12 key events) instead of
 * one frame, in either mode (bench/_growing_day.ts writes them).
 *
 *   deno run -A bench/live_phases.ts --against /tmp/base --runs 3 --calls 60
 *   deno run -A bench/live_phases.ts --against /tmp/base --runs 3 --calls 200 --sdk
 *
 * @module
 */

import { parseArgs } from "../src/cli/_parse_args.ts";
import { cpuClock } from "./_cpu_clock.ts";
import { growingDay } from "./_growing_day.ts";

const { values } = parseArgs({
  args: Deno.args,
  allowPositionals: false,
  options: {
    runs: { type: "string", default: "3" },
    calls: { type: "string", default: "60" },
    warm: { type: "string", default: "20" },
    minute: { type: "boolean" }, // one new minute (6 snapshots, 12 events) per call
    sdk: { type: "boolean" }, // get_context through the MCP SDK, in-memory transport
    paired: { type: "boolean" }, // with --sdk: both trees in one process, called in turn
    "id-past": { type: "boolean" }, // with --sdk: a row with an id past later days' into the full demo
    against: { type: "string" },
    child: { type: "string" }, // internal: the checkout this process times
    db: { type: "string" }, // internal: the demo database to copy
    demo: { type: "string" }, // a copy of the seed-42 demo to use instead of generating one
  },
}) as { values: Record<string, string | boolean | undefined> };

const TZ = "Europe/Berlin";
const DAY = "2026-03-25";
/** What each call writes first: one frame, or with `--minute` one minute (6 frames, 12 keys). */
const STEP: [number, number, number] = values.minute === true ? [60_000, 6, 12] : [1_000, 1, 0];
const PHASES = [
  "total",
  "compile",
  "watermark",
  "kept watermark",
  "tail read",
  "emit",
  "tokens",
] as const;
const SDK_PHASES = [
  "sdk get_context",
  "sdk get_context, main-thread CPU",
  "the write (not in it)",
] as const;

interface SdkSession {
  /** Writes the next row (not timed). */
  write(): void;
  /** One `get_context` call: wall and main-thread CPU ms. */
  call(): Promise<{ wall: number; cpu: number }>;
  counts: unknown;
  close(): Promise<void>;
}

/** A server of `tree` over its own copy of the demo, with a client that listed tools. */
async function sdkSession(tree: string, demo: string, cpu: () => number): Promise<SdkSession> {
  const at = (file: string) => new URL(file, `file://${tree.replace(/\/?$/, "/")}`).href;
  const { DatabaseSync } = await import("node:sqlite");
  const { Client } = await import("@modelcontextprotocol/client");
  const { InMemoryTransport } = await import("@modelcontextprotocol/server");
  const { cliBackend } = await import(at("src/cli/mcp.ts"));
  const { createServerFactory } = await import(at("src/mcp/mod.ts"));
  const { sdkFactory } = await import(at("src/mcp/server.ts"));
  const { LIVE_COUNTS } = await import(at("src/cli/_live.ts"));
  const dir = Deno.makeTempDirSync({ prefix: "frames-live-phases-" });
  Deno.env.set("FRAMES_HOME", `${dir}/home`);
  const path = `${dir}/today.sqlite`;
  Deno.copyFileSync(demo, path);
  const db = new DatabaseSync(path);
  let write: () => void;
  if (values["id-past"] === true) {
    let id = 10_000_000;
    const lastAt = String(
      db.prepare("SELECT max(timestamp) AS t FROM frames WHERE timestamp < ?").get(`${DAY}T23`)!.t,
    );
    const frame = db.prepare(
      `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name)
       VALUES (?, ?, 'Code', 'bench.ts', 1, 'monitor_1')`,
    );
    write = () => frame.run(id++, lastAt);
  } else {
    const grow = growingDay(db, DAY);
    write = () => grow(...STEP);
  }
  const backend = cliBackend({ source: path, tz: TZ });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await sdkFactory(createServerFactory({ backend }))({ era: "legacy" });
  await server.connect(serverSide);
  const client = new Client({ name: "live-phases", version: "1" });
  await client.connect(clientSide);
  await client.listTools(); // as a client does: its output validators are then compiled
  const args = { name: "get_context", arguments: { day: DAY } };
  return {
    write,
    async call() {
      const c0 = cpu();
      const t0 = performance.now();
      const r = await client.callTool(args);
      const t1 = performance.now();
      const c1 = cpu();
      if (r.isError) throw new Error(`get_context failed: ${JSON.stringify(r.content)}`);
      return { wall: t1 - t0, cpu: c1 - c0 };
    },
    counts: LIVE_COUNTS,
    async close() {
      await client.close();
      await server.close();
      db.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

/**
 * `get_context` through the SDK after each new row; only the call is timed. With several
 * trees (`--paired`), one process serves them all, each over its own copy, and calls them
 * in turn (the order alternating), so the machine's load falls on every tree alike.
 */
async function sdkChild(trees: string[], demo: string): Promise<void> {
  const cpu = cpuClock();
  const sessions = [];
  for (const tree of trees) sessions.push(await sdkSession(tree, demo, cpu));
  const times = trees.map(() =>
    Object.fromEntries(SDK_PHASES.map((k) => [k, [] as number[]])) as Record<string, number[]>
  );
  const calls = Number(values.calls), warm = Number(values.warm);
  for (let i = 0; i < warm + calls; i++) {
    const order = i % 2 === 0 ? sessions.map((_, k) => k) : sessions.map((_, k) => k).reverse();
    for (const k of order) {
      const w0 = performance.now();
      sessions[k].write();
      const w1 = performance.now();
      const { wall, cpu } = await sessions[k].call();
      if (i < warm) continue;
      times[k]["sdk get_context"].push(wall);
      times[k]["sdk get_context, main-thread CPU"].push(cpu);
      times[k]["the write (not in it)"].push(w1 - w0);
    }
  }
  for (const s of sessions) await s.close();
  console.log(JSON.stringify({ times, counts: sessions.map((s) => s.counts) }));
}

async function child(tree: string, demo: string): Promise<void> {
  const at = (file: string) => new URL(file, `file://${tree.replace(/\/?$/, "/")}`).href;
  const { DatabaseSync } = await import("node:sqlite");
  const { parseFlags } = await import(at("src/cli/_args.ts"));
  const { compileForCli } = await import(at("src/cli/_capture.ts"));
  const { COMPILE_OPTIONS } = await import(at("src/cli/compile.ts"));
  const { LIVE_COUNTS } = await import(at("src/cli/_live.ts"));
  const { emitContext } = await import(at("src/emit/context.ts"));
  const { dayWindow } = await import(at("src/compile/time.ts"));
  const { readScreenpipe } = await import(at("adapters/screenpipe/read.ts"));
  const marks = await import(at("adapters/screenpipe/_watermark.ts"));
  const { screenpipeWatermark } = marks;
  // The count as get_context does it: the tree's remembered count where it has one.
  const countTokens: (text: string) => number =
    (await import(at("src/text/token_count.ts")).catch(() => undefined))?.countTokensCached ??
      (await import("gpt-tokenizer/encoding/cl100k_base")).countTokens;
  const dir = Deno.makeTempDirSync({ prefix: "frames-live-phases-" });
  Deno.env.set("FRAMES_HOME", `${dir}/home`);
  const path = `${dir}/today.sqlite`;
  Deno.copyFileSync(demo, path);
  const db = new DatabaseSync(path);
  const step = growingDay(db, DAY);
  const grow = () => step(...STEP);
  const window = dayWindow(DAY, TZ);
  const p = parseFlags(
    ["--source", `screenpipe:${path}`, "--day", DAY, "--tz", TZ],
    COMPILE_OPTIONS,
    {
      command: "compile",
    },
  );
  const times: Record<string, number[]> = Object.fromEntries(PHASES.map((k) => [k, []]));
  let mark = screenpipeWatermark(path, window);
  // A tree without a kept connection times the plain watermark again in its place.
  const keeper = marks.keepScreenpipeWatermark?.(path) ??
    { measure: (w: unknown, p: unknown) => screenpipeWatermark(path, w, p) };
  const calls = Number(values.calls), warm = Number(values.warm);
  for (let i = 0; i < warm + calls; i++) {
    grow();
    const t0 = performance.now();
    const { doc } = await compileForCli(p, { quiet: true, live: true });
    const t1 = performance.now();
    const text = emitContext(doc, { budget: 2000 });
    const t2 = performance.now();
    countTokens(text);
    const t3 = performance.now();
    // The same I/O again, on the same file, for its share of the call.
    const w0 = performance.now();
    mark = screenpipeWatermark(path, window, mark);
    const w1 = performance.now();
    keeper.measure(window, mark);
    const k1 = performance.now();
    readScreenpipe(path, { start: step.now() - 120_000, end: window.end });
    const w2 = performance.now();
    if (i < warm) continue;
    times["kept watermark"].push(k1 - w1);
    times.total.push(t3 - t0);
    times.compile.push(t1 - t0);
    times.emit.push(t2 - t1);
    times.tokens.push(t3 - t2);
    times.watermark.push(w1 - w0);
    times["tail read"].push(w2 - k1);
  }
  keeper.close?.();
  db.close();
  Deno.removeSync(dir, { recursive: true });
  console.log(JSON.stringify({ times, counts: LIVE_COUNTS }));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

if (values.child !== undefined) {
  if (values.sdk === true) {
    await sdkChild((values.child as string).split("\n"), values.db as string);
  } else await child(values.child as string, values.db as string);
} else {
  const phases: readonly string[] = values.sdk === true ? SDK_PHASES : PHASES;
  const here = new URL("..", import.meta.url).pathname;
  const trees = values.against ? [here, values.against as string] : [here];
  const dir = Deno.makeTempDirSync({ prefix: "frames-live-phases-demo-" });
  const demo = `${dir}/demo.sqlite`;
  if (typeof values.demo === "string") Deno.copyFileSync(values.demo, demo);
  else {
    const { writeDemoDatabase } = await import("../src/demo/mod.ts");
    writeDemoDatabase(demo, { seed: 42, tz: TZ });
  }
  const all = new Map(
    trees.map((t) => [t, Object.fromEntries(phases.map((k) => [k, [] as number[]]))]),
  );
  const paired = values.sdk === true && values.paired === true;
  /** Per call, the first tree's time less the second's (paired runs only). */
  const diffs: Record<string, number[]> = Object.fromEntries(phases.map((k) => [k, []]));
  for (let r = 0; r < Number(values.runs); r++) {
    // Paired: one child serves every tree, the order turning each run; else one per tree.
    const groups = paired ? [r % 2 === 0 ? trees : [...trees].reverse()] : trees.map((t) => [t]);
    for (const group of groups) {
      const args = ["run", "-A", import.meta.filename!, "--child", group.join("\n"), "--db", demo];
      for (const k of ["calls", "warm"]) args.push(`--${k}`, String(values[k]));
      for (const k of ["minute", "sdk", "id-past"]) if (values[k] === true) args.push(`--${k}`);
      const out = new Deno.Command(Deno.execPath(), { args, stderr: "inherit" }).outputSync();
      const got = JSON.parse(new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!);
      const times: Record<string, number[]>[] = values.sdk === true ? got.times : [got.times];
      const counts: unknown[] = values.sdk === true ? got.counts : [got.counts];
      group.forEach((tree, k) => {
        for (const p of phases) all.get(tree)![p].push(...times[k][p]);
        if (r < 2) console.error(`${tree}: ${JSON.stringify(counts[k])}`);
      });
      if (paired && trees.length === 2) {
        const [a, b] = group[0] === trees[0] ? [0, 1] : [1, 0];
        for (const p of phases) {
          times[a][p].forEach((x, i) => diffs[p].push(x - times[b][p][i]));
        }
      }
    }
  }
  console.log(`phase (ms, min / median / mean)  ${trees.map((t) => t.padEnd(24)).join(" ")}`);
  for (const k of phases) {
    const cells = trees.map((t) => {
      const xs = all.get(t)![k];
      return `${Math.min(...xs).toFixed(2)} / ${median(xs).toFixed(2)} / ${mean(xs).toFixed(2)}`
        .padEnd(24);
    });
    console.log(`${k.padEnd(34)}${cells.join(" ")}`);
  }
  if (paired && trees.length === 2) {
    console.log("first tree less the second, call by call (median / mean):");
    for (const k of phases) {
      console.log(`  ${k.padEnd(34)}${median(diffs[k]).toFixed(2)} / ${mean(diffs[k]).toFixed(2)}`);
    }
  }
  Deno.removeSync(dir, { recursive: true });
}
