/**
 * Several computers and several recorders in one store (schema v4): a window whose rows
 * name two or more machines gets per-machine streams (display `<machine>/<display>`, every
 * row's `machine` set, a display-less away/stop marker applied to that machine's displays
 * only); a machine with rows of two or more recorders gets each snapshot's recorder detail
 * (how many capabilities its source has) and, where two of its recorders name a display
 * alike, per-recorder streams (display `<display>@<adapter>`, or `@<source id>` when one
 * adapter recorded twice), so the
 * compiler's one focus timeline counts a person's attention once. A window of one machine and one recorder is returned untouched,
 * so single-machine documents stay byte for byte what they were.
 *
 * Rows without a machine (written before v4, or by this computer's engine) belong to the
 * one named machine of the window, or to `local` when none is named.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { Capture, Marker } from "../model.ts";
import { prepareArrays } from "./sqlite.ts";

/** The machine name of rows that name none, when the window names no machine either. */
export const LOCAL_MACHINE = "local";

/** The note of a window with several recorders of one machine. */
export const RECORDERS_NOTE =
  "several recorders of one machine: the more detailed one holds focus where both recorded, so attention is counted once; overlaps are in coverage.overlap_minutes";

const CAPS = ["input", "elements", "urls", "heartbeats", "focus"] as const;

/** Sets machines, per-machine displays and recorder detail on a window read from the store. */
export function assignMachines(
  db: DatabaseSync,
  capture: Capture,
  opts: { version: number; until: number },
): void {
  const { start, end } = capture.window;
  const col = opts.version >= 4 ? "machine" : "NULL";
  const groups = prepareArrays(
    db,
    `SELECT DISTINCT ${col}, source_id, display FROM snapshots WHERE at_ms >= ? AND at_ms < ?`,
  ).all(start, end) as [string | null, number, string][];
  const named = [...new Set(groups.map((g) => g[0]).filter((m): m is string => m !== null))]
    .sort();
  const machineOf = (m: unknown): string =>
    typeof m === "string" ? m : named.length === 1 ? named[0] : LOCAL_MACHINE;
  const sourcesOf = new Map<string, Set<number>>();
  for (const [m, src] of groups) {
    const key = machineOf(m);
    if (!sourcesOf.has(key)) sourcesOf.set(key, new Set());
    sourcesOf.get(key)!.add(src);
  }
  const several = named.length >= 2;
  const recorders = [...sourcesOf.values()].some((s) => s.size >= 2);
  if (!several && !recorders) return;
  const { detail, adapter } = sourceDetail(db);
  const label = recorderLabels(sourcesOf, adapter);
  // Displays two recorders of one machine both name: kept apart by recorder.
  const namers = new Map<string, Set<number>>();
  for (const [m, src, display] of groups) {
    const key = `${machineOf(m)}\u0000${display}`;
    if (!namers.has(key)) namers.set(key, new Set());
    namers.get(key)!.add(src);
  }
  const shared = (m: string, display: string) =>
    (namers.get(`${m}\u0000${display}`)?.size ?? 0) >= 2;
  /**
   * The stream name of `display` as recorder `src` of machine `m` named it; a display that
   * is already its machine's name (an ActivityWatch host's one stream) is not repeated.
   */
  const name = (m: string, src: number, display: string): string => {
    const d = shared(m, display) ? `${display}@${label.get(src) ?? src}` : display;
    return several && d !== m ? `${m}/${d}` : d;
  };
  const rows = new Map<number, [string, number]>();
  const snapSql = `SELECT id, ${col}, source_id FROM snapshots WHERE `;
  for (
    const [id, m, src] of prepareArrays(db, `${snapSql}at_ms >= ? AND at_ms < ?`).all(start, end)
  ) {
    rows.set(id as number, [machineOf(m), src as number]);
  }
  const afterIds = JSON.stringify((capture.after ?? []).map((s) => s.ref));
  for (
    const [id, m, src] of prepareArrays(db, `${snapSql}id IN (SELECT value FROM json_each(?))`)
      .all(afterIds)
  ) rows.set(id as number, [machineOf(m), src as number]);
  const displays = new Map<string, Set<string>>();
  const place = (s: { ref: number; display: string; machine?: string; detail?: number }) => {
    const [m, src] = rows.get(s.ref) ?? [machineOf(null), -1];
    s.machine = m;
    if ((sourcesOf.get(m)?.size ?? 0) >= 2) s.detail = detail.get(src) ?? 0;
    s.display = name(m, src, s.display);
    if (!displays.has(m)) displays.set(m, new Set());
    displays.get(m)!.add(s.display);
  };
  capture.snapshots.forEach(place);
  (capture.after ?? []).forEach(place);
  const events = new Map<number, [string, number]>();
  for (
    const [id, m, src] of prepareArrays(
      db,
      `SELECT id, ${col}, source_id FROM input_events WHERE at_ms >= ? AND at_ms < ?`,
    ).all(start, end)
  ) events.set(id as number, [machineOf(m), src as number]);
  for (const e of capture.events) {
    const [m, src] = events.get(e.ref) ?? [machineOf(null), -1];
    e.machine = m;
    if (e.display !== undefined) e.display = name(m, src, e.display);
  }
  if (capture.markers !== undefined && opts.version >= 2) {
    capture.markers = placeMarkers(db, capture.markers, { col, start, until: opts.until }, {
      machineOf,
      name,
      displays: several ? displays : undefined,
    });
  }
  capture.facts.capabilities.focus ||= capture.snapshots.some((s) => s.focused === true);
  const notes = capture.facts.notes ?? (capture.facts.notes = []);
  notes.push(several ? machinesNote(named) : RECORDERS_NOTE);
}

/** The note of a window with several machines (`names` sorted). */
export function machinesNote(names: readonly string[]): string {
  return `${names.length} machines (${
    names.join(", ")
  }): a person's attention is counted once (the machine with input holds focus; with none, the one whose focus moved last); overlaps are in coverage.overlap_minutes`;
}

/** Per recorder of a machine with several: its adapter, or its id where one adapter repeats. */
function recorderLabels(
  sourcesOf: Map<string, Set<number>>,
  adapter: Map<number, string>,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const ids of sourcesOf.values()) {
    if (ids.size < 2) continue;
    const names = [...ids].map((id) => adapter.get(id) ?? String(id));
    const unique = new Set(names).size === names.length;
    for (const id of ids) out.set(id, unique ? adapter.get(id) ?? String(id) : String(id));
  }
  return out;
}

/** Capabilities per source id, counted (the recorder's detail), and its adapter name. */
function sourceDetail(
  db: DatabaseSync,
): { detail: Map<number, number>; adapter: Map<number, string> } {
  const out = new Map<number, number>();
  const adapter = new Map<number, string>();
  for (
    const [id, json, name] of prepareArrays(db, "SELECT id, capabilities, adapter FROM sources")
      .all()
  ) {
    adapter.set(id as number, String(name));
    let c: Record<string, unknown> = {};
    try {
      c = JSON.parse(String(json));
    } catch {
      // A provenance row that is not JSON claims nothing.
    }
    out.set(id as number, CAPS.filter((k) => c?.[k] === true).length);
  }
  return { detail: out, adapter };
}

/**
 * A marker names its display as its recorder does; with several machines, a marker naming
 * none applies to its own machine's displays only (`displays` given), not to every display.
 */
function placeMarkers(
  db: DatabaseSync,
  markers: readonly Marker[],
  q: { col: string; start: number; until: number },
  where: {
    machineOf: (m: unknown) => string;
    name: (m: string, src: number, display: string) => string;
    displays?: Map<string, Set<string>>;
  },
): Marker[] {
  const of = new Map<number, [string, number]>();
  for (
    const [id, m, src] of prepareArrays(
      db,
      `SELECT id, ${q.col}, source_id FROM markers WHERE at_ms >= ? AND at_ms < ?`,
    ).all(q.start, q.until)
  ) of.set(id as number, [where.machineOf(m), src as number]);
  const out: Marker[] = [];
  for (const mk of markers) {
    const [m, src] = of.get(mk.ref) ?? [where.machineOf(null), -1];
    if (mk.display !== undefined) out.push({ ...mk, display: where.name(m, src, mk.display) });
    else if (where.displays === undefined) out.push(mk);
    else {
      for (const d of [...(where.displays.get(m) ?? [])].sort()) out.push({ ...mk, display: d });
    }
  }
  return out;
}
