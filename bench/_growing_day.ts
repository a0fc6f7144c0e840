/**
 * The demo's busiest day (2026-03-25) as "today", growing as a recorder writes it: a copy of
 * the demo without the rows after that day, then new frames and key events with ids in order
 * and times after its last row. Shared by bench/live_phases.ts and bench/mcp_bench.ts.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";

/** The growing day's writer. */
export interface Grow {
  /** Writes `frames` snapshots and `events` key events spread over the next `ms`. */
  (ms: number, frames: number, events: number): void;
  /** The time the next row is written at, in ms since the epoch. */
  now(): number;
}

/** Cuts `db` (a copy) after `day` (Europe/Berlin, March: UTC+1) and returns its writer. */
export function growingDay(db: DatabaseSync, day: string): Grow {
  const dayEnd = `${day}T23:00:00+00:00`; // Europe/Berlin midnight in March (UTC+1)
  for (const table of ["frames", "ui_events"]) {
    db.prepare(`DELETE FROM ${table} WHERE unixepoch(timestamp) >= unixepoch(?)`).run(dayEnd);
  }
  let clock = Number(
    db.prepare("SELECT max(unixepoch(timestamp, 'subsec')) * 1000 AS t FROM frames").get()!.t,
  );
  const frame = db.prepare(
    `INSERT INTO frames (timestamp, app_name, window_name, focused, device_name, capture_trigger)
     VALUES (?, 'Code', 'bench.ts', 1, 'monitor_1', 'visual_change')`,
  );
  const event = db.prepare(
    `INSERT INTO ui_events (timestamp, event_type, app_name, window_title, x, y)
     VALUES (?, 'key', 'Code', 'bench.ts', 10, 10)`,
  );
  const grow = (ms: number, frames: number, events: number) => {
    for (let i = 0; i < frames; i++) frame.run(new Date(clock + (ms * i) / frames).toISOString());
    for (let i = 0; i < events; i++) event.run(new Date(clock + (ms * i) / events).toISOString());
    clock += ms;
  };
  return Object.assign(grow, { now: () => clock });
}
