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
// watermark check, a new row costs a read of the day and a compile in the warm session.
const writer = new DatabaseSync(path);
let nextId = 10_000_000;
const lastAt = String(
  writer.prepare("SELECT max(timestamp) AS t FROM frames WHERE timestamp < ?").get(`${day}T23`)
    ?.t ?? `${day}T12:00:00+00:00`,
);
Deno.bench(`get_context in process after a new row arrived (${day})`, async () => {
  writer.prepare(
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name)
     VALUES (?, ?, 'Code', 'bench.ts', 1, 'monitor_1')`,
  ).run(nextId++, lastAt);
  await inProcess.callTool(args);
});

globalThis.addEventListener("unload", () => {
  writer.close();
  Deno.removeSync(dir, { recursive: true });
});
