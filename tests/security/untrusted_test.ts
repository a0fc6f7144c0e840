/**
 * Issue 14, untrusted text: captured text reaches a reader fenced — the context block (CLI
 * and MCP) and every MCP tool's text result sit inside the one `<<<captured-data HASH>>>`
 * fence with the line saying it is data — so a page titled "IGNORE PREVIOUS INSTRUCTIONS"
 * is quoted, not obeyed. A bad tool argument is one line, never a validator's dump.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { runFrames } from "../_frames.ts";
import { connectStdio } from "../data/mcp/harness.ts";
import { unfence, UNTRUSTED_TEXT } from "../../src/text/untrusted.ts";
import { DAY, HOSTILE, UNSAFE, writeHostileStore } from "./_hostile.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_untrusted_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const home = join(dir, "home");
await Deno.mkdir(join(home, ".frames"), { recursive: true });
const store = writeHostileStore(dir);

/** The fenced part of a text: everything between the tagged delimiters. */
function fencedPart(text: string): string {
  const at = text.indexOf("<<<captured-data ");
  assert.ok(at >= 0, `no fence in: ${text.slice(0, 200)}`);
  const inner = unfence(text.slice(at));
  assert.ok(inner !== undefined, "the fence closes with the same tag, at the end");
  return inner;
}

Deno.test("frames context puts every captured line inside the fence, with the data-not-instructions line", async () => {
  const r = await runFrames(
    ["context", "--source", `native:${store}`, "--day", DAY, "--tz", "UTC", "--min-minutes", "0"],
    { home },
  );
  assert.equal(r.code, 0, r.stderr);
  const [head, fence, notice] = r.stdout.split("\n");
  assert.match(head, /^USER ACTIVITY \(/);
  assert.match(fence, /^<<<captured-data [0-9a-f]{12}>>>$/);
  assert.equal(notice, UNTRUSTED_TEXT);
  const inner = fencedPart(r.stdout);
  assert.ok(inner.includes("App injection"), "the hostile frame is shown …");
  assert.ok(!head.includes("App"), "… and only inside the fence");
});

async function withClient(fn: (c: Client) => Promise<void>): Promise<void> {
  const client = await connectStdio({
    home,
    args: ["--source", `native:${store}`, "--tz", "UTC"],
    era: "legacy",
  });
  try {
    await fn(client);
  } finally {
    await client.close();
  }
}

type Content = { type: string; text?: string }[];

Deno.test("MCP text results are fenced as untrusted captured data and hold no control character", async () => {
  await withClient(async (client) => {
    for (
      const [name, args] of [
        ["get_context", { day: DAY }],
        ["get_activity", { day: DAY }],
        ["get_day_summary", { day: DAY }],
        ["search_activity", { query: "IGNORE PREVIOUS", days: 1 }],
      ] as const
    ) {
      const r = await client.callTool({ name, arguments: args });
      const text = (r.content as Content)[0].text!;
      assert.ok(!r.isError, `${name}: ${text}`);
      const inner = fencedPart(text);
      assert.ok(text.includes(UNTRUSTED_TEXT), name);
      assert.equal(UNSAFE.exec(text), null, `${name}: no control or bidi character`);
      if (name !== "get_context") {
        assert.deepEqual(
          JSON.parse(inner),
          r.structuredContent,
          `${name}: the fence holds the JSON`,
        );
      }
    }
    const activity = await client.callTool({ name: "get_activity", arguments: { day: DAY } });
    const titles = JSON.stringify(activity.structuredContent);
    assert.ok(titles.includes(HOSTILE.injection), "structured content keeps the data");
  });
});

Deno.test("a bad MCP tool argument is one line naming the argument", async () => {
  await withClient(async (client) => {
    for (
      const args of [
        { day: 42 },
        { day: "2026-07-04", budget: "lots" },
        { day: "\u001b[31m\u202e2026" },
        { nonsense: { deep: [1, 2, 3] } },
      ]
    ) {
      const r = await client.callTool({ name: "get_context", arguments: args });
      const text = (r.content as Content)[0].text!;
      assert.equal(r.isError, true, JSON.stringify(args));
      assert.ok(!text.includes("\n"), `one line: ${text}`);
      assert.ok(!/ZodError|"code":|\[\s*\{/.test(text), `no validator dump: ${text}`);
      assert.equal(UNSAFE.exec(text), null, text);
    }
  });
});
