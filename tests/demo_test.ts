import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { busiestDay, type DemoDay, type DemoSummary, writeDemoDatabase } from "../src/demo/mod.ts";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { parseTimestamp } from "../adapters/_timestamp.ts";
import type { Capture } from "../src/model.ts";

const HOUR = 3_600_000;

const made: string[] = [];

async function tempPath(name = "demo.sqlite"): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "frames_demo_test_" });
  made.push(dir);
  return join(dir, name);
}

globalThis.addEventListener("unload", () => {
  for (const dir of made) Deno.removeSync(dir, { recursive: true });
});

let shared: Promise<DemoSummary> | undefined;

/** The default demo (seed 42), built once for the read-only tests below. */
function defaultDemo(): Promise<DemoSummary> {
  shared ??= tempPath().then((path) => writeDemoDatabase(path, {}));
  return shared;
}

/** SHA-256 over the schema and every row of every table, in id order. */
function contentHash(path: string): string {
  const db = new DatabaseSync(path, { readOnly: true });
  const hash = createHash("sha256");
  try {
    for (const row of db.prepare("SELECT type, name, sql FROM sqlite_master ORDER BY name").all()) {
      hash.update(JSON.stringify(row));
    }
    for (const table of ["frames", "ui_events", "elements"]) {
      const stmt = db.prepare(`SELECT * FROM ${table} ORDER BY id`);
      (stmt as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
      for (const row of stmt.iterate()) hash.update(JSON.stringify(row));
    }
  } finally {
    db.close();
  }
  return hash.digest("hex");
}

function query<T = Record<string, unknown>>(
  path: string,
  sql: string,
  ...args: (string | number)[]
): T[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare(sql).all(...args) as T[];
  } finally {
    db.close();
  }
}

function day(summary: DemoSummary, name: string): DemoDay {
  const found = summary.days.find((d) => d.day === name);
  assert.ok(found, `day ${name} is in the summary`);
  return found;
}

function readDay(summary: DemoSummary, d: DemoDay): Capture {
  return readScreenpipe(summary.path, { start: d.start, end: d.end });
}

Deno.test("writeDemoDatabase() writes identical rows for the same seed", async () => {
  const a = await defaultDemo();
  const bPath = await tempPath();
  const b = writeDemoDatabase(bPath, { seed: 42 });
  assert.deepEqual(b.days, a.days);
  assert.equal(b.busiestDay, a.busiestDay);
  assert.equal(contentHash(bPath), contentHash(a.path));
});

Deno.test("writeDemoDatabase() writes different rows for a different seed", async () => {
  const a = await defaultDemo();
  const cPath = await tempPath();
  const c = writeDemoDatabase(cPath, { seed: 7 });
  assert.notEqual(contentHash(cPath), contentHash(a.path));
  assert.notDeepEqual(c.days.map((d) => d.snapshots), a.days.map((d) => d.snapshots));
});

Deno.test("writeDemoDatabase() makes the busiest day about 3,000 snapshots and 6,000 events", async () => {
  const summary = await defaultDemo();
  const busy = day(summary, summary.busiestDay);
  const within = (value: number, target: number) =>
    assert.ok(Math.abs(value - target) <= target * 0.15, `${value} is within 15% of ${target}`);
  within(busy.snapshots, 3000);
  within(busy.events, 6000);
  within(busy.elements, 150_000);
  const capture = readDay(summary, busy);
  assert.equal(capture.snapshots.length, busy.snapshots);
  assert.equal(capture.events.length, busy.events);
  const [{ n }] = query<{ n: number }>(
    summary.path,
    "SELECT count(*) AS n FROM elements WHERE frame_id BETWEEN ? AND ?",
    capture.snapshots[0].ref,
    capture.snapshots[capture.snapshots.length - 1].ref,
  );
  within(n, 150_000);
  const [{ moves }] = query<{ moves: number }>(
    summary.path,
    "SELECT count(*) AS moves FROM ui_events WHERE event_type = 'move'",
  );
  assert.ok(moves > 1000, "mouse moves are written too");
});

Deno.test("writeDemoDatabase() summary matches what readScreenpipe() reads on every day", async () => {
  const summary = await defaultDemo();
  assert.equal(summary.days.length, 14);
  assert.equal(summary.days[0].day, "2026-03-23");
  assert.equal(summary.days[13].day, "2026-04-05");
  for (const d of summary.days) {
    const capture = readDay(summary, d);
    assert.equal(capture.snapshots.length, d.snapshots, d.day);
    assert.equal(capture.events.length, d.events, d.day);
  }
  assert.equal(summary.busiestDay, busiestDay(summary.days)?.day);
});

Deno.test("writeDemoDatabase() covers the 2026-03-29 DST change in local days", async () => {
  const summary = await defaultDemo();
  const dst = day(summary, "2026-03-29");
  assert.equal(dst.end - dst.start, 23 * HOUR);
  assert.equal(dst.start, Date.UTC(2026, 2, 28, 23)); // CET midnight
  assert.equal(day(summary, "2026-03-30").start, Date.UTC(2026, 2, 29, 22)); // CEST midnight
  assert.ok(dst.snapshots > 0 && dst.events > 0, "the DST day has activity");
  // Local working hours hold on both sides of the change.
  const hourOf = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/Berlin",
    hour: "numeric",
    hourCycle: "h23",
  });
  for (const name of ["2026-03-27", "2026-03-30"]) {
    const capture = readDay(summary, day(summary, name));
    const first = Number(hourOf.format(capture.snapshots[0].at));
    const last = Number(hourOf.format(capture.snapshots[capture.snapshots.length - 1].at));
    assert.ok(first >= 8 && first <= 9, `${name} starts at local ${first}h`);
    assert.ok(last >= 17 && last <= 19, `${name} ends at local ${last}h`);
  }
});

Deno.test("writeDemoDatabase() writes the full screenpipe schema with timestamp indexes", async () => {
  const { path } = await defaultDemo();
  const columns = (table: string) =>
    query<{ name: string }>(path, `PRAGMA table_info(${table})`).map((c) => c.name);
  assert.deepEqual(columns("frames"), [
    "id",
    "timestamp",
    "app_name",
    "window_name",
    "focused",
    "browser_url",
    "device_name",
    "capture_trigger",
    "elements_ref_frame_id",
    "document_path",
    "full_text",
    "accessibility_tree_json",
  ]);
  for (
    const c of [
      "event_type",
      "delta_y",
      "click_count",
      "key_code",
      "text_content",
      "text_length",
      "app_pid",
      "window_title",
      "browser_url",
      "element_role",
      "element_name",
      "element_automation_id",
      "element_bounds",
      "frame_id",
    ]
  ) {
    assert.ok(columns("ui_events").includes(c), `ui_events.${c}`);
  }
  assert.deepEqual(columns("elements"), [
    "id",
    "frame_id",
    "source",
    "role",
    "text",
    "parent_id",
    "depth",
    "left_bound",
    "top_bound",
    "width_bound",
    "height_bound",
    "confidence",
    "sort_order",
  ]);
  const indexed = query<{ tbl_name: string; sql: string }>(
    path,
    "SELECT tbl_name, sql FROM sqlite_master WHERE type = 'index'",
  ).map((i) => i.sql.replace(/^.* ON /, ""));
  assert.ok(indexed.includes("frames(timestamp)"));
  assert.ok(indexed.includes("ui_events(timestamp)"));
  assert.ok(indexed.includes("elements(frame_id)"));
});

Deno.test("writeDemoDatabase() assigns ids in time order with both timestamp spellings", async () => {
  const { path } = await defaultDemo();
  for (const table of ["frames", "ui_events"]) {
    const rows = query<{ timestamp: string }>(path, `SELECT timestamp FROM ${table} ORDER BY id`);
    let previous = -Infinity;
    let rfc = 0;
    let sql = 0;
    let bad = 0;
    for (const { timestamp } of rows) {
      const at = parseTimestamp(timestamp);
      if (at === undefined) {
        bad++;
        continue;
      }
      if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/.test(timestamp)) {
        rfc++;
        assert.ok(at >= previous, `${table}: ${timestamp} is not before the previous row`);
        previous = at;
      } else if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(timestamp)) {
        sql++;
        assert.ok(at >= previous, `${table}: ${timestamp} is not before the previous row`);
        previous = at;
      } else {
        assert.fail(`${table}: unexpected spelling ${timestamp}`);
      }
    }
    assert.ok(rfc > rows.length * 0.9, `${table}: mostly RFC 3339 (${rfc}/${rows.length})`);
    assert.ok(sql > 20, `${table}: some SQL-default spellings (${sql})`);
    assert.ok(bad >= 5 && bad < 30, `${table}: a few unparseable rows (${bad})`);
  }
});

Deno.test("writeDemoDatabase() lives light weekends and workdays with gaps and meetings", async () => {
  const summary = await defaultDemo();
  const workdays = summary.days.filter((d) => d.kind !== "weekend");
  const weekends = summary.days.filter((d) => d.kind === "weekend");
  assert.equal(weekends.length, 4);
  const lightest = Math.min(...workdays.map((d) => d.snapshots));
  for (const w of weekends) assert.ok(w.snapshots < lightest * 0.3, `${w.day} is light`);
  for (const d of workdays) {
    const capture = readDay(summary, d);
    const starts = capture.snapshots.map((s) => s.at);
    let gaps = 0;
    for (let i = 1; i < starts.length; i++) if (starts[i] - starts[i - 1] > 5 * 60_000) gaps++;
    assert.ok(gaps >= 2, `${d.day} has lunch and away gaps (${gaps})`);
    assert.ok(
      capture.snapshots.some((s) =>
        s.app === "zoom.us" || s.url?.startsWith("https://meet.google.com/")
      ),
      `${d.day} has a meeting`,
    );
    assert.ok(Object.keys(capture.facts.rejected).length > 0, `${d.day} has malformed rows`);
  }
  const meetingInput = query<{ n: number; frames: number }>(
    summary.path,
    `SELECT (SELECT count(*) FROM ui_events WHERE app_name = 'zoom.us' AND event_type <> 'move') AS n,
            (SELECT count(*) FROM frames WHERE app_name = 'zoom.us') AS frames`,
  )[0];
  assert.ok(meetingInput.frames > 50);
  assert.ok(meetingInput.n < meetingInput.frames * 0.5, "meetings have little input");
});

Deno.test("writeDemoDatabase() covers editor, browser, chat and heartbeat-only reading", async () => {
  const summary = await defaultDemo();
  const apps = new Set(
    query<{ app: string }>(summary.path, "SELECT DISTINCT app_name AS app FROM frames").map((r) =>
      r.app
    ),
  );
  for (
    const app of ["Code", "Cursor", "Google Chrome", "Firefox", "Slack", "Messages", "zoom.us"]
  ) {
    assert.ok(apps.has(app), app);
  }
  assert.ok(apps.has("Slack\u200B"), "an app name with an invisible character");
  const editorTitles = query<{ t: string }>(
    summary.path,
    "SELECT DISTINCT window_name AS t FROM frames WHERE app_name IN ('Code', 'Cursor')",
  ).map((r) => r.t);
  assert.ok(editorTitles.every((t) => /^[\w.]+\.\w+ — [\w-]+$/.test(t)), editorTitles.join());
  const urls = query<{ u: string }>(
    summary.path,
    "SELECT DISTINCT browser_url AS u FROM frames WHERE browser_url IS NOT NULL",
  ).map((r) => r.u);
  for (
    const shape of [
      /^https:\/\/github\.com\/acme\/frames\/pull\/\d+/,
      /^https:\/\/github\.com\/acme\/frames\/issues\/\d+$/,
      /^https:\/\/www\.google\.com\/search\?q=\S+$/,
      /^https:\/\/docs\.google\.com\/document\/d\/[\w]+\/edit$/,
      /^https:\/\/mail\.google\.com\/mail\/u\/0\/#inbox/,
      /^https:\/\/www\.linkedin\.com\/search\/results\/people\/\?keywords=/,
      /^https:\/\/stackoverflow\.com\/questions\/\d+\/[\w-]+$/,
      /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
      /^https:\/\/www\.notion\.so\//,
      /^https:\/\/linear\.app\/acme\/issue\/ENG-\d+\//,
      /^https:\/\/www\.reddit\.com\/r\/\w+\/comments\//,
      /^https:\/\/app\.slack\.com\/client\//,
      /^https:\/\/acme\.atlassian\.net\/browse\/PROJ-\d+$/,
      /^http:\/\/localhost:3000\//,
    ]
  ) {
    assert.ok(urls.some((u) => shape.test(u)), `a URL like ${shape}`);
  }

  // Chat detours between two stretches of the same work, under and over 20 s.
  const dwell: number[] = [];
  let longestHeartbeatRun = 0;
  for (const d of summary.days) {
    const capture = readDay(summary, d);
    const focused = capture.snapshots.filter((s) => s.focused !== false);
    const runs: { app: string; start: number }[] = [];
    for (const s of focused) {
      if (runs.length === 0 || runs[runs.length - 1].app !== s.app) {
        runs.push({ app: s.app, start: s.at });
      }
    }
    for (let i = 1; i + 1 < runs.length; i++) {
      const chat = runs[i].app === "Slack" || runs[i].app === "Messages";
      if (chat && runs[i - 1].app === runs[i + 1].app && runs[i - 1].app !== runs[i].app) {
        dwell.push(runs[i + 1].start - runs[i].start);
      }
    }
    // Heartbeat-only stretches: consecutive idle frames on one display, no input between.
    const eventTimes = capture.events.map((e) => e.at);
    let run: number[] = [];
    for (const s of capture.snapshots.filter((s) => s.display === "monitor_1")) {
      if (s.trigger === "heartbeat") run.push(s.at);
      else run = [];
      if (run.length >= 2) {
        const quiet = !eventTimes.some((t) => t > run[0] && t < run[run.length - 1]);
        if (quiet) longestHeartbeatRun = Math.max(longestHeartbeatRun, run.length);
        else run = [s.at];
      }
    }
  }
  assert.ok(dwell.some((ms) => ms < 20_000), "a chat detour under 20 s");
  assert.ok(dwell.some((ms) => ms > 20_000 && ms < 180_000), "a chat detour over 20 s");
  assert.ok(longestHeartbeatRun >= 8, `a heartbeat-only reading stretch (${longestHeartbeatRun})`);
});

Deno.test("writeDemoDatabase() puts a second monitor with varying focus on some days", async () => {
  const summary = await defaultDemo();
  let dual = 0;
  for (const d of summary.days) {
    const capture = readDay(summary, d);
    const displays = new Set(capture.snapshots.map((s) => s.display));
    if (displays.has("monitor_2")) {
      dual++;
      assert.equal(capture.facts.capabilities.focus, true, `${d.day}: focus varies`);
      const second = capture.snapshots.filter((s) => s.display === "monitor_2");
      assert.ok(second.some((s) => s.focused === true) && second.some((s) => s.focused === false));
    } else {
      assert.equal(capture.facts.capabilities.focus, false, `${d.day}: one monitor`);
    }
  }
  assert.ok(dual >= 1 && dual < summary.days.length, `${dual} dual-monitor days`);
});

Deno.test("writeDemoDatabase() writes clicks after snapshots and elements to resolve them", async () => {
  const summary = await defaultDemo();
  const capture = readDay(summary, day(summary, summary.busiestDay));
  const shots = capture.snapshots;
  let between = 0;
  let j = 0;
  const clicks = capture.events.filter((e) => e.kind === "click" || e.kind === "key");
  for (const e of clicks) {
    while (j + 1 < shots.length && shots[j + 1].at <= e.at) j++;
    const next = shots[j + 1];
    if (shots[j].at < e.at && next !== undefined && e.at < next.at && shots[j].app === e.app) {
      between++;
    }
  }
  assert.ok(between > clicks.length * 0.8, `${between}/${clicks.length} land between snapshots`);
  const withElements = capture.events.filter((e) => e.kind === "click");
  const named = withElements.filter((e) => e.element?.name !== undefined).length;
  const roled = withElements.filter((e) => e.element?.role !== undefined).length;
  assert.ok(named > 0 && named < withElements.length * 0.2, `sparse element_name (${named})`);
  assert.ok(roled > named && roled < withElements.length * 0.5, `element_role (${roled})`);
  const roles = query<{ source: string; role: string; n: number }>(
    summary.path,
    "SELECT source, role, count(*) AS n FROM elements GROUP BY 1, 2",
  );
  for (
    const [source, role] of [["accessibility", "AXButton"], ["accessibility", "AXLink"], [
      "ocr",
      "line",
    ]]
  ) {
    assert.ok(roles.some((r) => r.source === source && r.role === role && r.n > 100), role);
  }
  const [bounds] = query<{ lo: number; hi: number }>(
    summary.path,
    "SELECT min(min(left_bound, top_bound)) AS lo, max(max(left_bound + width_bound, top_bound + height_bound)) AS hi FROM elements",
  );
  assert.ok(bounds.lo >= 0 && bounds.hi <= 1.0001, `normalised bounds ${bounds.lo}..${bounds.hi}`);
  const [{ reused }] = query<{ reused: number }>(
    summary.path,
    "SELECT count(*) AS reused FROM frames WHERE elements_ref_frame_id IS NOT NULL",
  );
  assert.ok(reused > 100, "frames reuse element rows");
});

Deno.test("writeDemoDatabase() refuses to overwrite an existing file unless asked", async () => {
  const path = await tempPath();
  await Deno.writeTextFile(path, "keep me");
  assert.throws(() => writeDemoDatabase(path, { days: 1 }), {
    message: `Cannot write demo database "${path}": file already exists`,
  });
  assert.equal(await Deno.readTextFile(path), "keep me");
  const summary = writeDemoDatabase(path, { days: 1, overwrite: true });
  assert.equal(summary.days.length, 1);
  assert.ok(summary.days[0].snapshots > 0);
});

Deno.test("writeDemoDatabase() honours days, startDay and tz", async () => {
  const summary = writeDemoDatabase(await tempPath(), {
    days: 3,
    startDay: "2026-10-31",
    tz: "America/New_York",
  });
  assert.deepEqual(summary.days.map((d) => [d.day, d.kind, (d.end - d.start) / HOUR]), [
    ["2026-10-31", "weekend", 24],
    ["2026-11-01", "weekend", 25], // DST ends in New York
    ["2026-11-02", "busy", 24],
  ]);
  assert.equal(summary.days[0].start, Date.UTC(2026, 9, 31, 4));
  assert.equal(summary.busiestDay, "2026-11-02");
  if (Deno.build.os !== "windows") {
    assert.equal(Deno.statSync(summary.path).mode! & 0o777, 0o600, "user-only file");
  }
});

Deno.test("writeDemoDatabase() rejects bad options with RangeError", async () => {
  const path = await tempPath();
  assert.throws(() => writeDemoDatabase(path, { startDay: "2026-02-30" }), RangeError);
  assert.throws(() => writeDemoDatabase(path, { tz: "Mars/Olympus" }), RangeError);
  assert.throws(() => writeDemoDatabase(path, { days: 0 }), RangeError);
  assert.throws(() => writeDemoDatabase(path, { seed: 1.5 }), RangeError);
  assert.throws(() => Deno.statSync(path), Deno.errors.NotFound);
});

Deno.test("busiestDay() picks the most snapshots plus events, the earliest on a tie", () => {
  const d = (day: string, snapshots: number, events: number): DemoDay => ({
    day,
    start: 0,
    end: 0,
    snapshots,
    events,
    elements: 0,
    kind: "work",
  });
  assert.equal(busiestDay([d("a", 1, 1), d("b", 3, 0), d("c", 0, 3)])?.day, "b");
  assert.equal(busiestDay([d("a", 1, 1), d("b", 10, 1)])?.day, "b");
  assert.equal(busiestDay([]), undefined);
});
