/**
 * Reading the busiest demo day (≈3,000 snapshots, ≈6,000 input events, ≈150k element rows
 * in the file) with the screenpipe adapter: SPEC §12 puts SQLite's own cost near 10 ms.
 *
 * @module
 */

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";

const dir = Deno.makeTempDirSync({ prefix: "frames_read_bench_" });
const path = join(dir, "demo.sqlite");
const demo = writeDemoDatabase(path, { seed: 42 });
const day = demo.days.find((d) => d.day === demo.busiestDay)!;

Deno.bench({
  name: `readScreenpipe() busiest demo day (${day.snapshots} snapshots, ${day.events} events)`,
  fn() {
    readScreenpipe(path, { start: day.start, end: day.end });
  },
});

Deno.bench({
  name: "readScreenpipe() busiest demo day with typed text",
  fn() {
    readScreenpipe(path, { start: day.start, end: day.end, includeText: true });
  },
});

// The floor for comparison: SQLite handing over the same rows (ids already known).
const db = new DatabaseSync(path, { readOnly: true });
const span = (table: string) => {
  const ids = readScreenpipe(path, { start: day.start, end: day.end });
  const refs = (table === "frames" ? ids.snapshots : ids.events).map((r) => r.ref);
  return [Math.min(...refs), Math.max(...refs)];
};
const frameSpan = span("frames");
const eventSpan = span("ui_events");
const frames = db.prepare(
  `SELECT id, timestamp, app_name, window_name, browser_url, device_name, focused,
     capture_trigger FROM frames WHERE id BETWEEN ? AND ?`,
);
const events = db.prepare(
  `SELECT id, timestamp, event_type, x, y, coalesce(text_length, length(text_content)), app_name,
     window_title, browser_url, element_name, element_role, element_automation_id,
     element_bounds, frame_id FROM ui_events WHERE id BETWEEN ? AND ? AND event_type IS NOT 'move'`,
);
for (const stmt of [frames, events]) {
  (stmt as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
}

Deno.bench({
  name: "SQLite floor: the same rows as arrays, id range known",
  fn() {
    frames.all(frameSpan[0], frameSpan[1]);
    events.all(eventSpan[0], eventSpan[1]);
  },
});

globalThis.addEventListener("unload", () => {
  db.close();
  Deno.removeSync(dir, { recursive: true });
});
