import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  discoverScreenpipe,
  readElements,
  readScreenpipe,
  SCREENPIPE_DEFAULT_PATHS,
} from "../adapters/screenpipe/read.ts";
import { SOURCE_SCHEMES } from "../adapters/mod.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { parseTimestamp } from "../adapters/_timestamp.ts";
import { compile } from "../src/compile/mod.ts";

// Fixtures follow FORMATS §1 and are built from SQL text in a temp dir.

const FRAMES_SQL = `CREATE TABLE frames (id INTEGER PRIMARY KEY, timestamp TIMESTAMP NOT NULL,
  app_name TEXT, window_name TEXT, focused BOOLEAN, browser_url TEXT,
  device_name TEXT NOT NULL DEFAULT '', capture_trigger TEXT, elements_ref_frame_id INTEGER,
  document_path TEXT, full_text TEXT, accessibility_tree_json TEXT);
CREATE INDEX idx_frames_timestamp ON frames(timestamp);`;

const UI_EVENTS_SQL = `CREATE TABLE ui_events (id INTEGER PRIMARY KEY, timestamp DATETIME NOT NULL,
  event_type TEXT NOT NULL, x INTEGER, y INTEGER, delta_x INTEGER, delta_y INTEGER,
  button INTEGER, click_count INTEGER, key_code INTEGER, modifiers INTEGER, text_content TEXT,
  text_length INTEGER, app_name TEXT, app_pid INTEGER, window_title TEXT, browser_url TEXT,
  element_role TEXT, element_name TEXT, element_value TEXT, element_description TEXT,
  element_automation_id TEXT, element_bounds TEXT, frame_id INTEGER);
CREATE INDEX idx_ui_events_timestamp ON ui_events(timestamp);`;

const ELEMENTS_SQL = `CREATE TABLE elements (id INTEGER PRIMARY KEY, frame_id INTEGER NOT NULL,
  source TEXT NOT NULL, role TEXT NOT NULL, text TEXT, parent_id INTEGER, depth INTEGER,
  left_bound REAL, top_bound REAL, width_bound REAL, height_bound REAL, confidence REAL,
  sort_order INTEGER);`;

const FULL_SCHEMA = `${FRAMES_SQL}\n${UI_EVENTS_SQL}\n${ELEMENTS_SQL}`;

/** An older database: no ui_events, no elements, no capture_trigger/focused/url columns. */
const OLD_SCHEMA = `CREATE TABLE frames (id INTEGER PRIMARY KEY, timestamp TIMESTAMP NOT NULL,
  app_name TEXT, window_name TEXT);`;

const DAY = Date.UTC(2026, 2, 24); // 2026-03-24T00:00:00Z
const WINDOW = { start: DAY, end: DAY + 86_400_000 };

const made: string[] = [];

async function tempDir(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "frames_screenpipe_test_" });
  made.push(dir);
  return dir;
}

globalThis.addEventListener("unload", () => {
  for (const dir of made) Deno.removeSync(dir, { recursive: true });
});

async function fixture(sql: string, name = "db.sqlite"): Promise<string> {
  const path = join(await tempDir(), name);
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
  return path;
}

function frame(
  id: number,
  ts: string,
  app: string | null,
  extra = "NULL, NULL, NULL, 'monitor_1', NULL",
): string {
  const quoted = app === null ? "NULL" : `'${app}'`;
  return `INSERT INTO frames (id, timestamp, app_name, window_name, focused, browser_url,
    device_name, capture_trigger) VALUES (${id}, '${ts}', ${quoted}, ${extra});`;
}

Deno.test("parseTimestamp() reads RFC 3339 with 0, 3, 6 and 9 fraction digits", () => {
  const base = Date.UTC(2026, 6, 4, 23, 10, 43);
  assert.equal(parseTimestamp("2026-07-04T23:10:43+00:00"), base);
  assert.equal(parseTimestamp("2026-07-04T23:10:43.399+00:00"), base + 399);
  assert.equal(parseTimestamp("2026-07-04T23:10:43.399302+00:00"), base + 399);
  assert.equal(parseTimestamp("2026-07-04T23:10:43.399302999+00:00"), base + 399);
  assert.equal(parseTimestamp("2026-07-04T23:10:43.5Z"), base + 500);
  assert.equal(parseTimestamp("2026-07-04T23:10:43.05Z"), base + 50);
  assert.equal(parseTimestamp("2026-07-04T23:10:43Z"), base);
});

Deno.test("parseTimestamp() reads the SQL-default spelling as UTC", () => {
  assert.equal(parseTimestamp("2026-07-04 23:10:43"), Date.UTC(2026, 6, 4, 23, 10, 43));
  assert.equal(parseTimestamp("2026-07-04 23:10:43.250"), Date.UTC(2026, 6, 4, 23, 10, 43, 250));
});

Deno.test("parseTimestamp() applies non-UTC offsets", () => {
  assert.equal(
    parseTimestamp("2026-07-04T23:10:43.399302+02:00"),
    Date.UTC(2026, 6, 4, 21, 10, 43, 399),
  );
  assert.equal(
    parseTimestamp("2026-07-04T23:10:43-05:30"),
    Date.UTC(2026, 6, 5, 4, 40, 43),
  );
  assert.equal(parseTimestamp("2026-01-01T00:30:00+01:00"), Date.UTC(2025, 11, 31, 23, 30));
});

Deno.test("parseTimestamp() falls back to lenient spellings", () => {
  const base = Date.UTC(2026, 6, 4, 23, 10, 43);
  assert.equal(parseTimestamp("2026-07-04t23:10:43z"), base);
  assert.equal(parseTimestamp("2026-07-04 23:10:43  "), base);
  assert.equal(parseTimestamp("2026-07-04 23:10:43 UTC"), base);
  assert.equal(parseTimestamp("2026-07-04T23:10:43+0200"), base - 7_200_000);
  assert.equal(parseTimestamp("2026-07-04T23:10:43+02"), base - 7_200_000);
  assert.equal(parseTimestamp("2026-07-04T23:10:43,25Z"), base + 250);
  assert.equal(parseTimestamp("2026-07-04T23:10"), base - 43_000);
  assert.equal(parseTimestamp("2026-07-04 23:10:43 +00:00"), base);
});

Deno.test("parseTimestamp() rejects garbage and impossible dates", () => {
  for (
    const text of [
      "",
      "yesterday",
      " 2026-07-04T23:10:43Z", // rows are found by their date prefix

      "not a timestamp",
      "24/03/2026 10:00",
      "2026-7-4 1:2:3",
      "2026-07-04",
      "2026-02-29T00:00:00Z", // 2026 is not a leap year
      "2026-04-31T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-07-04T24:00:00Z",
      "2026-07-04T23:60:00Z",
      "2026-07-04T23:10:61Z",
      "2026-07-04T23:10:43.Z",
      "2026-07-04T23:10:43+19:00",
      "2026-07-04T23:10:43+00:00junk",
      "2026-07-04T23:10:43+0",
      "2026-07-04X23:10:43Z",
      "２０２６-07-04T23:10:43Z",
    ]
  ) {
    assert.equal(parseTimestamp(text), undefined, JSON.stringify(text));
  }
  assert.equal(parseTimestamp("2024-02-29T12:00:00Z"), Date.UTC(2024, 1, 29, 12));
  assert.equal(parseTimestamp("2000-02-29T12:00:00Z"), Date.UTC(2000, 1, 29, 12));
  assert.equal(parseTimestamp("1900-02-29T12:00:00Z"), undefined);
});

Deno.test("parseTimestamp() agrees with Date.parse across centuries", () => {
  let seed = 7;
  for (let i = 0; i < 2000; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const ms = Math.floor((seed / 2 ** 32) * 4_102_444_800_000); // 1970 … 2100
    const iso = new Date(ms).toISOString(); // …sss Z
    assert.equal(parseTimestamp(iso), ms, iso);
    assert.equal(parseTimestamp(iso.replace("Z", "123+00:00")), ms, iso);
    assert.equal(
      parseTimestamp(`${iso.slice(0, 10)} ${iso.slice(11, 19)}`),
      Math.floor(ms / 1000) * 1000,
    );
  }
});

Deno.test("readScreenpipe() parses both spellings, every fraction length and offsets", async () => {
  const path = await fixture(
    FULL_SCHEMA + [
      frame(1, "2026-03-24T08:00:00+00:00", "Code"),
      frame(2, "2026-03-24T08:00:01.123+00:00", "Code"),
      frame(3, "2026-03-24T08:00:02.123456+00:00", "Code"),
      frame(4, "2026-03-24T08:00:03.123456789+00:00", "Code"),
      frame(5, "2026-03-24 08:00:04", "Code"),
      frame(6, "2026-03-24T10:00:05.5+02:00", "Code"),
      frame(7, "2026-03-24T08:00:06Z", "Code"),
      frame(8, "2026-03-24T03:00:07-05:00", "Code"),
      // SQLite's date parser cannot read this one; the code path still finds it.
      frame(9, "2026-03-24T09:00:08+0100", "Code"),
    ].join("\n"),
  );
  const capture = readScreenpipe(path, WINDOW);
  const at8 = Date.UTC(2026, 2, 24, 8);
  assert.deepEqual(
    capture.snapshots.map((s) => [s.ref, s.at - at8]),
    [[1, 0], [2, 1123], [3, 2123], [4, 3123], [5, 4000], [6, 5500], [7, 6000], [8, 7000], [
      9,
      8000,
    ]],
  );
  assert.deepEqual(capture.facts.rejected, {});
  assert.equal(capture.facts.rows.frames, 9);
});

Deno.test("readScreenpipe() keeps the window half-open at both edges", async () => {
  const path = await fixture(
    FULL_SCHEMA + [
      frame(1, "2026-03-23T23:59:59.999999+00:00", "Before"),
      frame(2, "2026-03-24T00:00:00.000000+00:00", "AtStart"),
      frame(3, "2026-03-24T01:59:59.999+02:00", "LocalNextDayButBefore"), // 23:59:59.999Z
      frame(4, "2026-03-24T01:00:00+01:00", "LocalAtStart"), // 00:00Z
      frame(5, "2026-03-24 23:59:59", "SqlLast"),
      frame(6, "2026-03-24T23:59:59.999+00:00", "LastMs"),
      frame(7, "2026-03-25T00:00:00+00:00", "AtEnd"),
      frame(8, "2026-03-24T19:00:00-05:00", "OffsetAtEnd"), // 2026-03-25T00:00Z
      frame(9, "2026-03-24T18:59:59.999-05:00", "OffsetLast"), // 23:59:59.999Z
      frame(10, "2026-03-25 00:00:00", "SqlAtEnd"),
      frame(11, "2026-03-25T13:59:59+14:00", "FarOffsetInside"), // 2026-03-24T23:59:59Z
      frame(12, "2026-03-23T11:00:00-13:00", "FarOffsetAtStart"), // 2026-03-24T00:00Z
    ].join("\n"),
  );
  const apps = readScreenpipe(path, WINDOW).snapshots.map((s) => s.app);
  assert.deepEqual(apps, [
    "AtStart",
    "LocalAtStart",
    "FarOffsetAtStart",
    "SqlLast",
    "FarOffsetInside",
    "LastMs",
    "OffsetLast",
  ]);
});

Deno.test("readScreenpipe() returns snapshots in time order even when ids are not", async () => {
  const path = await fixture(
    FULL_SCHEMA + [
      frame(1, "2026-03-24T10:00:05+00:00", "B"),
      frame(2, "2026-03-24T10:00:01+00:00", "A"),
      frame(3, "2026-03-24T10:00:05+00:00", "C"),
    ].join("\n"),
  );
  assert.deepEqual(readScreenpipe(path, WINDOW).snapshots.map((s) => s.ref), [2, 1, 3]);
});

Deno.test("readScreenpipe() strips invisible characters from apps and titles", async () => {
  const path = await fixture(
    FULL_SCHEMA + `
    INSERT INTO frames (id, timestamp, app_name, window_name, device_name) VALUES
      (1, '2026-03-24T10:00:00+00:00', 'Slack' || char(8203), char(65279) || ' general ', 'monitor_1'),
      (2, '2026-03-24T10:00:01+00:00', char(8206) || 'Google Chrome' || char(8207), 'a' || char(8288) || 'b', 'monitor_1'),
      (3, '2026-03-24T10:00:02+00:00', ' Code ', '', 'monitor_1');
    INSERT INTO ui_events (id, timestamp, event_type, app_name, window_title) VALUES
      (1, '2026-03-24T10:00:00.5+00:00', 'click', 'Slack' || char(8203), 'general' || char(8203));`,
  );
  const capture = readScreenpipe(path, WINDOW);
  assert.deepEqual(
    capture.snapshots.map((s) => [s.app, s.title]),
    [["Slack", "general"], ["Google Chrome", "ab"], ["Code", undefined]],
  );
  assert.equal(capture.events[0].app, "Slack");
  assert.equal(capture.events[0].title, "general");
});

Deno.test("readScreenpipe() counts rejected rows by reason and never fails on them", async () => {
  const path = await fixture(
    FULL_SCHEMA + [
      frame(1, "2026-03-24T10:00:00+00:00", "Code"),
      frame(2, "not a timestamp", "Code"),
      frame(3, "2026-03-24T10:00:02+00:00", ""),
      frame(4, "2026-03-24T10:00:03+00:00", null),
      frame(5, "2026-13-45T25:61:00+00:00", "Code"),
      frame(6, "2026-03-24T10:00:05+00:00", "Code"),
      frame(7, "2026-03-24T10:00:06+00:00", "\u200b"),
      `INSERT INTO ui_events (id, timestamp, event_type) VALUES
        (1, '2026-03-24T10:00:00.1+00:00', 'click'),
        (2, '2026-03-24T10:00:00.2+00:00', 'drag'),
        (3, '2026-03-24T10:00:00.3+00:00', 'drag'),
        (4, 'garbage', 'key'),
        (5, '2026-03-24T10:00:00.5+00:00', 'move'),
        (6, '2026-03-24T10:00:00.6+00:00', ''),
        (7, '2026-03-24T10:00:00.7+00:00', 'key'),
        (8, '2026-03-24T10:00:00.8+00:00', 'toString');`,
    ].join("\n"),
  );
  const capture = readScreenpipe(path, WINDOW);
  assert.deepEqual(capture.snapshots.map((s) => s.ref), [1, 6]);
  assert.deepEqual(capture.events.map((e) => [e.ref, e.kind]), [[1, "click"], [7, "key"]]);
  assert.deepEqual(capture.facts.rejected, {
    "frames: unparseable timestamp": 2,
    "frames: empty app_name": 3,
    'ui_events: unknown event_type "drag"': 2,
    "ui_events: empty event_type": 1,
    'ui_events: unknown event_type "toString"': 1,
    "ui_events: unparseable timestamp": 1,
  });
  assert.deepEqual(capture.facts.rows, { frames: 7, ui_events: 7 });
});

Deno.test("readScreenpipe() maps triggers, displays, focus and URLs", async () => {
  const path = await fixture(
    FULL_SCHEMA + `
    INSERT INTO frames (id, timestamp, app_name, window_name, focused, browser_url, device_name,
      capture_trigger) VALUES
      (1, '2026-03-24T10:00:00+00:00', 'A', 't', 1, 'https://github.com/x', 'monitor_1', 'app_switch'),
      (2, '2026-03-24T10:00:01+00:00', 'A', 't', 0, '', 'monitor_2', 'window_focus'),
      (3, '2026-03-24T10:00:02+00:00', 'A', 't', NULL, NULL, '', 'click'),
      (4, '2026-03-24T10:00:03+00:00', 'A', 't', 1, NULL, 'monitor_1', 'typing_pause'),
      (5, '2026-03-24T10:00:04+00:00', 'A', 't', 1, NULL, 'monitor_1', 'scroll_stop'),
      (6, '2026-03-24T10:00:05+00:00', 'A', 't', 1, NULL, 'monitor_1', 'clipboard'),
      (7, '2026-03-24T10:00:06+00:00', 'A', 't', 1, NULL, 'monitor_1', 'visual_change'),
      (8, '2026-03-24T10:00:07+00:00', 'A', 't', 1, NULL, 'monitor_1', 'idle'),
      (9, '2026-03-24T10:00:08+00:00', 'A', 't', 1, NULL, 'monitor_1', 'manual'),
      (10, '2026-03-24T10:00:09+00:00', 'A', 't', 1, NULL, 'monitor_1', 'something_new'),
      (11, '2026-03-24T10:00:10+00:00', 'A', 't', 1, NULL, 'monitor_1', NULL),
      (12, '2026-03-24T10:00:11+00:00', 'A', 't', 1, NULL, 'monitor_1', 'constructor');`,
  );
  const capture = readScreenpipe(path, WINDOW);
  assert.deepEqual(capture.snapshots.map((s) => s.trigger), [
    "switch",
    "switch",
    "input",
    "input",
    "input",
    "input",
    "visual",
    "heartbeat",
    "manual",
    "unknown",
    "unknown",
    "unknown",
  ]);
  assert.deepEqual(capture.snapshots.slice(0, 3).map((s) => [s.display, s.focused, s.url]), [
    ["monitor_1", true, "https://github.com/x"],
    ["monitor_2", false, undefined],
    ["monitor_0", undefined, undefined],
  ]);
  assert.deepEqual(capture.facts.capabilities, {
    input: true,
    elements: true,
    urls: true,
    heartbeats: true,
    focus: true,
  });
  assert.deepEqual(capture.displays, []);
  assert.equal(capture.facts.adapter, "screenpipe");
  assert.equal(capture.facts.location, path);
  assert.deepEqual(capture.window, WINDOW);
});

Deno.test("readScreenpipe() reports focus and URLs only when the window shows them", async () => {
  const path = await fixture(
    FULL_SCHEMA + `
    INSERT INTO frames (id, timestamp, app_name, focused, browser_url, device_name) VALUES
      (1, '2026-03-24T10:00:00+00:00', 'A', 1, '', 'monitor_1'),
      (2, '2026-03-24T10:00:01+00:00', 'A', 1, NULL, 'monitor_1'),
      (3, '2026-03-25T10:00:01+00:00', 'A', 0, 'https://example.com/', 'monitor_2');`,
  );
  const inside = readScreenpipe(path, WINDOW).facts.capabilities;
  assert.equal(inside.focus, false);
  assert.equal(inside.urls, false);
  const both = readScreenpipe(path, { start: WINDOW.start, end: WINDOW.end + 86_400_000 });
  assert.equal(both.facts.capabilities.focus, true);
  assert.equal(both.facts.capabilities.urls, true);
});

Deno.test("readScreenpipe() maps ui_events to input events", async () => {
  const path = await fixture(
    FULL_SCHEMA + `
    INSERT INTO ui_events (id, timestamp, event_type, x, y, text_content, text_length, app_name,
      window_title, browser_url, element_role, element_name, element_automation_id,
      element_bounds, frame_id, delta_y) VALUES
      (1, '2026-03-24T10:00:00+00:00', 'click', 100, 200, NULL, NULL, 'Google Chrome', 'PR',
        'https://github.com/a/b/pull/1', 'AXButton', 'Merge', 'merge-btn',
        '{"x":10,"y":20,"width":30,"height":40}', 7, NULL),
      (2, '2026-03-24T10:00:01+00:00', 'key', NULL, NULL, 's', NULL, 'Code', 'a.ts', '', NULL,
        NULL, NULL, NULL, NULL, NULL),
      (3, '2026-03-24T10:00:02+00:00', 'text', NULL, NULL, 'hello world', 11, 'Code', 'a.ts',
        NULL, NULL, NULL, NULL, 'not json', NULL, NULL),
      (4, '2026-03-24T10:00:03+00:00', 'text', NULL, NULL, 'héllo', NULL, 'Code', 'a.ts', NULL,
        'AXTextArea', NULL, NULL, '{"x":1}', NULL, NULL),
      (5, '2026-03-24T10:00:04+00:00', 'scroll', 5, 6, NULL, NULL, 'Code', NULL, NULL, NULL,
        NULL, NULL, NULL, NULL, -3),
      (6, '2026-03-24T10:00:05+00:00', 'clipboard', NULL, NULL, 'secret', 6, 'Code', NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, NULL),
      (7, '2026-03-24T10:00:06+00:00', 'app_switch', NULL, NULL, NULL, NULL, 'Slack', NULL, NULL,
        NULL, NULL, NULL, NULL, NULL, NULL),
      (8, '2026-03-24T10:00:07+00:00', 'window_focus', NULL, NULL, NULL, NULL, 'Slack', NULL,
        NULL, NULL, NULL, NULL, NULL, NULL, NULL),
      (9, '2026-03-24T10:00:08+00:00', 'move', 1, 1, NULL, NULL, 'Slack', NULL, NULL, NULL,
        NULL, NULL, NULL, NULL, NULL);
    UPDATE ui_events SET modifiers = 99 WHERE id = 6; -- 'c': a copy`,
  );
  const plain = readScreenpipe(path, WINDOW);
  assert.deepEqual(plain.events.map((e) => e.kind), [
    "click",
    "key",
    "text",
    "text",
    "scroll",
    "copy",
    "switch",
    "switch",
  ]);
  const click = plain.events[0];
  assert.equal(click.x, 100);
  assert.equal(click.y, 200);
  assert.equal(click.app, "Google Chrome");
  assert.equal(click.title, "PR");
  assert.equal(click.url, "https://github.com/a/b/pull/1");
  assert.equal(click.snapshotRef, 7);
  assert.equal(click.display, undefined);
  assert.deepEqual(click.element, {
    name: "Merge",
    role: "AXButton",
    automationId: "merge-btn",
    bounds: { x: 10, y: 20, width: 30, height: 40 },
  });
  assert.equal(plain.events[1].url, undefined);
  assert.equal(plain.events[2].chars, 11);
  assert.equal(plain.events[2].element, undefined); // invalid bounds JSON only
  assert.equal(plain.events[3].chars, 5); // from text_content when text_length is NULL
  assert.deepEqual(plain.events[3].element, { role: "AXTextArea" });
  assert.equal(plain.events[0].chars, undefined);
  assert.ok(plain.events.every((e) => e.text === undefined), "typed text is not loaded");
  assert.equal(plain.facts.rows.ui_events, 8);

  const withText = readScreenpipe(path, { ...WINDOW, includeText: true });
  assert.equal(withText.events[2].text, "hello world");
  assert.equal(withText.events[3].text, "héllo");
  assert.equal(withText.events[5].text, "secret");
});

Deno.test("readScreenpipe() degrades on an old database without optional tables and columns", async () => {
  const path = await fixture(
    OLD_SCHEMA + `
    INSERT INTO frames (id, timestamp, app_name, window_name) VALUES
      (1, '2026-03-24 10:00:00', 'Code', 'a.ts'),
      (2, '2026-03-24 10:00:30', 'Firefox', 'MDN');`,
  );
  const capture = readScreenpipe(path, WINDOW);
  assert.deepEqual(capture.snapshots, [
    {
      ref: 1,
      at: Date.UTC(2026, 2, 24, 10),
      display: "monitor_0",
      app: "Code",
      title: "a.ts",
      url: undefined,
      trigger: undefined,
      focused: undefined,
    },
    {
      ref: 2,
      at: Date.UTC(2026, 2, 24, 10, 0, 30),
      display: "monitor_0",
      app: "Firefox",
      title: "MDN",
      url: undefined,
      trigger: undefined,
      focused: undefined,
    },
  ]);
  assert.deepEqual(capture.events, []);
  assert.deepEqual(capture.facts.capabilities, {
    input: false,
    elements: false,
    urls: false,
    heartbeats: false,
    focus: false,
  });
  assert.deepEqual(capture.facts.rows, { frames: 2 });
  assert.deepEqual(readElements(path, [1]), []);
});

Deno.test("readScreenpipe() reads a ui_events table that lacks optional columns", async () => {
  const path = await fixture(
    FRAMES_SQL + `
    CREATE TABLE ui_events (id INTEGER PRIMARY KEY, timestamp DATETIME NOT NULL,
      event_type TEXT NOT NULL, text_content TEXT);
    INSERT INTO ui_events VALUES (1, '2026-03-24T10:00:00+00:00', 'text', 'abc');`,
  );
  const capture = readScreenpipe(path, { ...WINDOW, includeText: true });
  assert.equal(capture.facts.capabilities.input, true);
  assert.equal(capture.facts.capabilities.elements, false);
  assert.deepEqual(
    [capture.events[0].kind, capture.events[0].chars, capture.events[0].text],
    ["text", 3, "abc"],
  );
});

Deno.test("readScreenpipe() keeps one schema fingerprint per layout", async () => {
  const full = await fixture(FULL_SCHEMA);
  const again = await fixture(FULL_SCHEMA);
  const old = await fixture(OLD_SCHEMA);
  const a = readScreenpipe(full, WINDOW).facts.fingerprint;
  assert.match(a, /^[0-9a-f]{8}$/);
  assert.equal(readScreenpipe(full, WINDOW).facts.fingerprint, a);
  assert.equal(readScreenpipe(again, WINDOW).facts.fingerprint, a);
  assert.notEqual(readScreenpipe(old, WINDOW).facts.fingerprint, a);
});

Deno.test("readScreenpipe() throws a clear error for a missing file", async () => {
  const path = join(await tempDir(), "nope.sqlite");
  assert.throws(() => readScreenpipe(path, WINDOW), {
    name: "Error",
    message: `Cannot open screenpipe database "${path}": file does not exist`,
  });
  assert.throws(() => Deno.statSync(path), Deno.errors.NotFound); // nothing was created
});

Deno.test("readScreenpipe() throws a clear error for a directory", async () => {
  const dir = await tempDir();
  assert.throws(() => readScreenpipe(dir, WINDOW), {
    message: `Cannot open screenpipe database "${dir}": path is a directory, not a file`,
  });
});

Deno.test("readScreenpipe() throws a clear error for a file that is not SQLite", async () => {
  const path = join(await tempDir(), "notes.txt");
  await Deno.writeTextFile(path, "these are not the tables you are looking for\n".repeat(100));
  assert.throws(() => readScreenpipe(path, WINDOW), {
    message: `Cannot read screenpipe database "${path}": not a SQLite database`,
  });
});

Deno.test("readScreenpipe() throws a clear error for a database without frames", async () => {
  const path = await fixture("CREATE TABLE something_else (id INTEGER);");
  assert.throws(() => readScreenpipe(path, WINDOW), {
    message:
      `Cannot read screenpipe database "${path}": it has no frames table (is it a screenpipe database?)`,
  });
  const empty = join(await tempDir(), "empty.sqlite");
  await Deno.writeFile(empty, new Uint8Array());
  assert.throws(() => readScreenpipe(empty, WINDOW), (err: Error) => {
    assert.ok(err.message.startsWith(`Cannot read screenpipe database "${empty}": `));
    assert.match(err.message, /no frames table/);
    return true;
  });
});

Deno.test("readScreenpipe() throws a clear error while another process holds a write lock", async () => {
  const path = await fixture(FULL_SCHEMA);
  const writer = new DatabaseSync(path);
  try {
    writer.exec("PRAGMA journal_mode = DELETE; BEGIN EXCLUSIVE;");
    writer.exec(frame(1, "2026-03-24T10:00:00+00:00", "Code"));
    assert.throws(() => readScreenpipe(path, { ...WINDOW, busyTimeoutMs: 20 }), {
      message:
        `Cannot read screenpipe database "${path}": database is locked by another process; try again in a moment`,
    });
  } finally {
    writer.exec("ROLLBACK");
    writer.close();
  }
});

Deno.test("readScreenpipe() rejects a window whose start is after its end", async () => {
  const path = await fixture(FULL_SCHEMA);
  assert.throws(() => readScreenpipe(path, { start: 10, end: 5 }), RangeError);
  assert.throws(() => readScreenpipe(path, { start: NaN, end: 5 }), RangeError);
});

async function fingerprintFile(path: string): Promise<[string, number | undefined]> {
  const bytes = await Deno.readFile(path);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return [hex, (await Deno.stat(path)).mtime?.getTime()];
}

Deno.test("readScreenpipe() leaves the database file untouched", async () => {
  const path = await fixture(
    FULL_SCHEMA + frame(1, "2026-03-24T10:00:00+00:00", "Code") +
      `INSERT INTO ui_events (id, timestamp, event_type) VALUES (1, '2026-03-24 10:00:01', 'key');
       INSERT INTO elements (id, frame_id, source, role, text, left_bound, top_bound, width_bound,
         height_bound) VALUES (1, 1, 'accessibility', 'AXButton', 'OK', 0.1, 0.1, 0.1, 0.1);`,
  );
  const old = Date.UTC(2026, 0, 1);
  await Deno.utime(path, old / 1000, old / 1000);
  const before = await fingerprintFile(path);
  const capture = readScreenpipe(path, { ...WINDOW, includeText: true });
  assert.equal(capture.snapshots.length, 1);
  assert.equal(readElements(path, [1]).length, 1);
  assert.deepEqual(await fingerprintFile(path), before);
  assert.equal(before[1], old);
  const names = [...Deno.readDirSync(join(path, ".."))].map((e) => e.name).sort();
  assert.deepEqual(names, ["db.sqlite"]); // no journal, WAL or SHM file appeared
});

Deno.test("readScreenpipe() reads a live WAL database without checkpointing it", async () => {
  const path = await fixture(FULL_SCHEMA);
  const writer = new DatabaseSync(path);
  try {
    writer.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;");
    writer.exec(frame(1, "2026-03-24T10:00:00+00:00", "Code"));
    writer.exec(frame(2, "2026-03-24T10:00:01+00:00", "Firefox"));
    const wal = `${path}-wal`;
    assert.ok(Deno.statSync(wal).size > 0, "the rows sit in the WAL");
    const before = [await fingerprintFile(path), await fingerprintFile(wal)];
    const capture = readScreenpipe(path, WINDOW);
    assert.deepEqual(capture.snapshots.map((s) => s.app), ["Code", "Firefox"]);
    assert.deepEqual([await fingerprintFile(path), await fingerprintFile(wal)], before);
  } finally {
    writer.close();
  }
});

Deno.test("readElements() follows elements_ref_frame_id and keeps normalised bounds", async () => {
  const path = await fixture(
    FULL_SCHEMA + `
    INSERT INTO frames (id, timestamp, app_name, elements_ref_frame_id) VALUES
      (1, '2026-03-24T10:00:00+00:00', 'Code', NULL),
      (2, '2026-03-24T10:00:30+00:00', 'Code', 1),
      (3, '2026-03-24T10:01:00+00:00', 'Code', NULL);
    INSERT INTO elements (id, frame_id, source, role, text, left_bound, top_bound, width_bound,
      height_bound, sort_order) VALUES
      (10, 1, 'accessibility', 'AXButton', 'Run', 0.1, 0.2, 0.05, 0.03, 1),
      (11, 1, 'accessibility', 'AXWindow', 'a.ts', 0, 0, 1, 1, 0),
      (12, 1, 'ocr', 'line', 'const x = 1', 0.3, 0.4, 0.2, 0.02, 2),
      (13, 1, 'accessibility', 'AXGroup', NULL, NULL, NULL, NULL, NULL, 3),
      (14, 3, 'accessibility', 'AXLink', NULL, 0.5, 0.5, 0.1, 0.1, 0);`,
  );
  const elements = readElements(path, [2, 3, 2]);
  assert.deepEqual(elements, [
    {
      snapshotRef: 2,
      role: "AXWindow",
      name: "a.ts",
      bounds: { x: 0, y: 0, width: 1, height: 1 },
      units: "normalized",
      source: "accessibility",
    },
    {
      snapshotRef: 2,
      role: "AXButton",
      name: "Run",
      bounds: { x: 0.1, y: 0.2, width: 0.05, height: 0.03 },
      units: "normalized",
      source: "accessibility",
    },
    {
      snapshotRef: 2,
      role: "line",
      name: "const x = 1",
      bounds: { x: 0.3, y: 0.4, width: 0.2, height: 0.02 },
      units: "normalized",
      source: "ocr",
    },
    {
      snapshotRef: 3,
      role: "AXLink",
      name: "",
      bounds: { x: 0.5, y: 0.5, width: 0.1, height: 0.1 },
      units: "normalized",
      source: "accessibility",
    },
  ]);
  assert.deepEqual(readElements(path, [1], { source: "ocr" }).map((e) => e.name), [
    "const x = 1",
  ]);
  assert.deepEqual(readElements(path, []), []);
});

Deno.test("discoverScreenpipe() picks the most recently written default database", async () => {
  const home = await tempDir();
  assert.equal(discoverScreenpipe(home), undefined);
  const paths = SCREENPIPE_DEFAULT_PATHS.map((p) => join(home, p));
  for (const p of paths) {
    await Deno.mkdir(join(p, ".."), { recursive: true });
    await Deno.writeTextFile(p, "");
  }
  const t = Date.UTC(2026, 2, 1) / 1000;
  await Deno.utime(paths[0], t, t);
  await Deno.utime(paths[1], t + 100, t + 100);
  await Deno.utime(paths[2], t + 50, t + 50);
  assert.equal(discoverScreenpipe(home), paths[1]);
  await Deno.writeTextFile(`${paths[2]}-wal`, "x"); // written just now: the live one
  assert.equal(discoverScreenpipe(home), paths[2]);
  assert.deepEqual(SCREENPIPE_DEFAULT_PATHS, [
    ".screenpipe/db.sqlite",
    ".nocta/db.sqlite",
    ".nocta/data/db.sqlite",
  ]);
});

Deno.test("resolveSource() reads screenpipe:PATH and bare paths as screenpipe", async () => {
  const path = await fixture(FULL_SCHEMA + frame(1, "2026-03-24T10:00:00+00:00", "Code"));
  const dir = join(path, "..");
  const explicit = await resolveSource(`screenpipe:${path}`, {});
  assert.equal(explicit.adapter, "screenpipe");
  assert.equal(explicit.path, path);
  assert.equal(explicit.read(WINDOW).snapshots[0].app, "Code");
  const relative = await resolveSource("db.sqlite", { cwd: dir });
  assert.deepEqual([relative.adapter, relative.path], ["screenpipe", path]);
  const home = await resolveSource("~/db.sqlite", { home: dir });
  assert.equal(home.path, path);
  assert.equal((await resolveSource(`SCREENPIPE:${path}`, {})).path, path);
  assert.deepEqual(SOURCE_SCHEMES, ["screenpipe", "native", "aw", "recall", "ma"]);
});

Deno.test("resolveSource() rejects an unknown scheme and lists the known ones", async () => {
  await assert.rejects(() => resolveSource("photos:/tmp/x.db", {}), {
    name: "RangeError",
    message: 'Cannot resolve source "photos:/tmp/x.db": unknown scheme "photos:" ' +
      "(known schemes: screenpipe:PATH|URL, native:PATH, aw:PATH|URL, recall:PATH, ma:DIR; " +
      "a bare path means screenpipe:PATH)",
  });
});

Deno.test("resolveSource() discovers a default database under home", async () => {
  const home = await tempDir();
  const path = join(home, ".nocta", "data", "db.sqlite");
  await Deno.mkdir(join(path, ".."), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(FULL_SCHEMA + frame(1, "2026-03-24T10:00:00+00:00", "Code"));
  db.close();
  for (const spec of [undefined, ""]) {
    const source = await resolveSource(spec, { home });
    assert.deepEqual([source.adapter, source.path], ["screenpipe", path]);
  }
  assert.equal((await resolveSource(undefined, { home })).read(WINDOW).snapshots.length, 1);
});

Deno.test("resolveSource() says which paths it tried when nothing is found", async () => {
  const home = await tempDir();
  await assert.rejects(() => resolveSource(undefined, { home }), (err: Error) => {
    assert.equal(err.constructor, Error);
    for (const p of SCREENPIPE_DEFAULT_PATHS) assert.ok(err.message.includes(join(home, p)));
    assert.match(err.message, /^Cannot find a capture source: /);
    assert.match(err.message, /pass --source screenpipe:PATH$/);
    return true;
  });
});

// screenpipe before 2026-02 (screenpipe-server/src/core.rs, crates/screenpipe-db/src/db.rs
// insert_frames_with_ocr_batch): one frames row per visible window per capture, all with the
// capture's timestamp, focused = 1 only on the frontmost window.
function stackedCapture(
  at: string,
  device: string,
  windows: [string, string, number][],
  id0: number,
) {
  return windows.map(([app, title, focused], k) =>
    `INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name)
     VALUES (${id0 + k}, '${at}', '${app}', '${title}', ${focused}, '${device}');`
  ).join("\n");
}

Deno.test("readScreenpipe() credits the frontmost window of an old-layout stack, the others as visible only", async () => {
  // Every 10 s: Slack and Terminal behind; Code frontmost until 10:01, then Firefox.
  const rows: string[] = [];
  let id = 1;
  const truthFocus = new Map<string, number>();
  for (let s = 0; s <= 120; s += 10) {
    const front = s < 60 ? "Code" : "Firefox";
    const ts = `2026-03-24T10:${String(Math.floor(s / 60)).padStart(2, "0")}:${
      String(s % 60).padStart(2, "0")
    }.000000+00:00`;
    // The frontmost window is not always listed first: ids follow xcap's window order.
    const stack: [string, string, number][] = s % 20 === 0
      ? [["Slack", "general", 0], [front, "main", 1], ["Terminal", "zsh", 0]]
      : [[front, "main", 1], ["Slack", "general", 0], ["Terminal", "zsh", 0], [
        "Terminal",
        "logs",
        0,
      ]];
    rows.push(stackedCapture(ts, "monitor_1", stack, id));
    id += stack.length;
    if (s < 120) truthFocus.set(front, (truthFocus.get(front) ?? 0) + 10_000);
  }
  const path = await fixture(FULL_SCHEMA + rows.join("\n"));
  const cap = readScreenpipe(path, WINDOW);
  // At most one row per display and instant.
  const seen = new Set<string>();
  for (const s of cap.snapshots) {
    const key = `${s.display}@${s.at}`;
    assert.equal(seen.has(key), false, key);
    seen.add(key);
  }
  const main = cap.snapshots.filter((s) => s.display === "monitor_1");
  assert.deepEqual(main.map((s) => s.app), [...Array(6).fill("Code"), ...Array(7).fill("Firefox")]);
  assert.ok(main.every((s) => s.focused === true));
  const background = cap.snapshots.filter((s) => s.display !== "monitor_1");
  assert.ok(background.every((s) => s.focused === false));
  assert.deepEqual([...new Set(background.map((s) => s.display))].sort(), [
    "monitor_1~Slack",
    "monitor_1~Terminal",
    "monitor_1~Terminal~2",
  ]);
  assert.equal(cap.snapshots.length, id - 1, "no row is dropped");
  assert.equal(cap.facts.capabilities.focus, true);
  // Rows behind the frontmost: all rows but one per capture (13 captures).
  const behind = id - 1 - 13;
  assert.match(cap.facts.notes?.[0] ?? "", new RegExp(`every visible window .*: ${behind} rows`));
  // Compiled: focused minutes per app equal the truth; Slack is visible, never focused.
  const doc = compile(cap, { tz: "UTC", minMinutes: 0 });
  const byApp = new Map(doc.ledger.map((l) => [l.app, l]));
  for (const [app, ms] of truthFocus) {
    assert.equal(byApp.get(app)?.focused_minutes, Math.round(ms / 6000) / 10, app);
  }
  assert.equal(byApp.get("Slack")?.focused_minutes, 0);
  assert.equal(byApp.get("Slack")?.minutes, 2);
});

Deno.test("readScreenpipe() leaves equal-time rows alone when none says unfocused", async () => {
  const path = await fixture(
    FULL_SCHEMA +
      stackedCapture("2026-03-24T10:00:00Z", "monitor_1", [["A", "a", 1], ["B", "b", 1]], 1) +
      stackedCapture("2026-03-24T10:00:05Z", "monitor_1", [["A", "a", 0]], 3),
  );
  const cap = readScreenpipe(path, WINDOW);
  assert.deepEqual(cap.snapshots.map((s) => s.display), ["monitor_1", "monitor_1", "monitor_1"]);
});

Deno.test("readScreenpipe() keeps the topmost window on the display when no window of a stack is focused", async () => {
  const path = await fixture(
    FULL_SCHEMA +
      stackedCapture("2026-03-24T10:00:00Z", "monitor_1", [["A", "a", 1], ["B", "b", 0]], 1) +
      stackedCapture("2026-03-24T10:00:05Z", "monitor_1", [["B", "b", 0], ["C", "c", 0]], 3),
  );
  const cap = readScreenpipe(path, WINDOW);
  assert.deepEqual(cap.snapshots.map((s) => [s.ref, s.display, s.focused]), [
    [1, "monitor_1", true],
    [2, "monitor_1~B", false],
    [3, "monitor_1", false],
    [4, "monitor_1~C", false],
  ]);
});

Deno.test("readScreenpipe() counts clipboard copies, cuts and pastes from ui_events.modifiers", async () => {
  // crates/screenpipe-a11y/src/events.rs: EventData::Clipboard { operation: 'c' | 'x' | 'v' }
  // is stored as `modifiers = operation as u8`.
  const ops: [number | string | null, string][] = [
    [99, "copy"],
    [120, "copy"],
    [118, "paste"],
    [118, "paste"],
    ["v", "paste"],
    ["c", "copy"],
    [null, "other"],
    [7, "other"],
  ];
  const path = await fixture(
    FULL_SCHEMA + frame(1, "2026-03-24T10:00:00Z", "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      frame(2, "2026-03-24T10:01:00Z", "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      ops.map(([op], k) =>
        `INSERT INTO ui_events (id, timestamp, event_type, modifiers, text_content)
         VALUES (${k + 1}, '2026-03-24T10:00:${String(k + 10)}Z', 'clipboard', ${
          op === null ? "NULL" : typeof op === "number" ? op : `'${op}'`
        }, 'x');`
      ).join("\n"),
  );
  const cap = readScreenpipe(path, WINDOW);
  assert.deepEqual(cap.events.map((e) => e.kind), ops.map(([, k]) => k));
  const doc = compile(cap, { tz: "UTC", minMinutes: 0 });
  const input = doc.frames[0].input;
  const want = (k: string) => ops.filter(([, kind]) => kind === k).length;
  assert.equal(input.copies, want("copy"));
  assert.equal(input.pastes, want("paste"));
});

Deno.test("readScreenpipe() reports typed characters, not UTF-8 bytes", async () => {
  const runs = ["héllo wörld", "日本語", "plain", "emoji 🎉"];
  const path = await fixture(
    FULL_SCHEMA + frame(1, "2026-03-24T10:00:00Z", "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      frame(2, "2026-03-24T10:01:00Z", "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      // text_length as screenpipe writes it: Rust's String::len(), UTF-8 bytes.
      runs.map((t, k) =>
        `INSERT INTO ui_events (id, timestamp, event_type, text_content, text_length)
         VALUES (${k + 1}, '2026-03-24T10:00:1${k}Z', 'text', '${t}', ${
          new TextEncoder().encode(t).length
        });`
      ).join("\n") +
      `INSERT INTO ui_events (id, timestamp, event_type, text_content, text_length)
       VALUES (9, '2026-03-24T10:00:30Z', 'text', NULL, 9);`,
  );
  const cap = readScreenpipe(path, WINDOW);
  // SQLite's length() counts code points, as JavaScript's string iterator does.
  assert.deepEqual(cap.events.map((e) => e.chars), [...runs.map((t) => [...t].length), 9]);
  assert.ok(cap.events.every((e) => e.text === undefined), "text stays in SQLite");
  assert.match(
    cap.facts.notes?.join("\n") ?? "",
    /1 typed runs have no stored text, only a UTF-8 byte length/,
  );
});

Deno.test("readScreenpipe() reads each display's first snapshot past the window's end", async () => {
  const end = WINDOW.end;
  const iso = (ms: number) => new Date(ms).toISOString();
  const path = await fixture(
    FULL_SCHEMA +
      frame(1, iso(end - 30_000), "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      frame(2, iso(end - 20_000), "Slack", "'s', 0, NULL, 'monitor_2', NULL") +
      frame(3, iso(end + 40_000), "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      frame(4, iso(end + 50_000), "Code", "'a', 1, NULL, 'monitor_1', NULL") +
      frame(5, iso(end + 2 * 3_600_000), "Slack", "'s', 0, NULL, 'monitor_2', NULL"),
  );
  const cap = readScreenpipe(path, WINDOW);
  assert.deepEqual(cap.snapshots.map((s) => s.ref), [1, 2]);
  assert.deepEqual(cap.after?.map((s) => [s.ref, s.display]), [[3, "monitor_1"]]);
  assert.equal(cap.facts.rows.frames, 2, "rows past the end are not rows of the window");
  // The next day's read holds the rows past this end as its own.
  const next = readScreenpipe(path, { start: end, end: end + 86_400_000 });
  assert.deepEqual(next.snapshots.map((s) => s.ref), [3, 4, 5]);
});
