import { deepEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { compile } from "../src/compile/mod.ts";
import { parseDisplays } from "../src/compile/enrich/mod.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { assertValidDocument } from "./_schema.ts";

const WINDOW = { start: Date.UTC(2026, 2, 24), end: Date.UTC(2026, 2, 25) };
const GEOMETRY = parseDisplays("monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0");

// Two monitors. monitor_1 shows Code (frames 2 and 3 reuse frame 1's rows); monitor_2
// shows Slack. Clicks: one exact on "Run" (via the reused rows), one 30 px right of it,
// one named by the source, one on monitor_2's "Send", one in empty space.
const SQL = SCREENPIPE_SCHEMA_SQL + `
INSERT INTO frames (id, timestamp, app_name, window_name, focused, device_name, elements_ref_frame_id) VALUES
  (1, '2026-03-24T10:00:00+00:00', 'Code', 'main.ts', 1, 'monitor_1', NULL),
  (2, '2026-03-24T10:00:30+00:00', 'Code', 'main.ts', 1, 'monitor_1', 1),
  (3, '2026-03-24T10:01:00+00:00', 'Code', 'main.ts', 1, 'monitor_1', 1),
  (4, '2026-03-24T10:01:30+00:00', 'Code', 'main.ts', 1, 'monitor_1', NULL),
  (11, '2026-03-24T10:00:01+00:00', 'Slack', 'general', 0, 'monitor_2', NULL),
  (12, '2026-03-24T10:00:31+00:00', 'Slack', 'general', 0, 'monitor_2', NULL),
  (13, '2026-03-24T10:01:01+00:00', 'Slack', 'general', 0, 'monitor_2', NULL),
  (14, '2026-03-24T10:01:31+00:00', 'Slack', 'general', 0, 'monitor_2', NULL);
INSERT INTO elements (id, frame_id, source, role, text, left_bound, top_bound, width_bound, height_bound, sort_order) VALUES
  (1, 1, 'accessibility', 'AXStaticText', 'main.ts — Code', 0, 0, 1, 0.05, 0),
  (2, 1, 'accessibility', 'AXButton', 'Run', 0.5, 0.5, 0.05, 0.05, 1),
  (3, 1, 'accessibility', 'AXGroup', NULL, 0.5, 0.5, 0.01, 0.01, 2),
  (4, 12, 'accessibility', 'AXButton', 'Send', 0.5, 0.5, 0.05, 0.05, 0);
INSERT INTO ui_events (id, timestamp, event_type, x, y, element_name, element_role) VALUES
  (100, '2026-03-24T10:00:40+00:00', 'click', 1000, 560, NULL, NULL),
  (101, '2026-03-24T10:01:10+00:00', 'click', 1086, 560, NULL, NULL),
  (102, '2026-03-24T10:01:12+00:00', 'click', 10, 10, 'File', 'AXMenuBarItem'),
  (103, '2026-03-24T10:00:45+00:00', 'click', 3251, 749, NULL, NULL),
  (104, '2026-03-24T10:00:50+00:00', 'click', 3000, 1000, NULL, 'AXGroup');
`;

const made: string[] = [];
globalThis.addEventListener("unload", () => {
  for (const dir of made) Deno.removeSync(dir, { recursive: true });
});

async function database(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "frames_enrich_test_" });
  made.push(dir);
  const path = join(dir, "db.sqlite");
  const db = new DatabaseSync(path);
  db.exec(SQL);
  db.close();
  return path;
}

Deno.test("readScreenpipe() exposes a lazy element lookup that follows elements_ref_frame_id", async () => {
  const capture = readScreenpipe(await database(), WINDOW);
  const lookup = capture.elements!;
  equal(lookup.units, "normalized");
  const [reused, empty, none] = lookup.near([
    { snapshotRef: 2, x: 0.52, y: 0.52, dx: 0.01, dy: 0.01 },
    { snapshotRef: 4, x: 0.52, y: 0.52, dx: 0.01, dy: 0.01 },
    { snapshotRef: 12, x: 0.1, y: 0.1, dx: 0.01, dy: 0.01 },
  ]);
  deepEqual(reused.elements.map((e) => [e.snapshotRef, e.name]), [[2, "Run"]]);
  equal(reused.any, true);
  deepEqual(empty, { any: false, elements: [] });
  deepEqual(none, { any: true, elements: [] });
});

Deno.test("compile() counts resolved and unresolved clicks per frame and per level", async () => {
  const capture = readScreenpipe(await database(), WINDOW);
  capture.displays = GEOMETRY;
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  const code = doc.frames.find((f) => f.app === "Code")!;
  const slack = doc.frames.find((f) => f.app === "Slack")!;
  deepEqual([code.input.clicks, code.input.clicks_resolved, code.input.clicks_unresolved], [
    3,
    3,
    0,
  ]);
  deepEqual([slack.input.clicks, slack.input.clicks_resolved, slack.input.clicks_unresolved], [
    2,
    1,
    1,
  ]);
  deepEqual(doc.coverage.click_resolution, { native: 1, exact: 2, tolerance: 1, zone: 1, none: 0 });
  deepEqual(doc.compiler.enrichment, { click_tolerance_px: 40, nearby_snapshot_s: 5 });
  equal(doc.source.displays?.length, 2);
  ok(!doc.blind_spots.some((s) => s.startsWith("display geometry unknown")));
});

Deno.test("compile() says in blind_spots which displays lack geometry", async () => {
  // Without geometry the clicks' coordinates name no display: they go to the focused one.
  const capture = readScreenpipe(await database(), WINDOW);
  const doc = compile(capture, { tz: "UTC", minMinutes: 0 });
  assertValidDocument(doc);
  deepEqual(doc.coverage.click_resolution, { native: 1, exact: 0, tolerance: 0, zone: 0, none: 4 });
  equal(doc.source.displays, undefined);
  const unknown =
    "display geometry unknown (monitor_1): 4 clicks without an element name could not be placed on screen; ";
  ok(
    doc.blind_spots.includes(
      unknown + "pass --displays NAME=WxH+X+Y, or --displays infer to infer it from the clicks",
    ),
    doc.blind_spots.join("\n"),
  );
  // Asked to infer, it says why it did not.
  const asked = compile(capture, { tz: "UTC", minMinutes: 0, inferDisplays: true });
  ok(
    asked.blind_spots.includes(
      unknown +
        "not inferred from the capture (monitor_1: 5 clicks with element rows, 40 needed); pass --displays NAME=WxH+X+Y",
    ),
    asked.blind_spots.join("\n"),
  );
});

Deno.test("parseDisplays() reads NAME=WxH+X+Y[@SCALE] and rejects anything else", () => {
  deepEqual(parseDisplays("m1=1920x1080+0+0, m2=1280x800-1280+100@2"), [
    { display: "m1", x: 0, y: 0, width: 1920, height: 1080, scale: 1 },
    { display: "m2", x: -1280, y: 100, width: 1280, height: 800, scale: 2 },
  ]);
  for (const bad of ["m1=1920x1080", "m1=0x10+0+0", "m1=1x1+0+0,m1=2x2+0+0", "1920x1080+0+0"]) {
    let threw = false;
    try {
      parseDisplays(bad);
    } catch (err) {
      threw = err instanceof SyntaxError && err.message.startsWith("Cannot read display geometry");
    }
    ok(threw, bad);
  }
});

Deno.test("compile() counts the same levels that steps resolve, on the busiest demo day", async () => {
  const { writeDemoDatabase } = await import("../src/demo/mod.ts");
  const { buildFrames, DEFAULT_RULES } = await import("../src/compile/mod.ts");
  const { resolveFrameClicks } = await import("../src/compile/enrich/mod.ts");
  const { dayWindow } = await import("../src/compile/time.ts");
  const dir = await Deno.makeTempDir({ prefix: "frames_enrich_demo_" });
  made.push(dir);
  const path = join(dir, "db.sqlite");
  writeDemoDatabase(path, { seed: 42, days: 3, tz: "Europe/Berlin" });
  const capture = readScreenpipe(path, dayWindow("2026-03-25", "Europe/Berlin"));
  capture.displays = GEOMETRY;
  const lookup = capture.elements!;
  let nearCalls = 0;
  capture.elements = {
    units: lookup.units,
    near: (p) => {
      nearCalls++;
      return lookup.near(p);
    },
    levels: (p) => lookup.levels!(p),
  };
  const doc = compile(capture, { tz: "Europe/Berlin", day: "2026-03-25" });
  equal(nearCalls, 0, "the document asks yes/no questions only");
  const built = buildFrames(capture, DEFAULT_RULES, { stale: true });
  const listed = built.frames.filter((f) => f.durationMs >= 30_000);
  const counts = { native: 0, exact: 0, tolerance: 0, zone: 0, none: 0 };
  for (const t of resolveFrameClicks(listed, capture, { stale: built.stale }).values()) {
    counts[t.resolution]++;
  }
  deepEqual(doc.coverage.click_resolution, counts);
  ok(counts.exact > 500, JSON.stringify(counts));
});
