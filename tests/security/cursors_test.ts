import { equal, match, notEqual, ok } from "node:assert/strict";
import { join } from "node:path";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import { cliBackend } from "../../src/cli/mcp.ts";
import { createServerFactory, type HttpServing, serveHttp } from "../../src/mcp/mod.ts";
import { encodeCursor } from "../../src/mcp/_cursor.ts";
import { encodeBase64Url } from "../../src/http/mod.ts";
import { childEnv, newClient, recentDemo, tempDir, TZ } from "../data/mcp/harness.ts";

// Issue 14, MCP: cursors were unsigned base64 JSON, so a client could forge one (say
// `days=20000` for get_patterns) that skipped every argument limit and kept the HTTP
// server busy for every other client. A cursor is now signed with a per-process key and
// its arguments are checked again when it is used.

const dir = await tempDir("frames-sec-cursor-");
for (const k of Object.keys(Deno.env.toObject())) if (k.startsWith("FRAMES_")) Deno.env.delete(k);
Deno.env.set("FRAMES_HOME", join(dir, ".frames"));
const demo = recentDemo(dir);
const backend = cliBackend({ source: demo.path, tz: TZ });
const TOKEN = encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

async function withClient(fn: (client: Client) => Promise<void>): Promise<void> {
  // A small cap so a busy day takes several pages.
  const http: HttpServing = await serveHttp(createServerFactory({ backend, maxTokens: 1500 }), {
    port: 0,
    token: TOKEN,
  });
  const client = newClient("modern");
  try {
    await client.connect(
      new StreamableHTTPClientTransport(new URL(http.url), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    );
    await fn(client);
  } finally {
    await client.close();
    await http.shutdown();
  }
}

function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  // A forged cursor that is obeyed would keep the server busy: fail in seconds instead.
  return client.callTool({ name, arguments: args }, { timeout: 10_000 }) as Promise<ToolResult>;
}

/** The cursor format before signing: base64url of `[1, tool, args, windows, offset]`. */
function unsigned(tool: string, args: Record<string, unknown>, day: string, offset = 0): string {
  const start = Date.parse(`${day}T00:00:00Z`);
  const json = JSON.stringify([1, tool, args, [{ start, end: start + 86_400_000, day }], offset]);
  return encodeBase64Url(new TextEncoder().encode(json));
}

function assertRejected(result: ToolResult, what: string): void {
  equal(result.isError, true, `${what}: expected an isError result, got a page`);
  const text = result.content[0]?.text ?? "";
  match(text, /^Invalid cursor: /, what);
  match(text, /leave cursor out to start over/, `${what}: says what works`);
}

async function firstPage(client: Client): Promise<string> {
  const first = await call(client, "get_activity", { day: demo.busiest });
  equal(first.isError, undefined, JSON.stringify(first));
  const cursor = first.structuredContent?.next_cursor;
  equal(typeof cursor, "string", "the busiest day takes more than one page");
  return cursor as string;
}

Deno.test("a valid cursor still pages, and a cursor is URL-safe", async () => {
  await withClient(async (client) => {
    const cursor = await firstPage(client);
    match(cursor, /^[A-Za-z0-9_-]+$/);
    const second = await call(client, "get_activity", { day: demo.busiest, cursor });
    equal(second.isError, undefined, JSON.stringify(second));
    const page = second.structuredContent?.page as { offset?: number } | undefined;
    ok((page?.offset ?? 0) > 0, `page two starts past page one: ${JSON.stringify(page)}`);
  });
});

Deno.test("a forged cursor is refused, whatever limit it tries to lift", async () => {
  await withClient(async (client) => {
    for (const days of [20000, 32]) {
      const forged = unsigned("get_patterns", { days }, demo.today);
      assertRejected(await call(client, "get_patterns", { cursor: forged }), `days=${days}`);
    }
    const huge = unsigned("get_activity", { day: demo.busiest }, demo.busiest, 1e9);
    assertRejected(await call(client, "get_activity", { cursor: huge }), "offset 1e9");
  });
});

Deno.test("a tampered or truncated cursor is refused", async () => {
  await withClient(async (client) => {
    const cursor = await firstPage(client);
    const mid = Math.floor(cursor.length / 2);
    const flipped = cursor.slice(0, mid) + (cursor[mid] === "A" ? "B" : "A") +
      cursor.slice(mid + 1);
    notEqual(flipped, cursor);
    const args = { day: demo.busiest };
    assertRejected(await call(client, "get_activity", { ...args, cursor: flipped }), "tampered");
    for (const cut of [1, 8, cursor.length - 4]) {
      const short = cursor.slice(0, cursor.length - cut);
      assertRejected(await call(client, "get_activity", { ...args, cursor: short }), `cut ${cut}`);
    }
    equal((await call(client, "get_activity", { ...args, cursor: "" })).isError, true, "empty");
  });
});

Deno.test("a cursor minted by another server process is refused", async () => {
  // The child mints a cursor exactly as a server would, with the same arguments.
  const code = `
    import { encodeCursor } from ${
    JSON.stringify(new URL("../../src/mcp/_cursor.ts", import.meta.url).href)
  };
    const start = Date.parse(${JSON.stringify(demo.busiest + "T00:00:00Z")});
    console.log(encodeCursor({ tool: "get_activity", args: { day: ${JSON.stringify(demo.busiest)} },
      windows: [{ start, end: start + 86400000, day: ${
    JSON.stringify(demo.busiest)
  } }], offset: 1 }));
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--ext=ts", code],
    env: childEnv(join(dir, "child-home")),
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const foreign = new TextDecoder().decode(out.stdout).trim();
  await withClient(async (client) => {
    const result = await call(client, "get_activity", { day: demo.busiest, cursor: foreign });
    assertRejected(result, "another process");
  });
});

Deno.test("a signed cursor is checked against the tool's limits again when used", async () => {
  // Same process, so the signature is good: only the re-validation can refuse it.
  const start = Date.parse(`${demo.today}T00:00:00Z`);
  const windows = [{ start, end: start + 86_400_000, day: demo.today }];
  await withClient(async (client) => {
    const over = encodeCursor({ tool: "get_patterns", args: { days: 20000 }, windows, offset: 0 });
    const result = await call(client, "get_patterns", { cursor: over });
    assertRejected(result, "signed days=20000");
    match(result.content[0].text!, /days/, "names the argument");
  });
});
