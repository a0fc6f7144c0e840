/**
 * Shared by the MCP tests: a recent demo corpus, a clean child environment, the SDK
 * client over stdio or HTTP, and output-schema validation with ajv (JSON Schema 2020-12).
 *
 * @module
 */

import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { addDays, localDay } from "../../../src/compile/time.ts";
import { writeDemoDatabase } from "../../../src/demo/mod.ts";
import { STDIO_PERMISSIONS } from "../../../src/mcp/install/mod.ts";
import { childEnv } from "../../_frames.ts";

export { childEnv };

/** The demo's timezone. */
export const TZ = "Europe/Berlin";

/** The program's entry point. */
export const MAIN = new URL("../../../main.ts", import.meta.url).pathname;

/** A temporary folder removed when the test process ends. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix });
  globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
  return dir;
}

/** A demo corpus of the last seven local days (today included), so day words hit data. */
export interface RecentDemo {
  path: string;
  today: string;
  /** Days of the corpus, oldest first. */
  days: string[];
  /** The day with the most capture. */
  busiest: string;
}

/** Writes a seven-day demo database ending today in {@linkcode TZ}. */
export function recentDemo(dir: string): RecentDemo {
  const today = localDay(Date.now(), TZ);
  const path = join(dir, "demo.sqlite");
  const summary = writeDemoDatabase(path, { startDay: addDays(today, -6), days: 7, tz: TZ });
  return { path, today, days: summary.days.map((d) => d.day), busiest: summary.busiestDay };
}

/** Deno arguments that run `frames` with the permissions an installed stdio entry gets. */
export function stdioArgs(...args: string[]): string[] {
  return ["run", ...STDIO_PERMISSIONS, MAIN, ...args];
}

/** Options of {@linkcode connectStdio}. */
export interface StdioClientOptions {
  home: string;
  args: string[];
  era: "legacy" | "modern";
}

/** Spawns `frames mcp ARGS` and connects the SDK client to it over stdio. */
export async function connectStdio(opts: StdioClientOptions): Promise<Client> {
  const client = newClient(opts.era);
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: stdioArgs("mcp", ...opts.args),
    env: childEnv(opts.home),
    stderr: "pipe",
  });
  await client.connect(transport);
  return client;
}

/** An SDK client speaking 2025 (`legacy`) or pinned to 2026-07-28 (`modern`). */
export function newClient(era: "legacy" | "modern"): Client {
  return new Client(
    { name: "frames-tests", version: "1.0.0" },
    { versionNegotiation: { mode: era === "modern" ? { pin: "2026-07-28" } : "legacy" } },
  );
}

const ajv = new Ajv2020({ allErrors: true, strict: false });

/** Throws when `value` does not match `schema`, listing every violation. */
export function assertMatchesSchema(schema: unknown, value: unknown, what: string): void {
  const validate = ajv.compile(schema as object);
  if (validate(value)) return;
  const lines = (validate.errors ?? []).map((e) => `  ${e.instancePath || "/"} ${e.message}`);
  throw new Error(`${what} violates its output schema:\n${lines.join("\n")}`);
}
