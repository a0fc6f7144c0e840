/**
 * Writes simulated rows into a new screenpipe-layout SQLite file: ids follow time, all in
 * one transaction with prepared statements.
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import { APPS } from "./_catalog.ts";
import type { Random } from "./_random.ts";
import { SCREENPIPE_SCHEMA_SQL } from "./_schema.ts";
import type { EventRow, FrameRow, TimestampStyle } from "./_simulate.ts";

/** Rows of the whole range, each list already in time order, and the PRNG for details. */
export interface DemoRows {
  frames: FrameRow[];
  events: EventRow[];
  rng: Random;
}

/** Counts written, by table. */
export interface WriteCounts {
  frames: number;
  events: number;
  elements: number;
  /** Element rows written per frame id (own rows only). */
  elementsByFrame: Map<number, number>;
}

const BAD_TIMESTAMPS = ["not a timestamp", "2026-13-45T25:61:00+00:00", "24/03/2026 10:00", ""];

/** The text a row's timestamp is written as (microseconds after the ms for RFC 3339). */
export function timestampText(row: { at: number; micros: number; style: TimestampStyle }): string {
  const iso = new Date(row.at).toISOString(); // 2026-03-24T08:15:02.123Z
  if (row.style === "sql") return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  return `${iso.slice(0, 23)}${String(row.micros).padStart(3, "0")}+00:00`;
}

/** Write the rows to a new database file at `path` (which must not exist yet). */
export function writeRows(path: string, rows: DemoRows): WriteCounts {
  const rng = rows.rng;
  let id = 0;
  for (const f of rows.frames) f.id = ++id;
  id = 0;
  for (const e of rows.events) e.id = ++id;
  const db = new DatabaseSync(path);
  const elementsByFrame = new Map<number, number>();
  let elements = 0;
  try {
    db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;");
    db.exec("BEGIN");
    db.exec(SCREENPIPE_SCHEMA_SQL);
    const frame = db.prepare(
      `INSERT INTO frames (id, timestamp, app_name, window_name, focused, browser_url,
         device_name, capture_trigger, elements_ref_frame_id, document_path)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const element = db.prepare(
      `INSERT INTO elements (id, frame_id, source, role, text, parent_id, depth, left_bound,
         top_bound, width_bound, height_bound, confidence, sort_order)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const f of rows.frames) {
      frame.run(
        f.id,
        f.style === "bad" ? rng.pick(BAD_TIMESTAMPS) : timestampText(f),
        f.blankApp ? "" : appName(f.app.name, rng),
        f.page.title,
        f.focused,
        f.page.url,
        f.device,
        f.trigger,
        f.reuse !== null ? f.reuse.id : null,
        f.page.document ?? null,
      );
      const layout = f.layout;
      if (layout === null) continue;
      const base = elements + 1;
      for (let i = 0; i < layout.length; i++) {
        const r = layout[i];
        element.run(
          base + i,
          f.id,
          r.source,
          r.role,
          r.text,
          r.parent < 0 ? null : base + r.parent,
          r.depth,
          r.left,
          r.top,
          r.width,
          r.height,
          r.confidence,
          i,
        );
      }
      elements += layout.length;
      elementsByFrame.set(f.id, layout.length);
    }
    const event = db.prepare(
      `INSERT INTO ui_events (id, timestamp, event_type, x, y, delta_x, delta_y, button,
         click_count, key_code, modifiers, text_content, text_length, app_name, app_pid,
         window_title, browser_url, element_role, element_name, element_automation_id,
         element_bounds, frame_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const e of rows.events) {
      event.run(
        e.id,
        e.style === "bad" ? rng.pick(BAD_TIMESTAMPS) : timestampText(e),
        e.type,
        e.x,
        e.y,
        e.deltaX,
        e.deltaY,
        e.button,
        e.clickCount,
        e.keyCode,
        e.modifiers,
        e.text,
        e.text === null ? null : e.text.length,
        e.type === "move" ? null : appName(e.app.name, rng),
        e.type === "move" ? null : e.app.pid,
        e.type === "move" ? null : e.page.title,
        e.type === "move" ? null : e.page.url,
        e.elementRole,
        e.elementName,
        e.elementAutomationId,
        e.elementBounds,
        e.frame !== null ? e.frame.id : null,
      );
    }
    db.exec("COMMIT");
  } finally {
    db.close();
  }
  return { frames: rows.frames.length, events: rows.events.length, elements, elementsByFrame };
}

/** Slack sometimes leaks a zero-width space into its name, as the real app does. */
function appName(name: string, rng: Random): string {
  if (name === APPS.slack.name && rng.chance(0.3)) return `${name}\u200B`;
  if (name === APPS.chrome.name && rng.chance(0.005)) return `\u200E${name}`;
  return name;
}
