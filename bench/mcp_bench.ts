/**
 * SPEC §7 / issue 5 performance: `get_context` for the demo's busiest day end to end — over
 * stdio to a spawned `frames mcp` after start-up (target ≤ 50 ms), and in process through
 * the SDK's in-memory transport (the server's own share). Every call re-opens and re-reads
 * the source, as the server does for real. `deno task bench` runs the in-process case; the
 * stdio case needs --allow-run:
 *
 *   deno bench --allow-read --allow-write --allow-env --allow-sys --allow-run bench/mcp_bench.ts
 */
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { cliBackend } from "../src/cli/mcp.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { createServerFactory } from "../src/mcp/mod.ts";
import { sdkFactory } from "../src/mcp/server.ts";
import { warmUp } from "../src/mcp/warm_up.ts";
import { LIVE_COUNTS } from "../src/cli/_live.ts";
import { growingDay } from "./_growing_day.ts";

const TZ = "Europe/Berlin";
const dir = await Deno.makeTempDir({ prefix: "frames-mcp-bench-" });
const path = join(dir, "db.sqlite");
const day = writeDemoDatabase(path, { seed: 42, tz: TZ }).busiestDay;
const args = { name: "get_context", arguments: { day } };

/** Times the first call (the client has listed tools; its schema checks still compile lazily). */
async function firstCall(client: Client, label: string): Promise<void> {
  await client.listTools();
  const t0 = performance.now();
  const r = await client.callTool(args);
  if (r.isError) throw new Error(`get_context failed: ${JSON.stringify(r.content)}`);
  console.error(
    `${label}: first get_context after start-up ${(performance.now() - t0).toFixed(1)} ms`,
  );
}

const inProcess = new Client({ name: "bench", version: "1" });
{
  const backend = cliBackend({ source: path, tz: TZ });
  const factory = createServerFactory({ backend });
  await warmUp(backend); // as `frames mcp` does in the background at start-up
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await sdkFactory(factory)({ era: "legacy" });
  await server.connect(serverSide);
  await inProcess.connect(clientSide);
  await firstCall(inProcess, "in process");
}

const canRun = (await Deno.permissions.query({ name: "run" })).state === "granted";
const overStdio = new Client({ name: "bench", version: "1" });
if (canRun) {
  await overStdio.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: [
        "run",
        "--allow-read",
        "--allow-env",
        "--allow-sys",
        new URL("../main.ts", import.meta.url).pathname,
        "mcp",
        "--source",
        path,
        "--tz",
        TZ,
      ],
      stderr: "ignore",
    }),
  );
  await new Promise((r) => setTimeout(r, 1000));
  await firstCall(overStdio, "over stdio");
}

Deno.bench(`get_context over stdio, busiest demo day (${day}), after start-up`, {
  ignore: !canRun,
}, async () => {
  await overStdio.callTool(args);
});

Deno.bench(`get_context in process (in-memory transport), busiest demo day (${day})`, async () => {
  await inProcess.callTool(args);
});

// Issue 19: the server keeps the day in memory (src/cli/_live.ts); unchanged rows cost a
// watermark check, new rows a read of the window's tail and an absorb (src/cli/_delta.ts).
// This case writes into the busiest day of the full demo, which has later days: the row's
// id (10,000,000) is past all of them, so the tail read spans every later day's ids.
const writer = new DatabaseSync(path);
let nextId = 10_000_000;
const lastAt = String(
  writer.prepare("SELECT max(timestamp) AS t FROM frames WHERE timestamp < ?").get(`${day}T23`)
    ?.t ?? `${day}T12:00:00+00:00`,
);
// Only the call is timed (b.start/b.end): the row's write (1–1.5 ms here, a rollback
// journal synced on every commit) is the recorder's cost, not the server's. Before session 3
// the write was inside the timing.
Deno.bench(
  `get_context in process after a new row arrived (${day}, id past later days)`,
  async (b) => {
    writer.prepare(
      `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name)
     VALUES (?, ?, 'Code', 'bench.ts', 1, 'monitor_1')`,
    ).run(nextId++, lastAt);
    b.start();
    await inProcess.callTool(args);
    b.end();
  },
);

// Session 2 of issue 19: the busiest day as "today" — a copy of the demo without the days
// after it — growing as a recorder writes it: ids in order, times after the last row.
const todayPath = join(dir, "today.sqlite");
Deno.copyFileSync(path, todayPath);
const today = new DatabaseSync(todayPath);
const grow = growingDay(today, day);
const live = new Client({ name: "bench-today", version: "1" });
{
  const backend = cliBackend({ source: todayPath, tz: TZ });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = await sdkFactory(createServerFactory({ backend }))({ era: "legacy" });
  await server.connect(serverSide);
  await live.connect(clientSide);
  await live.listTools(); // as a client does: the SDK then validates each result's structure
  await live.callTool(args);
}
Deno.bench(`get_context in process, "today" (${day}) unchanged`, async () => {
  await live.callTool(args);
});
Deno.bench(
  `get_context in process, "today" (${day}) after one new row`,
  { n: 200, warmup: 20 },
  async (b) => {
    grow(1_000, 1, 0);
    b.start();
    await live.callTool(args);
    b.end();
  },
);
Deno.bench(
  `get_context in process, "today" (${day}) after one new minute (6 snapshots, 12 events)`,
  { n: 100, warmup: 10 },
  async (b) => {
    grow(60_000, 6, 12);
    b.start();
    await live.callTool(args);
    b.end();
  },
);

globalThis.addEventListener("unload", () => {
  writer.close();
  today.close();
  console.error(`live sessions: ${JSON.stringify(LIVE_COUNTS)}`);
  Deno.removeSync(dir, { recursive: true });
});
