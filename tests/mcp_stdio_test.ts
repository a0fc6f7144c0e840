import { equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { addDays } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import {
  assertMatchesSchema,
  childEnv,
  connectStdio,
  recentDemo,
  stdioArgs,
  tempDir,
  TZ,
} from "./data/mcp/harness.ts";

const home = await tempDir("frames-mcp-stdio-");
const demo = recentDemo(home);
const SERVE = ["--source", demo.path, "--tz", TZ];

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

async function withClient(
  fn: (client: Client) => Promise<void>,
  opts: { era?: "legacy" | "modern"; args?: string[] } = {},
): Promise<void> {
  const client = await connectStdio({ home, args: opts.args ?? SERVE, era: opts.era ?? "legacy" });
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}

Deno.test("frames mcp over stdio answers every tool in both protocol eras", async () => {
  for (const era of ["legacy", "modern"] as const) {
    await withClient(async (client) => {
      equal(client.getNegotiatedProtocolVersion(), era === "modern" ? "2026-07-28" : "2025-11-25");
      const { tools } = await client.listTools();
      const schema = (name: string) => tools.find((t) => t.name === name)!.outputSchema;
      const activity = await call(client, "get_activity", { day: demo.busiest, min_minutes: 2 });
      ok(!activity.isError, activity.content[0]?.text);
      const frames = activity.structuredContent!.frames as Array<
        { id: string; duration_min: number }
      >;
      ok(frames.every((f) => f.duration_min >= 2), "min_minutes filters the list");
      const calls: Array<[string, Record<string, unknown>]> = [
        ["get_context", {}],
        ["get_context", { hours: 30 }],
        ["get_activity", { day: demo.busiest, min_minutes: 2 }],
        ["get_day_summary", { day: "today" }],
        ["get_communications", { hours: 48, kind: "meeting" }],
        ["search_activity", { query: "github" }],
        ["get_evidence", { frame: frames[0].id }],
        ["get_steps", { frame: frames[1].id, day: demo.busiest }],
        ["get_patterns", { until: "yesterday", days: 5, min_count: 2 }],
      ];
      for (const [name, args] of calls) {
        const r = await call(client, name, args);
        const what = `${era} ${name} ${JSON.stringify(args)}`;
        ok(!r.isError, `${what}: ${r.content[0]?.text}`);
        assertMatchesSchema(schema(name), r.structuredContent, what);
      }
    }, { era });
  }
});

Deno.test("day arguments accept today, yesterday, weekday names and dates in the configured zone", async () => {
  await withClient(async (client) => {
    const dayOf = async (day: string) => {
      const r = await call(client, "get_day_summary", { day });
      ok(!r.isError, `${day}: ${r.content[0]?.text}`);
      const window = r.structuredContent!.window as { day: string; tz: string };
      equal(window.tz, TZ);
      return window.day;
    };
    equal(await dayOf("today"), demo.today);
    equal(await dayOf("Yesterday"), addDays(demo.today, -1));
    const threeBack = addDays(demo.today, -3);
    const weekday = new Date(`${threeBack}T12:00:00Z`).toLocaleDateString("en-US", {
      weekday: "long",
      timeZone: "UTC",
    });
    equal(await dayOf(weekday.toLowerCase()), threeBack);
    equal(await dayOf(demo.days[0]), demo.days[0]);
  });
});

Deno.test("bad arguments come back as isError with the fix in words", async () => {
  const before = addDays(demo.days[0], -30);
  const future = addDays(demo.today, 2);
  await withClient(async (client) => {
    const activity = await call(client, "get_activity", { day: demo.busiest });
    const cursor = activity.structuredContent!.next_cursor as string;
    ok(cursor, "the busiest day needs more than one page");
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      [
        "get_context",
        { day: "2026-02-30" },
        /Invalid day "2026-02-30": use today, yesterday, a weekday name or YYYY-MM-DD/,
      ],
      ["get_context", { day: "tomorrow" }, /Invalid day "tomorrow": use today, yesterday/],
      [
        "get_context",
        { day: future },
        new RegExp(
          `Invalid day "${future}": it is in the future \\(today is ${demo.today} in ${TZ}\\)`,
        ),
      ],
      [
        "get_context",
        { day: before },
        new RegExp(`No activity captured on ${before} \\(${TZ}\\).*another day`),
      ],
      [
        "get_context",
        { day: "today", hours: 2 },
        /Conflicting arguments: pass one of day, hours, or start\/end/,
      ],
      [
        "get_context",
        { dya: "today" },
        /Unknown argument "dya": this tool takes day, hours, budget/,
      ],
      [
        "get_context",
        { budget: 10 },
        /Invalid argument "budget": expected a whole number from 50 to/,
      ],
      ["get_context", { hours: "soon" }, /Invalid argument "hours": expected a number/],
      [
        "get_activity",
        { end: "2026-07-04T10:00" },
        /Missing argument "start": end needs a start time/,
      ],
      [
        "get_activity",
        { start: "yesterday 9am" },
        /Invalid start "yesterday 9am": use YYYY-MM-DD or YYYY-MM-DDTHH:MM/,
      ],
      [
        "get_activity",
        { cursor: "not-a-cursor" },
        /Invalid cursor: pass next_cursor exactly as get_activity returned it/,
      ],
      [
        "get_communications",
        { kind: "fax" },
        /Invalid argument "kind": expected one of "meeting", "messaging", "email"/,
      ],
      ["search_activity", {}, /Missing argument "query"/],
      [
        "search_activity",
        { query: "x", days: 90 },
        /Invalid argument "days": expected a whole number from 1 to 31/,
      ],
      [
        "get_evidence",
        { frame: "frame seven" },
        /Invalid frame id "frame seven": use an id exactly as get_activity returns it/,
      ],
      [
        "get_evidence",
        { frame: "monitor_9:1", day: demo.busiest },
        new RegExp(`Unknown frame "monitor_9:1" on ${demo.busiest}`),
      ],
      [
        "get_evidence",
        { frame: "monitor_9:1" },
        /Unknown frame "monitor_9:1": no frame with this id in the last 14 days/,
      ],
      [
        "get_day_summary",
        { cursor },
        /Invalid cursor: it belongs to get_activity, not get_day_summary/,
      ],
      [
        "get_activity",
        { day: "2000-01-01", cursor },
        /Invalid cursor: it continues a call with day=/,
      ],
    ];
    for (const [name, args, expected] of cases) {
      const r = await call(client, name, args);
      const what = `${name} ${JSON.stringify(args)}`;
      equal(r.isError, true, `${what} must fail`);
      match(r.content[0].text!, expected, what);
      ok(!/\n\s+at /.test(r.content[0].text!), `${what}: no stack trace`);
    }
  });
});

Deno.test("the source is opened lazily and re-read on every call", async () => {
  const dir = await tempDir("frames-mcp-live-");
  const path = join(dir, "later.sqlite");
  await withClient(async (client) => {
    const missing = await call(client, "get_context", {});
    equal(missing.isError, true);
    match(missing.content[0].text!, /later\.sqlite/);
    // A recorder starts writing: an older corpus first, then one reaching today.
    writeDemoDatabase(path, { startDay: addDays(demo.today, -40), days: 2, tz: TZ });
    const empty = await call(client, "get_context", { day: "today" });
    match(empty.content[0].text!, /No activity captured on/);
    writeDemoDatabase(path, {
      startDay: addDays(demo.today, -1),
      days: 2,
      tz: TZ,
      overwrite: true,
    });
    const live = await call(client, "get_context", { day: "today" });
    ok(!live.isError, live.content[0].text);
    match(live.content[0].text!, new RegExp(`^USER ACTIVITY \\(${demo.today}`));
  }, { args: ["--source", path, "--tz", TZ] });
});

Deno.test("frames mcp keeps stdout for protocol messages and exits when stdin closes", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: stdioArgs("mcp", ...SERVE),
    env: childEnv(home),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const send = (msg: unknown) => writer.write(new TextEncoder().encode(JSON.stringify(msg) + "\n"));
  await send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    },
  });
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "get_context", arguments: { day: demo.busiest } },
  });
  const lines: string[] = [];
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  // Log notifications (the demo plants rejected rows) may come between the two answers.
  while (!lines.some((l) => JSON.parse(l).id === 2)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts.filter((l) => l !== ""));
  }
  await writer.close();
  const rest = await reader.read().then(async function drain(r): Promise<string> {
    return r.done ? "" : r.value + await reader.read().then(drain);
  });
  const status = await child.status;
  const stderr = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  equal(status.code, 0, `exits 0 when stdin closes (stderr: ${stderr})`);
  equal((buffer + rest).trim(), "", "nothing else on stdout");
  const messages = lines.map((l) => JSON.parse(l));
  for (const m of messages) equal(m.jsonrpc, "2.0", "every stdout line is a JSON-RPC message");
  const init = messages.find((m) => m.id === 1);
  const result = messages.find((m) => m.id === 2);
  const notes = messages.filter((m) => m.id === undefined);
  ok(notes.every((m) => m.method === "notifications/message"), "only log notifications besides");
  equal(init.id, 1);
  equal(init.result.protocolVersion, "2025-06-18", "the previous revision is still served");
  equal(result.id, 2);
  match(result.result.content[0].text, /^USER ACTIVITY/);
  match(stderr, /serving MCP on stdio/);
});
