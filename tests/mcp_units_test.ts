import { deepEqual, equal, match, notEqual, ok, throws } from "node:assert/strict";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import type { Frame } from "../src/compile/document.ts";
import { decodeCursor, encodeCursor, resumeCall } from "../src/mcp/_cursor.ts";
import { fitPage } from "../src/mcp/_pager.ts";
import { ToolError } from "../src/mcp/_result.ts";
import { checkArgs, type InputSchema } from "../src/mcp/_schema.ts";
import { commEntities, commKindOf } from "../src/mcp/communications.ts";
import { loadToken, TOKEN_FILE } from "../src/mcp/token.ts";
import { tempDir } from "./data/mcp/harness.ts";

Deno.test("fitPage() keeps every page under the cap and covers all items once, in order", () => {
  const items = Array.from(
    { length: 300 },
    (_, i) => ({ n: i, title: `window title number ${i}` }),
  );
  const head = { window: { day: "2026-07-04" } };
  for (const cap of [1000, 2500]) {
    const seen: number[] = [];
    let offset = 0, pages = 0;
    for (;;) {
      const page = fitPage(head, [{ key: "a", items: items.slice(0, 120) }, {
        key: "b",
        items: items.slice(120),
      }], { offset, maxTokens: cap, cursorFor: (o) => `cursor-${o}` });
      ok(countTokens(JSON.stringify(page)) <= cap, `page ${pages} within ${cap}`);
      const got = [...page.a as { n: number }[], ...page.b as { n: number }[]].map((x) => x.n);
      ok(got.length > 0);
      seen.push(...got);
      pages++;
      if (page.next_cursor === undefined) break;
      equal(page.next_cursor, `cursor-${seen.length}`);
      offset = seen.length;
    }
    deepEqual(seen, items.map((x) => x.n));
    ok(pages > 1);
  }
  throws(
    () =>
      fitPage({ big: "x ".repeat(2000) }, [], { offset: 0, maxTokens: 1000, cursorFor: String }),
    /Cannot fit the result in 1000 tokens: its fixed part alone takes/,
  );
});

Deno.test("cursors carry their call and reject other tools, other arguments and garbage", () => {
  const SCHEMA: InputSchema = {
    type: "object",
    properties: { day: { type: "string", description: "The day" } },
    additionalProperties: false,
  };
  const windows = [{ start: 1, end: 2, day: "2026-07-04" }];
  const cursor = encodeCursor({
    tool: "get_activity",
    args: { day: "today" },
    windows,
    offset: 40,
  });
  match(cursor, /^[A-Za-z0-9_-]+$/);
  deepEqual(decodeCursor(cursor, "get_activity"), {
    tool: "get_activity",
    args: { day: "today" },
    windows,
    offset: 40,
  });
  const resumed = resumeCall("get_activity", { cursor }, SCHEMA);
  deepEqual(resumed.args, { day: "today" });
  equal(resumed.cursor?.offset, 40);
  deepEqual(resumeCall("get_activity", { day: "today", cursor }, SCHEMA).args, { day: "today" });
  throws(() => resumeCall("get_activity", { day: "monday", cursor }, SCHEMA), ToolError);
  throws(() => decodeCursor(cursor, "search_activity"), /belongs to get_activity/);
  throws(() => decodeCursor(cursor.slice(0, -3), "get_activity"), /Invalid cursor/);
  throws(
    () => decodeCursor(btoa(JSON.stringify([1, "get_activity", {}, [], -1])), "get_activity"),
    /Invalid cursor/,
  );
});

Deno.test("checkArgs() accepts plain numbers in strings, treats null as absent and names the fix", () => {
  const schema: InputSchema = {
    type: "object",
    properties: {
      day: { type: "string", description: "the day", minLength: 1 },
      budget: { type: "integer", description: "tokens", minimum: 50, maximum: 8000 },
      kind: { type: "string", description: "kind", enum: ["email", "meeting"] },
    },
    required: ["day"],
    additionalProperties: false,
  };
  deepEqual(checkArgs(schema, { day: "today", budget: "800", kind: null }), {
    value: { day: "today", budget: 800 },
  });
  deepEqual(checkArgs(schema, { day: "today", budget: 12.5 }), {
    error: 'Invalid argument "budget": expected a whole number from 50 to 8000, got 12.5',
  });
  deepEqual(checkArgs(schema, {}), { error: 'Missing argument "day": the day' });
  deepEqual(checkArgs(schema, { day: " " }), {
    error: 'Invalid argument "day": must not be empty (the day)',
  });
  deepEqual(checkArgs(schema, { day: "x", kind: "fax" }), {
    error: 'Invalid argument "kind": expected one of "email", "meeting", got "fax"',
  });
  deepEqual(checkArgs(schema, ["today"]), {
    error: "Invalid arguments: expected an object with day, budget, kind",
  });
});

function frame(app: string, pages: Frame["pages"], site?: string): Frame {
  return {
    id: "monitor_0:1",
    display: "monitor_0",
    app,
    ...(site !== undefined ? { site } : {}),
    start: "2026-07-04T09:00:00+02:00",
    end: "2026-07-04T09:10:00+02:00",
    duration_min: 10,
    wall_min: 10,
    windows: [],
    pages,
    input: {
      events: 0,
      keys: 0,
      clicks: 0,
      copies: 0,
      pastes: 0,
      scrolls: 0,
      text_runs: 0,
      text_chars: 0,
    },
    interruptions: [],
    evidence: { snapshots: "1", events: "" },
  };
}

Deno.test("commKindOf() lets typed pages decide before the app name", () => {
  equal(commKindOf(frame("Slack", [])), "messaging");
  equal(commKindOf(frame("zoom.us", [])), "meeting");
  equal(commKindOf(frame("Mail.app", [])), "email");
  equal(commKindOf(frame("Code", [])), undefined);
  const gmail = frame("Google Chrome", [
    { kind: "email", entity: "inbox", count: 3 },
    { kind: "search", entity: "x", count: 9 },
  ], "mail.google.com");
  equal(commKindOf(gmail), "email");
  deepEqual(commEntities(gmail, "email"), ["inbox"]);
  equal(commKindOf(frame("Slack", [{ kind: "meeting", entity: "huddle", count: 2 }])), "meeting");
});

Deno.test("loadToken() creates a user-only token once, tightens loose files and rotates", async () => {
  const home = join(await tempDir("frames-mcp-token-"), "fh");
  const first = await loadToken(home);
  ok(first.created);
  match(first.token, /^[A-Za-z0-9_-]{43}$/);
  equal(first.path, join(home, TOKEN_FILE));
  equal((await Deno.stat(first.path)).mode! & 0o777, 0o600);
  equal((await Deno.stat(home)).mode! & 0o777, 0o700);
  const again = await loadToken(home);
  equal(again.token, first.token);
  equal(again.created, false);
  await Deno.chmod(first.path, 0o644);
  await loadToken(home);
  equal((await Deno.stat(first.path)).mode! & 0o777, 0o600, "a readable token is tightened");
  const rotated = await loadToken(home, { rotate: true });
  notEqual(rotated.token, first.token);
  equal((await loadToken(home)).token, rotated.token);
  await Deno.writeTextFile(first.path, "short\n");
  await loadToken(home).then(
    () => ok(false, "a broken token file must fail"),
    (err: Error) => match(err.message, /does not hold a token; run "frames mcp token --rotate"/),
  );
});
