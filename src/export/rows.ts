/**
 * A day's document and capture as export rows, one array per column, in the column order of
 * `schema.ts`. Typed text never reaches a row: steps are built without it.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { buildFrames } from "../compile/mod.ts";
import { resolveFrameClicks } from "../compile/enrich/mod.ts";
import { IDENTITY_LAYOUT } from "../compile/enrich/keyboard_layout.ts";
import { rulesWith } from "../compile/rules.ts";
import { offsetMinutes } from "../compile/time.ts";
import type { PageRef } from "../entities/mod.ts";
import type { Capture } from "../model.ts";
import { buildSteps } from "../steps/build.ts";
import { toRuns } from "../compile/runs.ts";
import type { RoutineReport } from "../routines/mod.ts";
import { type TableName, TABLES } from "./schema.ts";

/** A table's values, column name → values (null where the schema allows). */
export type Columns = Record<string, unknown[]>;

function empty(table: TableName): Columns {
  return Object.fromEntries(TABLES[table].map((c) => [c.name, []]));
}

function push(cols: Columns, row: Record<string, unknown>): void {
  for (const [name, values] of Object.entries(cols)) values.push(row[name] ?? null);
}

/** The `frames`, `ledger` and `sites` tables of one document. */
export function documentTables(
  doc: ActivityDocument,
): Record<"frames" | "ledger" | "sites", Columns> {
  const frames = empty("frames"), ledger = empty("ledger"), sites = empty("sites");
  for (const f of doc.frames) {
    const page = f.pages[0];
    push(frames, {
      frame_id: f.id,
      display: f.display,
      machine: f.machine,
      app: f.app,
      site: f.site,
      start: new Date(Date.parse(f.start)),
      end: new Date(Date.parse(f.end)),
      start_local: f.start,
      duration_min: f.duration_min,
      wall_min: f.wall_min,
      focused_min: f.focused_min,
      presence_min: f.presence_min,
      keys: f.input.keys,
      clicks: f.input.clicks,
      copies: f.input.copies,
      pastes: f.input.pastes,
      scrolls: f.input.scrolls,
      text_runs: f.input.text_runs,
      text_chars: f.input.text_chars,
      interruptions: f.interruptions.length,
      interruption_s: f.interruptions.reduce((n, x) => n + x.seconds, 0),
      top_window: f.windows[0],
      top_page_kind: page?.kind,
      top_page_entity: page?.entity,
      evidence_snapshots: f.evidence.snapshots,
    });
  }
  for (const e of doc.ledger) {
    push(ledger, {
      app: e.app,
      minutes: e.minutes,
      focused_minutes: e.focused_minutes,
      frames: e.frames,
      longest_min: e.longest_min,
    });
  }
  for (const s of doc.sites) push(sites, { site: s.site, minutes: s.minutes, frames: s.frames });
  return { frames, ledger, sites };
}

/** Local `HH:MM:SS` through the compiler's cached zone offset (a day's steps cost ~96 Intl calls). */
function localTimeOfDay(ms: number, tz: string): string {
  return new Date(ms + offsetMinutes(ms, tz) * 60_000).toISOString().slice(11, 19);
}

/** The `steps` table of one day: every frame's steps, typed text never included. */
export function stepTables(
  capture: Capture,
  opts: { tz: string; typer: (url: string) => PageRef },
): Columns {
  const built = buildFrames(capture, rulesWith({}), { stale: true });
  const targets = resolveFrameClicks(built.frames, capture, { stale: built.stale });
  const steps = empty("steps");
  for (const f of built.frames) {
    const list = buildSteps(f, {
      clock: (ms) => localTimeOfDay(ms, opts.tz),
      targets,
      stale: built.stale,
      pageOf: opts.typer,
      includeText: false,
      layout: IDENTITY_LAYOUT,
    });
    list.forEach((s, seq) => {
      push(steps, {
        frame_id: f.id,
        seq,
        at_local: s.at,
        kind: s.kind,
        app: s.kind === "focus" ? s.app : undefined,
        url: s.url,
        page_kind: s.page?.kind,
        target_name: s.target?.name,
        target_role: s.target?.role,
        resolution: s.target?.resolution,
        chars: s.chars,
        count: s.count,
        detour: s.detour,
      });
    });
  }
  return steps;
}

/**
 * The `routines` tables of a mined window, by local day: one row per occurrence, in the
 * partition of the day it started (every day of `days` gets a table, empty or not, so a
 * re-export replaces what an earlier one wrote).
 */
export function routineTables(
  report: RoutineReport,
  days: readonly string[],
): Map<string, Columns> {
  const out = new Map<string, Columns>(days.map((d) => [d, empty("routines")]));
  for (const r of report.routines) {
    for (const o of r.occurrences) {
      const cols = out.get(o.start.slice(0, 10));
      if (cols === undefined) continue; // started on a day outside the export
      push(cols, {
        routine_id: r.id,
        title: r.title,
        app: r.app,
        site: r.site,
        steps: r.steps.length,
        start: new Date(Date.parse(o.start)),
        end: new Date(Date.parse(o.end)),
        start_local: o.start,
        action_steps: o.event_ids.length,
        event_ids: toRuns(o.event_ids),
        occurrences: r.occurrences.length,
        r_info: r.R_info,
        r_inject: r.R_inject,
      });
    }
  }
  return out;
}
