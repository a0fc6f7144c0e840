/**
 * Issue 17: `frames import screenpipe:http://127.0.0.1:PORT` (and `screenpipe:api`) imports a
 * running screenpipe through its REST API — the stand-in of tests/_screenpipe_api.ts, built
 * from the upstream handlers — into the store: this computer's hostname as the machine (the
 * API names none), idempotent on re-import, typed text counted but never stored.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { hostname } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { readScreenpipeApi } from "../adapters/screenpipe/api.ts";
import { readNative } from "../src/store/mod.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { serveScreenpipeStandIn } from "./_screenpipe_api.ts";
import { runFrames } from "./_frames.ts";

const TZ = "UTC";
const dir = Deno.makeTempDirSync({ prefix: "frames_sp_api_import_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const demo = writeDemoDatabase(join(dir, "db.sqlite"), { days: 2 });

function storeRows(store: string) {
  const db = new DatabaseSync(store, { readOnly: true });
  try {
    const one = (sql: string) => Object.values(db.prepare(sql).get()!)[0];
    return {
      snapshots: one("SELECT count(*) FROM snapshots") as number,
      events: one("SELECT count(*) FROM input_events") as number,
      texts: one("SELECT count(*) FROM input_events WHERE text IS NOT NULL") as number,
      typed: one("SELECT coalesce(sum(chars), 0) FROM input_events WHERE kind = 'text'") as number,
      machines: db.prepare("SELECT DISTINCT machine FROM snapshots").all().map((r) => r.machine),
    };
  } finally {
    db.close();
  }
}

Deno.test("frames import screenpipe:http://… imports through the API: idempotent, hostname as machine, no typed text", async () => {
  const server = serveScreenpipeStandIn(demo.path);
  const home = join(dir, "home");
  Deno.mkdirSync(home);
  const store = join(home, "capture.db");
  try {
    const first = await runFrames(["import", `screenpipe:${server.url}`, "--store", store], {
      home,
    });
    equal(first.code, 0, first.stderr);
    match(first.stdout, /^imported screenpipe "http:\/\/127\.0\.0\.1:\d+": read \d+ rows/);
    const rows = storeRows(store);
    // Every frame of the demo with an app and a timestamp the API can serve (its planted
    // broken rows are rejected, or hidden by the API: API_NOTES).
    const db = new DatabaseSync(demo.path, { readOnly: true });
    const want = (sql: string) => Object.values(db.prepare(sql).get()!)[0] as number;
    const frames = want(
      "SELECT count(*) FROM frames WHERE trim(app_name) <> '' AND timestamp LIKE '____-__-__%'",
    );
    const typed = want(
      "SELECT coalesce(sum(length(text_content)), 0) FROM ui_events WHERE event_type = 'text'",
    );
    const texts = want(
      "SELECT count(*) FROM ui_events WHERE event_type = 'text' AND text_content <> ''",
    );
    db.close();
    equal(rows.snapshots, frames);
    ok(texts > 0, "the demo types text");
    // Typed text: counted (its length), never stored.
    equal(rows.texts, 0);
    equal(rows.typed, typed);
    deepEqual(rows.machines, [hostname()]);
    const again = await runFrames(["import", "screenpipe", server.url, "--store", store], { home });
    equal(again.code, 0, again.stderr);
    match(again.stdout, / added 0, skipped \d+,/);
    deepEqual(storeRows(store), rows);
    // The store compiles like a direct read of the API, day by day.
    for (const { day } of demo.days) {
      const w = dayWindow(day, TZ);
      const direct = compile(await readScreenpipeApi(server.url, w), {
        tz: TZ,
        day,
        minMinutes: 0,
      });
      const imported = compile(readNative(store, w), { tz: TZ, day, minMinutes: 0 });
      deepEqual(
        imported.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
        direct.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
      );
      deepEqual(
        imported.frames.map((f) => [f.app, f.start, f.duration_min, f.input.keys, f.input.clicks]),
        direct.frames.map((f) => [f.app, f.start, f.duration_min, f.input.keys, f.input.clicks]),
      );
    }
  } finally {
    await server.close();
  }
});

Deno.test("frames import screenpipe:api asks the default address and says when screenpipe is not there", async () => {
  const home = join(dir, "home-api");
  Deno.mkdirSync(home);
  const r = await runFrames(["import", "screenpipe:api", "--store", join(home, "c.db")], { home });
  // Nothing listens on 3030 here: the one-line error names the default address.
  equal(r.code, 1, r.stderr);
  match(r.stderr, /Cannot reach screenpipe API "http:\/\/127\.0\.0\.1:3030"/);
});
