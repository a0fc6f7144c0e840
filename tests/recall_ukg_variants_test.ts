import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openRecallImport, readRecall } from "../adapters/recall/read.ts";
import { importSource } from "../src/import/mod.ts";
import { APPS, type UkgRow, type UkgVariant, WEBS, writeUkg } from "./data/recall/ukg.ts";
import { assertOneLineError, runFrames } from "./_frames.ts";

// One list of Recall rows written as ukg.db files of three builds' layouts
// (tests/data/recall/ukg.ts), read back; what each read should give is worked out here
// from the rows by a plain restatement of the rules, not copied from a run.

const dir = await Deno.makeTempDir({ prefix: "frames_recall_variants_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

const T0 = Date.UTC(2026, 6, 4, 10, 0, 0);
const H = 3_600_000;
const WINDOW = { start: T0 - H, end: T0 + H };

const ROWS: UkgRow[] = [
  { id: 1, name: "WindowCreatedEvent", at: T0 - 1000, windowId: 100, title: "Deno" },
  {
    id: 2,
    name: "WindowCaptureEvent",
    at: T0,
    windowId: 100,
    title: "Deno - GitHub",
    apps: [[1]],
    webs: [[1]],
  },
  {
    id: 3,
    name: "WindowCaptureEvent",
    at: T0 + 30_000,
    windowId: 200,
    apps: [[2]],
    indexTitle: "notes.txt - Notepad",
  },
  { id: 4, name: "ForegroundChangedEvent", at: T0 + 60_000, windowId: 100, title: "Deno - GitHub" },
  // Edge in the background, Slack in front: only a build with IsBackground can tell.
  {
    id: 5,
    name: "WindowCaptureEvent",
    at: T0 + 70_000,
    windowId: 300,
    title: "general",
    apps: [[1, true], [3, false]],
    webs: [[2, true], [1, false]],
  },
  { id: 6, name: "WindowCaptureEvent", at: T0 + 90_000, windowId: 400, title: "Orphan" },
  {
    id: 7,
    name: "WindowCaptureEvent",
    at: T0 + 100_000,
    windowId: 500,
    title: "side",
    foreground: false,
    apps: [[3]],
  },
  // A TimeStamp written as text: not Unix ms, counted as rejected in every read.
  { id: 8, name: "WindowCaptureEvent", at: "2026-07-04 10:02:00", windowId: 600, apps: [[1]] },
  { id: 9, name: "WindowDestroyedEvent", at: T0 + 2 * H, windowId: 700 },
  { id: 10, name: "WindowCaptureEvent", at: T0 + 3 * H, windowId: 800, apps: [[2]] },
  { id: 11, name: "WindowCaptureEvent", at: T0 + 4 * H, windowId: 900, apps: [[1]] },
];

type Row = [number, number, string, string | undefined, string | undefined, string];

/** What a read of `variant` should give, by the rules in words. */
function expected(variant: UkgVariant, start: number, end: number) {
  const hasName = variant !== "bare";
  const hasBackground = variant === "formats";
  const appOf = (r: UkgRow): string | undefined => {
    const rel = [...(r.apps ?? [])].sort((a, b) =>
      (hasBackground ? Number(a[1] ?? false) - Number(b[1] ?? false) : 0) || a[0] - b[0]
    );
    if (rel.length === 0) return undefined;
    const [name, path] = APPS[rel[0][0]];
    // The bare layout's App table has only Path: the executable's name stands in.
    return name && variant !== "bare" ? name : path.split("\\").pop()!;
  };
  const out: Row[] = [];
  let rejectedNoApp = 0;
  let past = false;
  const numeric = ROWS.filter((r) => typeof r.at === "number").sort((a, b) =>
    (a.at as number) - (b.at as number) || a.id - b.id
  );
  for (const r of numeric) {
    const at = r.at as number;
    if (at < start || past) continue;
    const after = at >= end;
    const trigger = !hasName
      ? "visual"
      : r.name === "WindowCaptureEvent"
      ? "visual"
      : r.name === "ForegroundChangedEvent"
      ? "switch"
      : undefined;
    if (trigger === undefined) continue;
    if (hasBackground && r.foreground === false) continue;
    let app = appOf(r);
    if (app === undefined && hasName) {
      // Borrow from the nearest capture of the same window that has an app.
      const same = numeric.filter((o) => o.windowId === r.windowId && appOf(o) !== undefined)
        .sort((a, b) =>
          Math.abs((a.at as number) - at) - Math.abs((b.at as number) - at) || a.id - b.id
        );
      app = same[0] === undefined ? undefined : appOf(same[0]);
    }
    if (app === undefined) {
      if (!after) rejectedNoApp++;
      continue;
    }
    const title = hasName ? r.title ?? r.indexTitle : undefined;
    let url: string | undefined;
    if (hasName && (r.webs ?? []).length > 0) {
      const webs = [...r.webs!].sort((a, b) =>
        (hasBackground ? Number(a[1] ?? false) - Number(b[1] ?? false) : 0) || a[0] - b[0]
      );
      url = WEBS[webs[0][0]];
    }
    out.push([r.id, at, app, title, url, trigger]);
    if (after) past = true; // one snapshot past the end, then stop
  }
  const rejected: Record<string, number> = { "WindowCapture: TimeStamp is not Unix ms": 1 };
  if (rejectedNoApp > 0) rejected["WindowCapture: no app"] = rejectedNoApp;
  return { rows: out, rejected };
}

function ukg(variant: UkgVariant, rows = ROWS): string {
  const folder = join(dir, variant, "{DA73A0DB-DDF4-4A81-9506-CCB5DE8B0F14}");
  Deno.mkdirSync(folder, { recursive: true });
  const path = join(folder, `ukg-${crypto.randomUUID()}.db`);
  writeUkg(path, variant, rows);
  return path;
}

const VARIANTS: UkgVariant[] = ["formats", "tools", "bare"];

for (const variant of VARIANTS) {
  Deno.test(`readRecall() reads a ukg.db laid out as "${variant}" and one snapshot past the end`, () => {
    const path = ukg(variant);
    for (const [start, end] of [[WINDOW.start, WINDOW.end], [T0 + 65_000, T0 + 95_000]]) {
      const c = readRecall(path, { start, end });
      const want = expected(variant, start, end);
      assert.deepEqual(
        [...c.snapshots, ...c.after ?? []].map((s): Row => [
          s.ref,
          s.at,
          s.app,
          s.title,
          s.url,
          s.trigger!,
        ]),
        want.rows,
      );
      assert.deepEqual(c.facts.rejected, want.rejected);
      assert.equal(c.snapshots.filter((s) => s.at >= end).length, 0, "inside the window");
      assert.equal(c.after?.filter((s) => s.at >= end).length, 1, "one past the end");
    }
  });
}

Deno.test("readRecall() fingerprints each layout differently and stably", () => {
  const prints = VARIANTS.map((v) => readRecall(ukg(v), WINDOW).facts.fingerprint);
  assert.equal(new Set(prints).size, 3);
  assert.equal(readRecall(ukg("tools"), WINDOW).facts.fingerprint, prints[1]);
});

Deno.test("readRecall() names the file and every required column a ukg.db lacks", () => {
  const cases: [string, string][] = [
    [
      `CREATE TABLE WindowCapture (Id INTEGER, Name TEXT, Time INTEGER);
       CREATE TABLE WindowCaptureAppRelation (WindowCaptureId INTEGER, App INTEGER);
       CREATE TABLE App (Id INTEGER, Name TEXT);`,
      "it lacks the required columns WindowCapture.TimeStamp, WindowCaptureAppRelation.AppId",
    ],
    [
      `CREATE TABLE WindowCapture (Id INTEGER, TimeStamp INTEGER);
       CREATE TABLE WindowCaptureAppRelation (WindowCaptureId INTEGER, AppId INTEGER);
       CREATE TABLE App (Id INTEGER, IconUri TEXT);`,
      "it lacks the required column App.Name|Path|WindowsAppId",
    ],
    [
      `CREATE TABLE WindowCapture (Id INTEGER, TimeStamp INTEGER);
       CREATE TABLE App (Id INTEGER, Name TEXT);`,
      "it has no WindowCaptureAppRelation table (is it a Recall ukg.db?)",
    ],
  ];
  for (const [sql, detail] of cases) {
    const path = join(dir, `bad-${crypto.randomUUID()}.db`);
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
    assert.throws(() => readRecall(path, WINDOW), {
      message: `Cannot read Windows Recall database "${path}": ${detail}`,
    });
  }
});

Deno.test("importSource() imports each layout from parsed times, without the lookahead twice", async () => {
  for (const variant of VARIANTS) {
    const store = join(dir, `store-${variant}`, "capture.db");
    const src = await openRecallImport(ukg(variant));
    const want = expected(variant, -Infinity, Infinity).rows;
    // The span comes from parsed TimeStamps only (a text one would put it at 1970).
    assert.deepEqual(src.span(), { first: T0 - 1000, last: T0 + 4 * H });
    for (const added of [want.length, 0]) {
      const s = importSource(src, { store });
      assert.deepEqual([s.read, s.added], [want.length, added]);
      assert.equal(s.rejected["WindowCapture: TimeStamp is not Unix ms"], 1);
    }
    src.close();
  }
});

Deno.test("frames compile and import refuse a ukg.db missing a required table, exit 1", async () => {
  const home = join(dir, "home");
  await Deno.mkdir(home, { recursive: true });
  const path = join(dir, "no-app-table.db");
  const db = new DatabaseSync(path);
  db.exec(`CREATE TABLE WindowCapture (Id INTEGER, TimeStamp INTEGER);
    CREATE TABLE WindowCaptureAppRelation (WindowCaptureId INTEGER, AppId INTEGER);`);
  db.close();
  const pattern = new RegExp(
    `^frames: Cannot read Windows Recall database ".*no-app-table\\.db": it has no App table`,
  );
  assertOneLineError(
    await runFrames(
      ["compile", "--source", `recall:${path}`, "--day", "2026-07-04", "--tz", "UTC"],
      { home },
    ),
    1,
    pattern,
  );
  assertOneLineError(await runFrames(["import", "recall", path], { home }), 1, pattern);
  // A real-build file without IsBackground compiles.
  const ok = await runFrames(
    ["compile", "--source", `recall:${ukg("tools")}`, "--day", "2026-07-04", "--tz", "UTC"],
    { home },
  );
  assert.equal(ok.code, 0, ok.stderr);
  const doc = JSON.parse(ok.stdout);
  assert.ok(doc.ledger.some((l: { app: string }) => l.app === "Slack"));
});
