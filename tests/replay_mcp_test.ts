import { deepEqual, equal, match, ok } from "node:assert/strict";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { browserTest } from "./_requires.ts";
import { childEnv, MAIN } from "./_frames.ts";
import { PLANS, serveSite } from "./data/replay-site/serve.ts";

// replay_routine over MCP, through the SDK's own client against `frames mcp` on stdio
// (started with -A, as replay needs): dry runs only unless the operator said --allow-replay,
// and destructive steps only with --allow-destructive-replay.

const OPTS = { sanitizeOps: false, sanitizeResources: false };

async function withServer(flags: string[], fn: (c: Client) => Promise<void>): Promise<void> {
  const home = await Deno.makeTempDir({ prefix: "frames_replay_mcp_" });
  const client = new Client({ name: "frames-replay-tests", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: ["run", "-A", MAIN, "mcp", ...flags],
      env: childEnv(home),
      stderr: "pipe",
    }),
  );
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}

type Result = {
  isError?: boolean;
  content: { text: string }[];
  structuredContent?: Record<string, unknown>;
};

function call(c: Client, args: Record<string, unknown>): Promise<Result> {
  return c.callTool({ name: "replay_routine", arguments: args }) as Promise<Result>;
}

const statuses = (r: Result) =>
  (r.structuredContent!.steps as { status: string }[]).map((s) => s.status);

browserTest(
  "replay_routine runs dry only unless the server was started with --allow-replay",
  OPTS,
  async () => {
    const site = serveSite();
    const base = {
      plan: await Deno.readTextFile(PLANS.setStatus),
      slots: JSON.stringify({ status: "In Progress" }),
      url_map: `https://tracker.example.com=${site.origin}`,
    };
    try {
      await withServer([], async (c) => {
        const { tools } = await c.listTools();
        ok(tools.some((t) => t.name === "replay_routine"));
        const refused = await call(c, { ...base, mode: "execute" });
        ok(refused.isError, "execute without --allow-replay is an error");
        match(refused.content[0].text, /dry runs only .*--allow-replay/);
        const dry = await call(c, base);
        ok(!dry.isError, dry.content[0]?.text);
        equal(dry.structuredContent!.mode, "dry-run");
        deepEqual(statuses(dry), ["checked", "checked", "checked"]);
        const bad = await call(c, { ...base, plan: "{}" });
        ok(bad.isError);
        match(bad.content[0].text, /^Invalid argument "plan": \/ must have required property/);
        const slotless = await call(c, { ...base, slots: "{}" });
        match(slotless.content[0].text, /Missing slot "status"/);
      });
      deepEqual(site.events, [], "nothing clicked without --allow-replay");

      await withServer(["--allow-replay"], async (c) => {
        const done = await call(c, { ...base, mode: "execute" });
        ok(!done.isError, done.content[0]?.text);
        deepEqual(statuses(done), ["done", "done", "done"]);
        const invoice = {
          plan: await Deno.readTextFile(PLANS.sendInvoice),
          slots: JSON.stringify({ customer: "ACME", amount: "5" }),
          url_map: `https://billing.example.com=${site.origin}`,
          mode: "execute",
        };
        const wants = await call(c, { ...invoice, destructive: "allow" });
        ok(wants.isError);
        match(wants.content[0].text, /--allow-destructive-replay/);
        const refusedStep = await call(c, invoice);
        equal(refusedStep.structuredContent!.outcome, "refused");
        equal(statuses(refusedStep)[4], "refused");
      });
      deepEqual(site.events, [{ page: "/issues/42", action: "status", value: "In Progress" }]);
    } finally {
      await site.close();
    }
  },
);
