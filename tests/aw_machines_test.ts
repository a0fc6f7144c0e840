/**
 * Issue 17: an ActivityWatch bucket's `hostname` is its machine. An aw-server that syncs two
 * hosts (aw-sync: buckets `aw-watcher-window_<host>` with each host's `hostname`) compiles
 * directly, and imports, as two machines in the one focus timeline (SPEC §3.7: the machine
 * with input holds focus; with none, the one whose focus moved last). The truth is computed
 * second by second from the fixture's events alone, by the rule, with no compiler code.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openActivityWatchImport, readActivityWatch } from "../adapters/activitywatch/read.ts";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { tallyCredit } from "../src/compile/tally.ts";
import { importSource } from "../src/import/mod.ts";
import { readNative } from "../src/store/mod.ts";
import type { Capture } from "../src/model.ts";
import {
  exportJson,
  type FixtureBucket,
  type FixtureEvent,
  rustSql,
  T0,
  writeSqlite,
} from "./data/aw/fixture.ts";
import { assertValidDocument } from "./_schema.ts";

const dir = Deno.makeTempDirSync({ prefix: "frames_aw_machines_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
/** Seconds after T0 (08:00Z) of hour `h` (UTC) and minute `m`. */
const S = (h: number, m = 0) => (h - 8) * 3600 + m * 60;
const WINDOW = { start: Date.UTC(2026, 6, 4), end: Date.UTC(2026, 6, 5) };

/** [app, from s, to s] per host: the laptop in a meeting while the desktop is used, then the reverse. */
const WINDOWS: Record<string, [string, number, number][]> = {
  laptop: [["zoom.us", S(9), S(10)], ["Slack", S(10), S(11)]],
  desktop: [
    ["Code", S(9), S(10)],
    ["Microsoft Teams", S(10), S(11)],
    // Alone, no input: the only machine with focus.
    ["Code", S(11, 30), S(11, 40)],
  ],
};
/** [from s, to s] of each host's typing. */
const TYPING: Record<string, [number, number][]> = {
  laptop: [[S(10), S(11)]],
  desktop: [[S(9), S(10)]],
};

function buckets(): FixtureBucket[] {
  let id = 1;
  const out: FixtureBucket[] = [];
  for (const host of ["laptop", "desktop"]) {
    out.push({
      id: `aw-watcher-window_${host}`,
      type: "currentwindow",
      client: "aw-watcher-window",
      hostname: host,
      events: WINDOWS[host].map(([app, a, b]) => [id++, a, b - a, { app, title: app }]),
    });
    // aw-watcher-input: one event per 5 s pulse with its counts.
    const input: FixtureEvent[] = [];
    for (const [a, b] of TYPING[host]) {
      for (let t = a; t < b; t += 5) {
        input.push([id++, t, 5, {
          presses: 4,
          clicks: 0,
          deltaX: 0,
          deltaY: 0,
          scrollX: 0,
          scrollY: 0,
        }]);
      }
    }
    out.push({
      id: `aw-watcher-input_${host}`,
      type: "os.hid.input",
      client: "aw-watcher-input",
      hostname: host,
      events: input,
    });
  }
  return out;
}

/** Focused seconds per app by the rule, second by second, from the fixture alone. */
function truth(): Map<string, number> {
  const out = new Map<string, number>();
  for (let t = S(8); t < S(12); t++) {
    const cands = ["desktop", "laptop"].flatMap((host) => {
      const w = WINDOWS[host].find(([, a, b]) => a <= t && t < b);
      if (w === undefined) return [];
      // Focus moved to the host when its current run of windows began.
      let since = w[1];
      for (;;) {
        const prev = WINDOWS[host].find(([, , b]) => b === since);
        if (prev === undefined) break;
        since = prev[1];
      }
      const typing = TYPING[host].some(([a, b]) => a <= t && t < b);
      return [{ host, app: w[0], since, typing }];
    });
    if (cands.length === 0) continue;
    cands.sort((x, y) =>
      x.typing !== y.typing ? (x.typing ? -1 : 1) : y.since - x.since || (x.host < y.host ? -1 : 1)
    );
    out.set(cands[0].app, (out.get(cands[0].app) ?? 0) + 1000);
  }
  return out;
}

function check(name: string, capture: Capture) {
  const built = buildFrames(capture, DEFAULT_RULES);
  const tally = tallyCredit(built);
  const want = truth();
  // Hand figures: Code 60 + 10 min, Slack 60 min, the meeting and Teams none.
  deepEqual(Object.fromEntries([...want].sort()), { Code: 70 * 60_000, Slack: 60 * 60_000 });
  for (const app of ["Code", "Slack", "zoom.us", "Microsoft Teams"]) {
    const got = tally.appFocus.get(app) ?? 0;
    ok(Math.abs(got - (want.get(app) ?? 0)) <= 1000, `${name} ${app}: ${got} vs ${want.get(app)}`);
  }
  let sum = 0;
  for (const ms of tally.appFocus.values()) sum += ms;
  equal(sum, tally.focusMs, name);
  const spans = built.focus.spans;
  for (let h = 8; h < 12; h++) {
    const lo = T0 + S(h) * 1000, hi = lo + 3_600_000;
    let ms = 0;
    for (let j = 0; j < spans.length; j += 2) {
      ms += Math.max(0, Math.min(spans[j + 1], hi) - Math.max(spans[j], lo));
    }
    ok(ms <= 3_600_000, `${name} hour ${h}: ${ms}`);
  }
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  equal(doc.coverage.focused_minutes, 130, name);
  // Both hosts claimed focus 09:00–11:00: reported by pair, never added.
  deepEqual(doc.coverage.overlap_minutes, { "desktop+laptop": 120 }, name);
  deepEqual([...new Set(doc.frames.map((f) => f.machine))].sort(), ["desktop", "laptop"], name);
  // Visible minutes stay per machine: the meeting was on the laptop's screen for its hour.
  equal(doc.ledger.find((l) => l.app === "zoom.us")?.minutes, 60, name);
  return doc;
}

const exportFile = join(dir, "aw-export.json");
Deno.writeTextFileSync(exportFile, exportJson("rust", buckets()));
const sqliteFile = writeSqlite(join(dir, "sqlite.db"), rustSql(buckets()));

Deno.test("a direct compile of an aw source with buckets of two hosts keeps two machines in one focus timeline", () => {
  for (const [name, file] of [["export", exportFile], ["sqlite", sqliteFile]]) {
    const capture = readActivityWatch(file, WINDOW);
    ok(capture.snapshots.every((s) => s.machine === s.display), name);
    ok(capture.events.every((e) => e.machine === e.display), name);
    check(name, capture);
  }
});

Deno.test("frames import of an aw-server syncing two hosts records each bucket's hostname as the machine", async () => {
  const store = join(dir, "store", "capture.db");
  const source = await openActivityWatchImport(sqliteFile);
  let summary;
  try {
    summary = importSource(source, { store, now: () => 0 });
  } finally {
    source.close();
  }
  equal(summary.machine, "desktop, laptop");
  const db = new DatabaseSync(store, { readOnly: true });
  const rows = db.prepare(
    "SELECT display, machine, count(*) AS n FROM snapshots GROUP BY display, machine ORDER BY display",
  ).all().map((r) => [r.display, r.machine]);
  db.close();
  deepEqual(rows, [["desktop", "desktop"], ["laptop", "laptop"]]);
  const direct = compile(readActivityWatch(sqliteFile, WINDOW), { tz: "UTC", minMinutes: 0 });
  const imported = check("store", readNative(store, WINDOW));
  deepEqual(
    imported.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
    direct.ledger.map((l) => [l.app, l.minutes, l.focused_minutes]),
  );
  deepEqual(Object.keys(imported.coverage.per_display).sort(), ["desktop", "laptop"]);
});

Deno.test("frames import --machine names every row one machine, overriding the buckets' hosts", async () => {
  const store = join(dir, "store-one", "capture.db");
  const source = await openActivityWatchImport(exportFile);
  try {
    equal(importSource(source, { store, now: () => 0, machine: "work" }).machine, "work");
  } finally {
    source.close();
  }
  const db = new DatabaseSync(store, { readOnly: true });
  const machines = db.prepare("SELECT DISTINCT machine FROM snapshots").all().map((r) => r.machine);
  db.close();
  deepEqual(machines, ["work"]);
});
