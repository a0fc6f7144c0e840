/**
 * The native store's reader: one window of frames' own capture database (written by
 * writer.ts) → the capture model, with a lazy element lookup when the store has element
 * rows. Opened read-only, read in one read transaction. Refs are the
 * store's own row ids; each row's provenance (`sources`, `source_row`) leads back to the
 * importer or engine that wrote it and the source's own id.
 *
 * @module
 */

import { resolve } from "../file_path.ts";
import type { DatabaseSync } from "node:sqlite";
import type {
  Capabilities,
  Capture,
  Element,
  InputEvent,
  InputKind,
  Marker,
  Snapshot,
  Trigger,
} from "../model.ts";
import { WINDOW_LOOKAHEAD_MS } from "../compile/rules.ts";
import { STORE_VERSION } from "./_schema.ts";
import {
  fnv1a,
  openReadOnly,
  prepareArrays,
  readSqliteSource,
  wholeText,
  wholeTextValue,
} from "./sqlite.ts";
import { checkWindow } from "./window.ts";
import { nativeElementLookup } from "./_element_lookup.ts";
import { STORE_LABEL as LABEL } from "./path.ts";
import { assignMachines } from "./_machines.ts";

/**
 * Options for {@linkcode readNative}: the half-open UTC window `[start, end)` (epoch ms),
 * whether to load typed text, and how long to wait for a lock.
 */
export interface NativeReadOptions {
  /** Inclusive start, UTC epoch ms. */
  start: number;
  /** Exclusive end, UTC epoch ms. */
  end: number;
  /** Load typed text (SPEC §9); otherwise only its length (`chars`) is read. */
  includeText?: boolean;
  /** How long to wait for a writer's lock, in ms (default 500). */
  busyTimeoutMs?: number;
}

/**
 * Read the half-open UTC window `[start, end)` of the native store into the capture model.
 *
 * @example
 * ```ts
 * const day = readNative(`${home}/.frames/capture.db`, { start, end });
 * ```
 */
export function readNative(path: string, opts: NativeReadOptions): Capture {
  checkWindow(opts);
  const location = resolve(path);
  return readSqliteSource(
    { location, label: LABEL, busyTimeoutMs: opts.busyTimeoutMs },
    (db) => readWindow(db, location, opts),
  );
}

/** Check the store's schema version and return it with a fingerprint of the schema. */
function checkVersion(
  db: DatabaseSync,
  location: string,
): { version: number; fingerprint: string } {
  const version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
    .user_version;
  if (version === 0) {
    throw new Error(
      `Cannot read ${LABEL} database "${location}": it is not a frames capture store (schema version 0)`,
    );
  }
  if (version > STORE_VERSION) {
    throw new Error(
      `Cannot read ${LABEL} database "${location}": schema version ${version} is newer than this frames understands (${STORE_VERSION}); upgrade frames`,
    );
  }
  const names: string[] = [];
  for (const table of ["snapshots", "input_events", "elements", "displays", "sources"]) {
    for (const row of db.prepare(`PRAGMA table_info("${table}")`).all()) {
      names.push(`${table}.${(row as { name: string }).name}`);
    }
  }
  names.sort();
  return { version, fingerprint: `v${version}-${fnv1a(names.join("\n"))}` };
}

const TRIGGERS = new Set<string>(["input", "visual", "switch", "heartbeat", "manual", "unknown"]);

function readWindow(db: DatabaseSync, location: string, opts: NativeReadOptions): Capture {
  const { version, fingerprint } = checkVersion(db, location);
  const { start, end } = opts;
  // `idle_ms` arrived with schema v2; older stores never recorded idle time.
  const idle = version >= 2 ? "idle_ms" : "NULL";
  const snapRows = prepareArrays(
    db,
    `SELECT id, at_ms, display, app, ${
      wholeText("title")
    }, url, trigger, focused, ${idle} FROM snapshots
     WHERE at_ms >= ? AND at_ms < ? ORDER BY at_ms, id`,
  ).all(start, end);
  const snapshots: Snapshot[] = new Array(snapRows.length);
  let urls = false, sawFocused = false, sawUnfocused = false;
  for (let i = 0; i < snapRows.length; i++) {
    const r = snapRows[i];
    const s: Snapshot = {
      ref: r[0] as number,
      at: r[1] as number,
      display: r[2] as string,
      app: r[3] as string,
    };
    if (r[4] !== null) s.title = wholeTextValue(r[4]) as string;
    if (r[5] !== null) {
      s.url = r[5] as string;
      urls = true;
    }
    s.trigger = TRIGGERS.has(r[6] as string) ? r[6] as Trigger : "unknown";
    if (r[7] !== null) {
      s.focused = r[7] === 1;
      if (s.focused) sawFocused = true;
      else sawUnfocused = true;
    }
    if (r[8] !== null) s.idleMs = r[8] as number;
    snapshots[i] = s;
  }
  const after = readAfter(db, end);
  const events = readEvents(db, opts);
  const displays = prepareArrays(
    db,
    "SELECT name, x, y, width, height, scale FROM displays ORDER BY name",
  ).all().map((r) => ({
    display: r[0] as string,
    x: r[1] as number,
    y: r[2] as number,
    width: r[3] as number,
    height: r[4] as number,
    scale: r[5] as number,
  }));
  const { units, focus, notes, ...caps } = sourceFacts(db, start, end, version);
  const capture: Capture = {
    window: { start, end },
    snapshots,
    events,
    displays,
    facts: {
      adapter: "native",
      location,
      fingerprint,
      // Focus: a source that says its rows hold focus (ActivityWatch's single window
      // bucket, the engine), or rows that mix focused and unfocused displays.
      capabilities: { ...caps, urls, focus: focus || (sawFocused && sawUnfocused) },
      rows: { snapshots: snapshots.length, input_events: events.length },
      rejected: {},
    },
  };
  if (notes.length > 0) capture.facts.notes = notes;
  if (after.length > 0) capture.after = after;
  if (units !== undefined) capture.elements = nativeElementLookup(location, units);
  // Markers arrived with schema v2; older stores have none.
  // Up to the last snapshot past the window: a marker there still ends the dwell of the
  // last snapshot inside (SPEC §3.2, §3.11), as it does in a longer window.
  const until = after.reduce((t, s) => Math.max(t, s.at), end);
  const markers = version >= 2 ? readMarkers(db, start, until) : [];
  if (markers.length > 0) capture.markers = markers;
  assignMachines(db, capture, { version, until });
  return capture;
}

/**
 * Each display's first snapshot at or after the window's end (SPEC §3.11), within
 * {@linkcode WINDOW_LOOKAHEAD_MS}: it only ends the dwell of the last snapshot inside.
 */
function readAfter(db: DatabaseSync, end: number): Snapshot[] {
  const rows = prepareArrays(
    db,
    `SELECT s.id, s.at_ms, s.display, s.app FROM snapshots s
     JOIN (SELECT display, min(at_ms) AS at FROM snapshots WHERE at_ms >= ? AND at_ms < ?
           GROUP BY display) f ON s.display = f.display AND s.at_ms = f.at
     ORDER BY s.display, s.id`,
  ).all(end, end + WINDOW_LOOKAHEAD_MS);
  const out: Snapshot[] = [];
  let last: string | undefined;
  for (const r of rows) {
    if (r[2] === last) continue;
    last = r[2] as string;
    out.push({ ref: r[0] as number, at: r[1] as number, display: last, app: r[3] as string });
  }
  return out;
}

const MARKER_KINDS = new Set<string>(["start", "stop", "away", "back"]);

/** The start/stop and away/back rows in `[start, end)` (schema v2 on). */
function readMarkers(db: DatabaseSync, start: number, end: number): Marker[] {
  const rows = prepareArrays(
    db,
    `SELECT id, at_ms, kind, reason, display FROM markers WHERE at_ms >= ? AND at_ms < ?
     ORDER BY at_ms, id`,
  ).all(start, end);
  const out: Marker[] = [];
  for (const r of rows) {
    if (!MARKER_KINDS.has(r[2] as string)) continue;
    const m: Marker = { ref: r[0] as number, at: r[1] as number, kind: r[2] as Marker["kind"] };
    if (r[3] !== null) m.reason = r[3] as string;
    if (r[4] !== null) m.display = r[4] as string;
    out.push(m);
  }
  return out;
}

function readEvents(db: DatabaseSync, opts: NativeReadOptions): InputEvent[] {
  const text = opts.includeText === true ? "text" : "NULL";
  const rows = prepareArrays(
    db,
    `SELECT id, at_ms, kind, display, x, y, app, ${wholeText("title")}, url, ${
      wholeText("element_name")
    }, element_role,
       element_automation_id, element_x, element_y, element_width, element_height, chars,
       ${text}, snapshot_id FROM input_events WHERE at_ms >= ? AND at_ms < ? ORDER BY at_ms, id`,
  ).all(opts.start, opts.end);
  const events: InputEvent[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const e: InputEvent = { ref: r[0] as number, at: r[1] as number, kind: r[2] as InputKind };
    if (r[3] !== null) e.display = r[3] as string;
    if (r[4] !== null) e.x = r[4] as number;
    if (r[5] !== null) e.y = r[5] as number;
    if (r[6] !== null) e.app = r[6] as string;
    if (r[7] !== null) e.title = wholeTextValue(r[7]) as string;
    if (r[8] !== null) e.url = r[8] as string;
    if (r[9] !== null || r[10] !== null || r[11] !== null || r[12] !== null) {
      e.element = {};
      if (r[9] !== null) e.element.name = wholeTextValue(r[9]) as string;
      if (r[10] !== null) e.element.role = r[10] as string;
      if (r[11] !== null) e.element.automationId = r[11] as string;
      if (r[12] !== null && r[13] !== null && r[14] !== null && r[15] !== null) {
        e.element.bounds = {
          x: r[12] as number,
          y: r[13] as number,
          width: r[14] as number,
          height: r[15] as number,
        };
      }
    }
    if (r[16] !== null) e.chars = r[16] as number;
    if (r[17] !== null) e.text = r[17] as string;
    if (r[18] !== null) e.snapshotRef = r[18] as number;
    events[i] = e;
  }
  return events;
}

/** What the sources that wrote rows in the window can tell, their element unit and notes. */
interface WindowSources extends Pick<Capabilities, "input" | "elements" | "heartbeats" | "focus"> {
  units?: "px" | "normalized";
  /** What those sources say they cannot see, in source order, each once (schema v3 on). */
  notes: string[];
}

/** Capabilities and notes of the sources that wrote rows in the window. */
function sourceFacts(db: DatabaseSync, start: number, end: number, version: number): WindowSources {
  const notes = version >= 3 ? "notes" : "'[]'";
  const rows = prepareArrays(
    db,
    `SELECT capabilities, ${notes} FROM sources WHERE id IN (
       SELECT DISTINCT source_id FROM snapshots WHERE at_ms >= ? AND at_ms < ?
       UNION SELECT DISTINCT source_id FROM input_events WHERE at_ms >= ? AND at_ms < ?)
     ORDER BY id`,
  ).all(start, end, start, end);
  const caps: WindowSources = {
    input: false,
    elements: false,
    heartbeats: false,
    focus: false,
    notes: [],
  };
  for (const [json, noteJson] of rows) {
    const c: Partial<Capabilities> & { element_units?: unknown } = parseJson(json, {});
    caps.input ||= c.input === true;
    caps.elements ||= c.elements === true;
    caps.heartbeats ||= c.heartbeats === true;
    caps.focus ||= c.focus === true;
    if (c.elements === true && c.element_units === "px") caps.units = "px";
    else if (c.elements === true && c.element_units === "normalized") caps.units ??= "normalized";
    const list: unknown = parseJson(noteJson, []);
    if (!Array.isArray(list)) continue;
    for (const n of list) if (typeof n === "string" && !caps.notes.includes(n)) caps.notes.push(n);
  }
  return caps;
}

/** A provenance column's JSON, or `fallback` when it is not JSON (it then claims nothing). */
function parseJson<T>(text: unknown, fallback: T): T {
  try {
    return JSON.parse(String(text)) as T;
  } catch {
    return fallback;
  }
}

/** Options for {@linkcode readNativeElements}. */
export interface ReadNativeElementsOptions {
  /** How long to wait for a writer's lock, in ms (default 500). */
  busyTimeoutMs?: number;
}

/** The element rows of the given snapshot refs (store ids), for click resolution. */
export function readNativeElements(
  path: string,
  snapshotRefs: readonly number[],
  opts: ReadNativeElementsOptions = {},
): Element[] {
  if (snapshotRefs.length === 0) return [];
  const location = resolve(path);
  const ids = JSON.stringify([...new Set(snapshotRefs)].filter(Number.isInteger));
  return readSqliteSource(
    { location, label: LABEL, busyTimeoutMs: opts.busyTimeoutMs },
    (db) =>
      prepareArrays(
        db,
        `SELECT snapshot_id, role, name, x, y, width, height, units, origin FROM elements
       WHERE snapshot_id IN (SELECT value FROM json_each(?)) ORDER BY snapshot_id, id`,
      ).all(ids).map((r) => ({
        snapshotRef: r[0] as number,
        role: r[1] as string,
        name: r[2] as string,
        bounds: {
          x: r[3] as number,
          y: r[4] as number,
          width: r[5] as number,
          height: r[6] as number,
        },
        units: r[7] as Element["units"],
        source: r[8] as Element["source"],
      })),
  );
}

/** What `frames sources` says about a store: its snapshot count and the adapters that wrote. */
export interface StoreSummary {
  /** Snapshot rows in the store. */
  snapshots: number;
  /** Distinct `sources.adapter` names, sorted. */
  adapters: string[];
}

/**
 * First and last instant (UTC epoch ms) of the store's snapshots and input events, or
 * `undefined` when it holds none: two indexed integer lookups, cheap enough to run when a
 * window comes back empty.
 */
export function storeSpan(path: string): { first: number; last: number } | undefined {
  const db = openReadOnly(path, { label: LABEL });
  try {
    let first = Infinity, last = -Infinity;
    for (const table of ["snapshots", "input_events"]) {
      const [lo, hi] = prepareArrays(db, `SELECT min(at_ms), max(at_ms) FROM ${table}`).all()[0];
      if (typeof lo === "number" && lo < first) first = lo;
      if (typeof hi === "number" && hi > last) last = hi;
    }
    return first <= last ? { first, last } : undefined;
  } finally {
    db.close();
  }
}

/** Count a store's snapshots and name the adapters that wrote rows into it. */
export function summarizeStore(path: string): StoreSummary {
  const db = openReadOnly(path, { label: LABEL });
  try {
    const [snaps] = prepareArrays(db, "SELECT count(*) FROM snapshots").all()[0];
    const adapters = prepareArrays(db, "SELECT DISTINCT adapter FROM sources ORDER BY adapter")
      .all().map((r) => String(r[0]));
    return { snapshots: snaps as number, adapters };
  } finally {
    db.close();
  }
}
