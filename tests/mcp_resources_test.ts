import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { Client } from "@modelcontextprotocol/client";
import { cliBackend } from "../src/cli/mcp.ts";
import { addDays, localDay } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { emitContext } from "../src/emit/context.ts";
import { DayIndex } from "../src/mcp/day_index.ts";
import { createServerFactory, loadToken, serveHttp, UNTRUSTED_TEXT } from "../src/mcp/mod.ts";
import { DAYS_PER_PAGE, listResources } from "../src/mcp/resources.ts";
import { assertValidDocument } from "./_schema.ts";
import { connectStdio, newClient, tempDir, TZ } from "./data/mcp/harness.ts";
import { pinSettingsEnvironment } from "../src/cli/_settings.ts";

const dir = await tempDir("frames-mcp-resources-");
const home = join(dir, ".frames");
// Settings read this home, not the process environment every test file shares.
pinSettingsEnvironment({ FRAMES_HOME: home });
const { token } = await loadToken(home);
const today = localDay(Date.now(), TZ);

// A demo of ten days ending the day before yesterday: yesterday and today hold nothing, so
// a listing of recent calendar days would be wrong. The truth is the generator's own
// per-day row count, not a read.
const demoPath = join(dir, "demo.sqlite");
const part1 = writeDemoDatabase(demoPath, { startDay: addDays(today, -11), days: 10, tz: TZ });
const withCapture = part1.days.filter((d) => d.snapshots > 0).map((d) => d.day).reverse();
const backend = cliBackend({ source: demoPath, tz: TZ });

async function withHttp(
  fn: (connect: (era: "legacy" | "modern") => Promise<Client>) => Promise<void>,
  opts: { pollMs?: number; source?: string; slowReadMs?: number } = {},
): Promise<void> {
  const be = opts.source === undefined ? backend : cliBackend({ source: opts.source, tz: TZ });
  const http = await serveHttp(
    createServerFactory({ backend: be, pollMs: opts.pollMs ?? 0, slowReadMs: opts.slowReadMs }),
    { port: 0, token },
  );
  const clients: Client[] = [];
  try {
    await fn(async (era) => {
      const client = newClient(era);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(http.url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    });
  } finally {
    for (const c of clients) await c.close();
    await http.shutdown();
  }
}

Deno.test("resources/list names exactly the demo days that hold capture, and every one reads", async () => {
  await withHttp(async (connect) => {
    for (const era of ["legacy", "modern"] as const) {
      const client = await connect(era);
      const { resources } = await client.listResources();
      const expected = withCapture.flatMap((d) => [
        `frames://day/${d}/context`,
        `frames://day/${d}/document`,
      ]);
      deepEqual(resources.map((r) => r.uri), expected, `${era}: most recent first, only capture`);
      ok(!resources.some((r) => r.uri.includes(today)), "today holds no capture: not listed");
      for (const r of resources) {
        const read = await client.readResource({ uri: r.uri });
        const text = (read.contents[0] as { text: string }).text;
        equal(read.contents[0].mimeType, r.mimeType);
        if (r.uri.endsWith("/document")) assertValidDocument(JSON.parse(text));
        else match(text, /^USER ACTIVITY \(\d{4}-\d{2}-\d{2}, Europe\/Berlin/);
      }
    }
  });
});

Deno.test("resources/list pages by day with signed cursors that survive a new day", async () => {
  const days = Array.from({ length: 60 }, (_, i) => addDays("2026-06-30", -i));
  const grown = [...days];
  const fake = {
    ...backend,
    days: () => Promise.resolve(grown),
    settings: () => ({ tz: TZ, budget: 1500, minMinutes: 0.5 }),
  };
  const opts = { backend: fake, maxTokens: 8000 };
  const seen: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listResources(opts, cursor);
    ok(page.resources.length <= 2 * DAYS_PER_PAGE);
    seen.push(...page.resources.map((r) => r.uri));
    cursor = page.nextCursor;
    // A day appearing between pages must neither repeat nor skip anything.
    if (pages++ === 0) grown.unshift("2026-07-01");
  } while (cursor !== undefined);
  deepEqual(seen, days.flatMap((d) => [`frames://day/${d}/context`, `frames://day/${d}/document`]));
  await rejects(
    listResources(opts, "bm90IGEgY3Vyc29y"),
    (err: Error & { code?: number }) =>
      err.code === -32602 &&
      /pass nextCursor exactly as resources\/list returned it/.test(err.message),
  );
});

Deno.test("bad input gets -32602 with what would work: unknown prompt, bad {day}, unknown URI", async () => {
  await withHttp(async (connect) => {
    for (const era of ["legacy", "modern"] as const) {
      const client = await connect(era);
      const code = (err: unknown) => (err as { code?: number }).code;
      await client.getPrompt({ name: "recap_week" }).then(() => ok(false), (err) => {
        equal(code(err), -32602, `${era}: unknown prompt`);
        match(
          (err as Error).message,
          /Unknown prompt "recap_week": use one of recap_day, where_did_time_go, what_was_i_doing/,
        );
      });
      await client.readResource({ uri: "frames://day/someday/context" }).then(
        () => ok(false),
        (err) => {
          equal(code(err), -32602, `${era}: bad day`);
          match((err as Error).message, /Invalid day "someday": use today, yesterday/);
        },
      );
      await client.readResource({ uri: "file:///etc/passwd" }).then(() => ok(false), (err) => {
        equal(code(err), -32602, `${era}: unknown URI`);
        match(
          (err as Error).message,
          /Unknown resource "file:\/\/\/etc\/passwd": read frames:\/\/day\/\{day\}\/context/,
        );
      });
      const empty = addDays(today, -30);
      await client.readResource({ uri: `frames://day/${empty}/document` }).then(
        () => ok(false),
        (err) => {
          equal(code(err), -32602, `${era}: a day without capture`);
          match(
            (err as Error).message,
            new RegExp(`No activity captured on ${empty}.*days with capture: ${withCapture[0]}`),
          );
        },
      );
      await client.getPrompt({ name: "recap_day", arguments: { day: "someday" } }).then(
        () => ok(false),
        (err) => {
          equal(code(err), -32602, `${era}: bad day in a prompt`);
          match((err as Error).message, /Invalid day "someday"/);
        },
      );
      await client.getPrompt({ name: "recap_day", arguments: { when: "today" } }).then(
        () => ok(false),
        (err) => {
          equal(code(err), -32602);
          match(
            (err as Error).message,
            /Unknown argument "when" for prompt recap_day: it takes day/,
          );
        },
      );
      await client.complete({
        ref: { type: "ref/prompt", name: "nope" },
        argument: { name: "day", value: "" },
      })
        .then(() => ok(false), (err) => {
          equal(code(err), -32602);
          match(
            (err as Error).message,
            /Unknown prompt "nope": complete the arguments of recap_day/,
          );
        });
    }
  });
});

Deno.test("prompts embed the measured context block, fenced as untrusted data", async () => {
  await withHttp(async (connect) => {
    const client = await connect("modern");
    const { prompts } = await client.listPrompts();
    deepEqual(prompts.map((p) => p.name), ["recap_day", "where_did_time_go", "what_was_i_doing"]);
    deepEqual(prompts[1].arguments?.map((a) => [a.name, a.required]), [["from", true], [
      "to",
      false,
    ]]);
    const day = part1.busiestDay;
    const { doc } = await backend.compile(backend.resolveWindow({ day }, Date.now()));
    const block = emitContext(doc, { budget: 1500 });
    const recap = await client.getPrompt({ name: "recap_day", arguments: { day } });
    const res = recap.messages[1].content as {
      type: string;
      resource: { uri: string; text: string };
    };
    equal(res.type, "resource");
    equal(res.resource.uri, `frames://day/${day}/context`);
    // The block fences its own captured lines (src/emit/context.ts): the prompt embeds it
    // as it is, header first, then the one untrusted-data fence.
    equal(res.resource.text, block, "the block itself, unchanged");
    const lines = block.split("\n");
    match(lines[0], /^USER ACTIVITY \(/);
    match(lines[1], /^<<<captured-data [0-9a-f]{12}>>>$/);
    equal(lines[2], UNTRUSTED_TEXT);
    equal(lines.at(-2), lines[1].replace("<<<", "<<<end "));
    const range = await client.getPrompt({
      name: "where_did_time_go",
      arguments: { from: withCapture[2], to: withCapture[1] },
    });
    const r2 = (range.messages[1].content as { resource: { uri: string; text: string } }).resource;
    const read = await client.readResource({ uri: r2.uri });
    ok(
      r2.text.includes((read.contents[0] as { text: string }).text),
      "the embedded URI reads back",
    );
    const at = await client.getPrompt({
      name: "what_was_i_doing",
      arguments: { at: `${day}T10:15` },
    });
    const r3 = (at.messages[1].content as { resource: { uri: string; text: string } }).resource;
    equal(r3.uri, `frames://window/${day}T09%3A45/${day}T10%3A45/context`);
    match(r3.text, /USER ACTIVITY/);
    const done = await client.complete({
      ref: { type: "ref/prompt", name: "recap_day" },
      argument: { name: "day", value: "" },
    });
    deepEqual(done.completion.values, ["today", "yesterday", ...withCapture]);
    const tpl = await client.complete({
      ref: { type: "ref/resource", uri: "frames://day/{day}/document" },
      argument: { name: "day", value: withCapture[0].slice(0, 9) },
    });
    ok(tpl.completion.values.length > 0);
    ok(tpl.completion.values.every((v) => v.startsWith(withCapture[0].slice(0, 9))));
  });
});

Deno.test("logging: slow reads and rejected rows reach the client as notifications/message", async () => {
  await withHttp(async (connect) => {
    const client = await connect("legacy");
    const got: { level: string; data: Record<string, unknown> }[] = [];
    client.setNotificationHandler("notifications/message", (n) => {
      got.push(n.params as { level: string; data: Record<string, unknown> });
    });
    await client.callTool({ name: "get_day_summary", arguments: { day: withCapture[0] } });
    const events = got.map((g) => g.data.event);
    ok(events.includes("slow_read"), `slow read logged (got ${events.join(", ")})`);
    for (const g of got) {
      equal(g.level, "warning");
      deepEqual(
        Object.keys(g.data).filter((k) =>
          !["event", "message", "window", "rows", "ms", "snapshots", "events"].includes(k)
        ),
        [],
        "counts and times only",
      );
    }
  }, { slowReadMs: 0 });
});

Deno.test("a growing source sends notifications/resources/list_changed (HTTP listen stream, stdio)", async () => {
  const path = join(dir, "growing.sqlite");
  writeDemoDatabase(path, { startDay: addDays(today, -3), days: 3, tz: TZ });
  const grow = () =>
    writeDemoDatabase(path, { startDay: addDays(today, -3), days: 4, tz: TZ, overwrite: true });
  // Resolves on the notification; fails (instead of hanging) when none comes in 10 s.
  const seen = (client: Client) => {
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    const timer = setTimeout(() => reject(new Error("no list_changed within 10 s")), 10_000);
    client.setNotificationHandler("notifications/resources/list_changed", () => {
      clearTimeout(timer);
      resolve();
    });
    return { promise, cancel: () => clearTimeout(timer) };
  };
  await withHttp(async (connect) => {
    const client = await connect("modern");
    const changed = seen(client);
    const sub = await client.listen({ resourcesListChanged: true });
    const before = await client.listResources();
    ok(!before.resources.some((r) => r.uri.includes(today)));
    await new Promise((r) => setTimeout(r, 300)); // the watch has its baseline
    grow();
    await changed.promise;
    const after = await client.listResources();
    ok(after.resources.some((r) => r.uri === `frames://day/${today}/context`));
    await sub.close();
  }, { pollMs: 100, source: path });
  writeDemoDatabase(path, { startDay: addDays(today, -3), days: 3, tz: TZ, overwrite: true });
  const client = await connectStdio({
    home: dir,
    args: ["--source", `screenpipe:${path}`, "--tz", TZ, "--poll", "0.1"],
    era: "legacy",
  });
  try {
    const changed = seen(client);
    await client.listResources();
    await new Promise((r) => setTimeout(r, 500));
    grow();
    await changed.promise;
  } finally {
    await client.close();
  }
});

Deno.test("DayIndex probes each day of the span once, then only today", async () => {
  const probes: string[] = [];
  let now = 0;
  let span = { first: "2026-03-01", last: "2026-03-05" };
  const has = new Set(["2026-03-01", "2026-03-03", "2026-03-05"]);
  let day = "2026-03-06";
  const index = new DayIndex({
    key: () => "k",
    today: () => day,
    span: () => Promise.resolve(span),
    probe: (d) => {
      probes.push(d);
      return Promise.resolve(has.has(d));
    },
  }, { now: () => now, rescanMs: 1000 });
  deepEqual(await index.days(), ["2026-03-05", "2026-03-03", "2026-03-01"]);
  deepEqual(probes.sort(), [
    "2026-03-01",
    "2026-03-02",
    "2026-03-03",
    "2026-03-04",
    "2026-03-05",
    "2026-03-06",
  ]);
  probes.length = 0;
  has.add("2026-03-06");
  deepEqual((await index.days())[0], "2026-03-06", "today gains capture");
  deepEqual(probes, ["2026-03-06"]);
  probes.length = 0;
  await index.days();
  deepEqual(probes, [], "a known day is not read again");
  has.add("2026-03-02");
  span = { first: "2026-03-01", last: "2026-03-06" };
  day = "2026-03-07";
  now = 2000;
  const all = await index.days();
  deepEqual(all, ["2026-03-06", "2026-03-05", "2026-03-03", "2026-03-02", "2026-03-01"]);
  deepEqual(
    probes.sort(),
    ["2026-03-02", "2026-03-04", "2026-03-07"],
    "a rescan reads only unknown days",
  );
});
