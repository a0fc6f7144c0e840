import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import { unfence } from "../src/text/untrusted.ts";
import { cliBackend } from "../src/cli/mcp.ts";
import { emitContext } from "../src/emit/context.ts";
import {
  createServerFactory,
  type HttpServing,
  loadToken,
  serveHttp,
  UNTRUSTED_TEXT,
} from "../src/mcp/mod.ts";
import { assertValidDocument } from "./_schema.ts";
import {
  assertMatchesSchema,
  childEnv,
  MAIN,
  newClient,
  recentDemo,
  tempDir,
  TZ,
} from "./data/mcp/harness.ts";
import { pinSettingsEnvironment } from "../src/cli/_settings.ts";

const dir = await tempDir("frames-mcp-http-");
// The in-process backend reads settings like the CLI does: keep the parent's out of it (and
// out of the process environment, which every test file of `deno test --parallel` shares).
pinSettingsEnvironment({ FRAMES_HOME: join(dir, ".frames") });
const demo = recentDemo(dir);
const backend = cliBackend({ source: demo.path, tz: TZ });
const { token } = await loadToken(join(dir, ".frames"));

const TOOLS = [
  "get_context",
  "get_activity",
  "get_day_summary",
  "get_patterns",
  "get_communications",
  "get_steps",
  "search_activity",
  "get_evidence",
  "get_routine_plan",
  "replay_routine",
];

async function withServer(
  fn: (http: HttpServing) => Promise<void>,
  opts: { maxTokens?: number } = {},
): Promise<void> {
  const http = await serveHttp(createServerFactory({ backend, maxTokens: opts.maxTokens }), {
    port: 0,
    token,
  });
  try {
    await fn(http);
  } finally {
    await http.shutdown();
  }
}

async function connect(http: HttpServing, era: "legacy" | "modern"): Promise<Client> {
  const client = newClient(era);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

interface ToolResult {
  isError?: boolean;
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  return await client.callTool({ name, arguments: args }) as ToolResult;
}

Deno.test("serveHttp() binds 127.0.0.1 and serves the 2026-07-28 and 2025-11-25 protocols", async () => {
  await withServer(async (http) => {
    equal(http.hostname, "127.0.0.1");
    match(http.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    for (const [era, version] of [["legacy", "2025-11-25"], ["modern", "2026-07-28"]] as const) {
      const client = await connect(http, era);
      try {
        equal(client.getNegotiatedProtocolVersion(), version);
        const { tools } = await client.listTools();
        deepEqual(tools.map((t) => t.name), TOOLS, `${era}: the tools, in order`);
        for (const t of tools) {
          // Every tool reads capture, except replay, which drives a browser and may act.
          const acts = t.name === "replay_routine";
          equal(t.annotations?.readOnlyHint, !acts, t.name);
          equal(t.annotations?.idempotentHint, !acts, t.name);
          equal(t.annotations?.destructiveHint, acts, t.name);
          equal(t.annotations?.openWorldHint, acts, t.name);
          ok(t.outputSchema, `${t.name} has an output schema`);
          ok(t.description?.endsWith(UNTRUSTED_TEXT), `${t.name} says captured text is untrusted`);
          match(t.description ?? "", /\bUse it\b/, `${t.name} says when to use it`);
        }
      } finally {
        await client.close();
      }
    }
  });
});

Deno.test("every tool answers over HTTP with structured content that matches its output schema", async () => {
  await withServer(async (http) => {
    const client = await connect(http, "modern");
    try {
      const { tools } = await client.listTools();
      const schema = (name: string) => tools.find((t) => t.name === name)!.outputSchema;
      const day = demo.busiest;
      const activity = await call(client, "get_activity", { day });
      const frameId = (activity.structuredContent!.frames as Array<{ id: string }>)[0].id;
      const calls: Array<[string, Record<string, unknown>]> = [
        ["get_context", { day, budget: 800 }],
        ["get_activity", { day }],
        ["get_day_summary", { day }],
        ["get_communications", { day }],
        ["get_communications", { day, kind: "messaging" }],
        ["search_activity", { query: "slack", days: 7 }],
        ["get_evidence", { frame: frameId, day }],
        ["get_steps", { frame: frameId, day }],
        ["get_patterns", { days: 7 }],
      ];
      for (const [name, args] of calls) {
        const r = await call(client, name, args);
        const what = `${name} ${JSON.stringify(args)}`;
        ok(!r.isError, `${what}: ${r.content[0]?.text}`);
        assertMatchesSchema(schema(name), r.structuredContent, what);
        const text = r.content[0].text!;
        if (name === "get_context") equal(text, r.structuredContent!.context, what);
        else {deepEqual(
            // The JSON mirror sits inside the untrusted-data fence (src/mcp/_result.ts).
            JSON.parse(unfence(text)!),
            r.structuredContent,
            `${what}: text mirrors the structure`,
          );}
        ok(countTokens(JSON.stringify(r.structuredContent)) <= 8000, `${what} under the cap`);
      }
      const patterns = (await call(client, "get_patterns", { days: 7 })).structuredContent!;
      equal(patterns.active_days, 7);
      ok((patterns.daily_habits as unknown[]).length > 0, "a week of demo work has habits");
      const steps = (await call(client, "get_steps", { frame: frameId, day })).structuredContent!;
      equal((steps.frame as { id: string }).id, frameId);
      ok((steps.steps as unknown[]).length > 0, "the frame has steps");
      ok(!JSON.stringify(steps).includes('"text"'), "typed text is never served");
    } finally {
      await client.close();
    }
  });
});

Deno.test("get_activity pages through a whole day under a small cap with next_cursor", async () => {
  const cap = 1500;
  const { doc } = await backend.compile(
    backend.resolveWindow({ day: demo.busiest }, Date.now()),
  );
  ok(countTokens(JSON.stringify(doc.frames)) > 3 * cap, "the day needs several pages");
  await withServer(async (http) => {
    const client = await connect(http, "legacy");
    try {
      const seen: string[] = [];
      let cursor: string | undefined, pages = 0;
      do {
        const r = await call(client, "get_activity", {
          day: demo.busiest,
          ...(cursor !== undefined ? { cursor } : {}),
        });
        ok(!r.isError, r.content[0]?.text);
        const s = r.structuredContent!;
        ok(countTokens(r.content[0].text!) <= cap, `page ${pages} is within ${cap} tokens`);
        const page = s.page as { offset: number; count: number; total: number };
        equal(page.offset, seen.length);
        equal(page.total, doc.frames.length);
        const frames = s.frames as Array<{ id: string }>;
        equal(frames.length, page.count);
        ok(frames.length > 0, "every page makes progress");
        seen.push(...frames.map((f) => f.id));
        cursor = s.next_cursor as string | undefined;
        pages++;
      } while (cursor !== undefined);
      ok(pages >= 3, `${pages} pages`);
      deepEqual(seen, doc.frames.map((f) => f.id));
    } finally {
      await client.close();
    }
  }, { maxTokens: cap });
});

Deno.test("the day resources serve the context block and the document", async () => {
  await withServer(async (http) => {
    const client = await connect(http, "modern");
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      deepEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), [
        "frames://day/{day}/context",
        "frames://day/{day}/document",
        "frames://window/{start}/{end}/context",
      ]);
      const { resources } = await client.listResources();
      ok(resources.some((r) => r.uri === `frames://day/${demo.today}/context`));
      const { doc } = await backend.compile(
        backend.resolveWindow({ day: demo.busiest }, Date.now()),
      );
      const ctx = await client.readResource({ uri: `frames://day/${demo.busiest}/context` });
      equal((ctx.contents[0] as { text: string }).text, emitContext(doc, { budget: 1500 }));
      const today = await client.readResource({ uri: "frames://day/today/document" });
      const parsed = JSON.parse((today.contents[0] as { text: string }).text);
      assertValidDocument(parsed);
      equal(parsed.window.day, demo.today);
      await client.readResource({ uri: "frames://day/someday/context" }).then(
        () => ok(false, "a bad day must fail"),
        (err: Error) => match(err.message, /Invalid day "someday"/),
      );
    } finally {
      await client.close();
    }
  });
});

/** Sends a raw HTTP/1.1 request (fetch cannot set Host) and returns the status code. */
async function rawStatus(port: number, headers: Record<string, string>): Promise<number> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
    const head = Object.entries({
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "content-length": String(body.length),
      connection: "close",
      ...headers,
    }).map(([k, v]) => `${k}: ${v}\r\n`).join("");
    await conn.write(new TextEncoder().encode(`POST /mcp HTTP/1.1\r\n${head}\r\n${body}`));
    const buf = new Uint8Array(4096);
    const n = await conn.read(buf);
    const status = /^HTTP\/1\.1 (\d{3})/.exec(new TextDecoder().decode(buf.subarray(0, n ?? 0)));
    return Number(status?.[1]);
  } finally {
    conn.close();
  }
}

Deno.test("the HTTP transport refuses wrong Host, foreign Origin and missing or wrong tokens", async () => {
  await withServer(async (http) => {
    const port = http.port;
    const auth = { authorization: `Bearer ${token}` };
    equal(await rawStatus(port, { host: "evil.example", ...auth }), 403, "foreign Host");
    equal(await rawStatus(port, { host: `evil.example:${port}`, ...auth }), 403, "rebinding Host");
    equal(await rawStatus(port, { host: `127.0.0.1:${port + 1}`, ...auth }), 403, "other port");
    equal(await rawStatus(port, { host: `localhost:${port}`, ...auth }), 200, "localhost is fine");
    const post = (headers: Record<string, string>, path = "/mcp") =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    const noToken = await post({});
    equal(noToken.status, 401);
    match(noToken.headers.get("www-authenticate") ?? "", /^Bearer/);
    match((await noToken.json()).error.message, /frames mcp token/);
    for (
      const bad of [
        "Bearer wrong",
        `Bearer ${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
        token,
        `Basic ${token}`,
      ]
    ) {
      const wrong = await post({ authorization: bad });
      equal(wrong.status, 401, bad);
      await wrong.body?.cancel();
    }
    const foreign = await post({ ...auth, origin: "https://evil.example" });
    equal(foreign.status, 403);
    match((await foreign.json()).error.message, /Origin "https:\/\/evil.example"/);
    const nullOrigin = await post({ ...auth, origin: "null" });
    equal(nullOrigin.status, 403);
    await nullOrigin.body?.cancel();
    const own = await post({ ...auth, origin: `http://127.0.0.1:${port}` });
    equal(own.status, 200);
    await own.body?.cancel();
    const elsewhere = await post(auth, "/");
    equal(elsewhere.status, 404);
    await elsewhere.body?.cancel();
  });
});

Deno.test("frames mcp --http serves on 127.0.0.1 with the token from frames mcp token", async () => {
  const home = await tempDir("frames-mcp-http-cli-");
  const env = childEnv(home);
  const flags = ["run", "--allow-read", "--allow-write", "--allow-env", "--allow-sys"];
  const rejected = await new Deno.Command(Deno.execPath(), {
    args: [...flags, MAIN, "mcp", "--http", "--host", "0.0.0.0"],
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  equal(rejected.code, 2, "there is no --host option");
  match(new TextDecoder().decode(rejected.stderr), /--host/);

  const child = new Deno.Command(Deno.execPath(), {
    args: [
      ...flags,
      "--allow-net=127.0.0.1",
      MAIN,
      "mcp",
      "--http",
      "--port",
      "0",
      "--source",
      demo.path,
      "--tz",
      TZ,
    ],
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  try {
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let said = "";
    while (!/serving MCP at (\S+)/.test(said)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`server ended early: ${said}`);
      said += value;
    }
    reader.releaseLock();
    const url = /serving MCP at (\S+)/.exec(said)![1];
    match(url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const tokenFile = join(home, ".frames", "mcp-token");
    equal((await Deno.stat(tokenFile)).mode! & 0o777, 0o600, "token file is user-only");
    const printed = await new Deno.Command(Deno.execPath(), {
      args: [...flags, MAIN, "mcp", "token"],
      env,
      clearEnv: true,
    }).output();
    equal(printed.code, 0);
    const cliToken = new TextDecoder().decode(printed.stdout).trim();
    equal(cliToken, (await Deno.readTextFile(tokenFile)).trim());
    const client = newClient("legacy");
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${cliToken}` } },
      }),
    );
    const r = await call(client, "get_context", { day: demo.busiest });
    ok(!r.isError, r.content[0]?.text);
    match(r.content[0].text!, /^USER ACTIVITY/);
    await client.close();
  } finally {
    child.kill("SIGTERM");
    const status = await child.status;
    await child.stdout.cancel();
    await child.stderr.cancel().catch(() => {});
    equal(status.code, 0, "SIGTERM stops the server cleanly");
  }
});
