/**
 * Issue 17: the demo compiled through a stand-in of screenpipe's REST API (tests/
 * _screenpipe_api.ts, built from the upstream handlers) and from its database file gives
 * the same frames, the same evidence ids and the same per-app minutes; what the API lacks
 * is named in blind_spots and its effect bounded.
 */
import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { API_NOTES, readScreenpipeApi } from "../adapters/screenpipe/api.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { serveScreenpipeStandIn } from "./_screenpipe_api.ts";

const TZ = "Europe/Berlin";
const dir = Deno.makeTempDirSync({ prefix: "frames_sp_api_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const demo = writeDemoDatabase(join(dir, "db.sqlite"), { days: 4 });

Deno.test("readScreenpipeApi() gives the demo's frames, evidence ids and per-app minutes, day by day", async () => {
  const server = serveScreenpipeStandIn(demo.path);
  try {
    for (const { day } of demo.days) {
      const w = dayWindow(day, TZ);
      const fromDb = compile(readScreenpipe(demo.path, w), { tz: TZ, day, minMinutes: 0 });
      const fromApi = compile(await readScreenpipeApi(server.url, w), {
        tz: TZ,
        day,
        minMinutes: 0,
      });
      ok(fromDb.frames.length > 10, `${day} has frames`);
      const shape = (d: typeof fromDb) =>
        d.frames.map((f) => ({
          id: f.id,
          app: f.app,
          site: f.site,
          start: f.start,
          end: f.end,
          duration_min: f.duration_min,
          evidence: f.evidence,
          input: { keys: f.input.keys, clicks: f.input.clicks, copies: f.input.copies },
        }));
      deepEqual(shape(fromApi), shape(fromDb), day);
      deepEqual(
        fromApi.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
        fromDb.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
        day,
      );
      equal(fromApi.coverage.active_minutes, fromDb.coverage.active_minutes, day);
      equal(fromApi.coverage.unattributed_input, fromDb.coverage.unattributed_input, day);
      // Named: every fact the API lacks is a blind spot of the API document only.
      for (const note of API_NOTES) {
        ok(fromApi.blind_spots.includes(note), note);
        ok(!fromDb.blind_spots.includes(note), note);
      }
      // Bounded: no element bounds on input events and no reused element rows → clicks can
      // only resolve less well (native + exact + tolerance never above the database's).
      const cr = (d: typeof fromDb) => d.coverage.click_resolution!;
      const named = (d: typeof fromDb) => cr(d).native + cr(d).exact + cr(d).tolerance;
      ok(named(fromApi) <= named(fromDb), `${day} clicks resolved`);
      equal(
        Object.values(cr(fromApi)).reduce((a, b) => a + b, 0),
        Object.values(cr(fromDb)).reduce((a, b) => a + b, 0),
        `${day} every click counted`,
      );
      // Bounded: no capture trigger → no presence measured; it can only lose presence.
      ok((fromApi.coverage.presence_minutes ?? 0) <= (fromDb.coverage.presence_minutes ?? 0));
      equal(fromApi.coverage.presence_minutes ?? 0, 0, day);
    }
  } finally {
    await server.close();
  }
});

Deno.test("readScreenpipeApi() asks for UTC, pages past short pages, and never keeps typed text", async () => {
  const server = serveScreenpipeStandIn(demo.path, { localOffsetMinutes: -300 });
  try {
    const day = demo.busiestDay;
    const w = dayWindow(day, TZ);
    const cap = await readScreenpipeApi(server.url, w);
    ok(server.requests.every((r) => r.includes("timezone=utc")), "every request asks for UTC");
    ok(server.requests.filter((r) => r.startsWith("/search")).length > 2, "paged");
    ok(cap.events.some((e) => e.kind === "text" && (e.chars ?? 0) > 0), "typed runs counted");
    ok(cap.events.every((e) => e.text === undefined), "no typed text without opt-in");
    const db = new DatabaseSync(demo.path, { readOnly: true });
    const typed = db.prepare(
      // Typed runs that never show on screen as a title or URL (a typed search query does).
      `SELECT text_content FROM ui_events u WHERE event_type = 'text' AND length(text_content) > 12
         AND NOT EXISTS (SELECT 1 FROM frames f WHERE instr(f.window_name, u.text_content) > 0
           OR instr(f.browser_url, u.text_content) > 0 OR instr(f.browser_url, replace(u.text_content, ' ', '+')) > 0
           OR instr(f.browser_url, replace(u.text_content, ' ', '%20')) > 0)
       LIMIT 20`,
    ).all() as { text_content: string }[];
    db.close();
    const json = JSON.stringify(compile(cap, { tz: TZ, day }));
    ok(typed.length > 0);
    for (const t of typed) ok(!json.includes(t.text_content), "typed text never reaches output");
    // Characters agree with the database read (SQLite's length()).
    const fromDb = readScreenpipe(demo.path, w);
    const chars = (c: typeof cap) => c.events.reduce((n, e) => n + (e.chars ?? 0), 0);
    equal(chars(cap), chars(fromDb));
    // With the opt-in, the text is there.
    const withText = await readScreenpipeApi(server.url, { ...w, includeText: true });
    ok(withText.events.some((e) => typeof e.text === "string" && e.text.length > 0));
  } finally {
    await server.close();
  }
});

Deno.test("readScreenpipeApi() says which setting to change on 423, 401 and 403", async () => {
  const w = dayWindow(demo.busiestDay, TZ);
  for (
    const [status, want] of [
      [423, /vault is locked; unlock it in the screenpipe app/],
      [401, /FRAMES_SCREENPIPE_KEY/],
      [403, /FRAMES_SCREENPIPE_KEY/],
    ] as const
  ) {
    const server = serveScreenpipeStandIn(demo.path, { status });
    try {
      await rejects(readScreenpipeApi(server.url, w), (err: Error) => {
        ok(want.test(err.message), err.message);
        ok(err.message.startsWith(`Cannot read screenpipe API "${server.url}": ${status}`));
        return true;
      });
    } finally {
      await server.close();
    }
  }
  await rejects(readScreenpipeApi("http://127.0.0.1:9", w), /Cannot reach screenpipe API/);
});

Deno.test("resolveSource() keeps screenpipe:URL and maps screenpipe:api to the default port", async () => {
  const api = await resolveSource("screenpipe:api", { home: dir });
  equal(api.path, "http://127.0.0.1:3030");
  const url = await resolveSource("screenpipe:http://127.0.0.1:4040", { home: dir });
  equal(url.path, "http://127.0.0.1:4040");
  const server = serveScreenpipeStandIn(demo.path);
  try {
    const src = await resolveSource(`screenpipe:${server.url}`, { home: dir });
    const w = dayWindow(demo.busiestDay, TZ);
    const cap = await src.readAsync(w);
    equal(cap.snapshots.length, readScreenpipe(demo.path, w).snapshots.length);
  } finally {
    await server.close();
  }
});
