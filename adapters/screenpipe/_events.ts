/**
 * screenpipe `ui_events` rows → input events. Every column used is optional except
 * `timestamp` and `event_type`; absent ones read as SQL `NULL` so positions stay fixed.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { Bounds, EventElement, InputEvent, InputKind } from "../../src/model.ts";
import { parseTimestamp } from "../_timestamp.ts";
import { NameCache } from "../_names.ts";
import { interned } from "./_urls.ts";
import { columnOrNull, idColumn } from "./_schema.ts";
import { prepareArrays } from "../../src/store/sqlite.ts";
import { countBetween } from "./_id_span.ts";
import { redactedAtColumns, typedChars, type Withheld, withoutPlaceholders } from "./_privacy.ts";

// Matches no row value: the "previous value" before the first row.
const NONE = {};

/**
 * The capture model's input kinds by screenpipe `event_type` (`move` is filtered in SQL;
 * `clipboard` is resolved by its operation, {@linkcode CLIPBOARD_KINDS}).
 */
export const EVENT_KINDS: ReadonlyMap<string, InputKind> = new Map([
  ["click", "click"],
  ["key", "key"],
  ["text", "text"],
  ["scroll", "scroll"],
  ["clipboard", "other"],
  ["app_switch", "switch"],
  ["window_focus", "switch"],
]);

/**
 * Clipboard kinds by operation. screenpipe stores a clipboard event's operation in
 * `ui_events.modifiers` as the character's code (`EventData::Clipboard { operation: char }`
 * → `Some(*operation as u8)` in `crates/screenpipe-a11y/src/events.rs`: `c` copy, `x` cut,
 * `v` paste); the text spelling is accepted too. A cut fills the clipboard as a copy does
 * and the document counts clipboard writes as `copies`, so a cut counts there. Any other
 * operation is input of unknown kind (`other`), never guessed to be a copy.
 */
export const CLIPBOARD_KINDS: ReadonlyMap<number | string, InputKind> = new Map<
  number | string,
  InputKind
>([
  [99, "copy"],
  ["c", "copy"],
  [120, "copy"],
  ["x", "copy"],
  [118, "paste"],
  ["v", "paste"],
]);

/** Options for {@linkcode readUiEvents}. */
export interface ReadUiEventsOptions {
  /** Columns `ui_events` has (from `PRAGMA table_info`). */
  columns: Set<string>;
  start: number;
  end: number;
  includeText: boolean;
  /** Inclusive id range found on the timestamp index. */
  first: number;
  last: number;
  /** Rejection counts, updated in place. */
  rejected: Record<string, number>;
  /** Withheld counts (upstream redaction), updated in place. */
  withheld?: Withheld;
}

/** Input events of the window and the number of rows read for it. */
export interface UiEventsRead {
  events: InputEvent[];
  read: number;
  /** Typed runs whose length is known only in UTF-8 bytes (no `text_content` to count). */
  byteLengths: number;
}

/** Read the `ui_events` rows of an id range whose parsed time falls in the window. */
export function readUiEvents(db: DatabaseSync, opts: ReadUiEventsOptions): UiEventsRead {
  const c = opts.columns;
  const idCol = idColumn(c);
  // `text_length` is UTF-8 bytes (`text_content.len()` in Rust, `insert_ui_event` in
  // `crates/screenpipe-db/src/db.rs`); SQLite's `length()` of the stored text counts
  // characters inside SQLite, so the text never reaches JavaScript unless opted in. Only a
  // row without its text falls back to the byte count (an upper bound on characters).
  const chars = c.has("text_length") && c.has("text_content")
    ? "coalesce(length(text_content), text_length)"
    : c.has("text_length")
    ? "text_length"
    : c.has("text_content")
    ? "length(text_content)"
    : "NULL";
  const bytesOnly = !c.has("text_length")
    ? "0"
    : c.has("text_content")
    ? "(text_content IS NULL AND text_length IS NOT NULL)"
    : "(text_length IS NOT NULL)";
  const text = opts.includeText ? columnOrNull(c, "text_content") : "NULL";
  // A typed run holding a redaction placeholder is read (transiently) so the placeholder is
  // not counted as typing; every other run's text stays inside SQLite.
  const marked = c.has("text_content")
    ? "CASE WHEN instr(text_content, '[') > 0 THEN text_content END"
    : "NULL";
  const stamped = redactedAtColumns(c).map((x) => `${x} IS NOT NULL`).join(" OR ");
  // Every cell costs the conversion to a JavaScript value (~20 ns even for NULL): the two
  // that are constant without typed text or upstream stamps are left out (read as undefined).
  const tail = opts.includeText ? [`(${stamped || "0"})`, text] : stamped ? [`(${stamped})`] : [];
  const select = [
    idCol,
    "timestamp",
    "event_type",
    columnOrNull(c, "x"),
    columnOrNull(c, "y"),
    chars,
    columnOrNull(c, "app_name"),
    columnOrNull(c, "window_title"),
    columnOrNull(c, "browser_url"),
    columnOrNull(c, "element_name"),
    columnOrNull(c, "element_role"),
    columnOrNull(c, "element_automation_id"),
    columnOrNull(c, "element_bounds"),
    columnOrNull(c, "frame_id"),
    columnOrNull(c, "modifiers"),
    bytesOnly,
    marked,
    ...tail,
  ].join(", ");
  // Mouse motion is not input volume (and is the bulk of the table): `move` rows never
  // leave SQLite. `IS NOT` keeps NULL types, which are then rejected with a reason.
  const stmt = prepareArrays(
    db,
    `SELECT ${select} FROM ui_events WHERE ${idCol} BETWEEN ? AND ? AND event_type IS NOT 'move'`,
  );
  const rows = stmt.all(opts.first, opts.last);
  const names = new NameCache();
  // One string per distinct URL (see _urls.ts): later lookups hash it once.
  const urls = new Map<string, string>();
  const { start, end, rejected } = opts;
  const withheld = opts.withheld ?? {};
  const events: InputEvent[] = [];
  let read = 0;
  // Ids of unparseable rows; those between the first and last row of the window count.
  const garbage: number[] = [];
  let lowest = Infinity, highest = -Infinity;
  let byteLengths = 0;
  let sorted = true;
  let prevAt = -Infinity;
  // The previous row's answers, reused without a call while the values repeat (as in
  // read.ts); a title only when cleaning it counted nothing.
  let rawApp: unknown = NONE, app: string | undefined;
  let rawTitle: unknown = NONE, title: string | undefined, titleCounts = true;
  let rawUrl: unknown = NONE, url: string | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const ts = row[1];
    const at = typeof ts === "string" ? parseTimestamp(ts) : undefined;
    if (at === undefined) {
      garbage.push(row[0] as number);
      continue;
    }
    if (at < start || at >= end) continue;
    const id = row[0] as number;
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
    read++;
    const type = row[2];
    let kind = typeof type === "string" ? EVENT_KINDS.get(type) : undefined;
    if (type === "clipboard") kind = clipboardKind(row[14]);
    if (kind === undefined) {
      const reason = typeof type === "string" && type !== ""
        ? `ui_events: unknown event_type "${type}"`
        : "ui_events: empty event_type";
      rejected[reason] = (rejected[reason] ?? 0) + 1;
      continue;
    }
    if (row[8] !== rawUrl) {
      rawUrl = row[8];
      url = typeof rawUrl === "string" && rawUrl !== "" ? interned(urls, rawUrl) : undefined;
    }
    if (row[6] !== rawApp) app = names.get(rawApp = row[6]);
    if (kind === "text" && row[15] === 1) byteLengths++;
    if (row[17] === 1) {
      withheld["screenpipe redacted upstream: ui_events"] =
        (withheld["screenpipe redacted upstream: ui_events"] ?? 0) + 1;
    }
    const chars = kind !== "text"
      ? undefined
      : typeof row[16] === "string"
      ? typedChars(row[16], withheld)
      : typeof row[5] === "number"
      ? row[5]
      : undefined;
    if (at < prevAt) sorted = false;
    prevAt = at;
    // After the stamp and the typed run: placeholders are counted in the order they were.
    if (row[7] !== rawTitle || titleCounts) {
      const clean = names.get(rawTitle = row[7]);
      titleCounts = clean !== undefined && clean.indexOf("[") >= 0;
      title = withoutPlaceholders(clean, withheld);
    }
    events.push({
      ref: row[0] as number,
      at,
      kind,
      display: undefined,
      x: typeof row[3] === "number" ? row[3] : undefined,
      y: typeof row[4] === "number" ? row[4] : undefined,
      app,
      title,
      url,
      element: row[9] === null && row[10] === null && row[11] === null && row[12] === null
        ? undefined
        : toElement(withoutPlaceholders(str(row[9]), withheld), row[10], row[11], row[12]),
      chars,
      text: typeof row[18] === "string" ? row[18] : undefined,
      snapshotRef: typeof row[13] === "number" ? row[13] : undefined,
    });
  }
  const unparseable = countBetween(garbage, lowest, highest);
  if (unparseable > 0) {
    rejected["ui_events: unparseable timestamp"] = unparseable;
  }
  if (!sorted) events.sort(byTimeThenRef);
  return { events, read: read + unparseable, byteLengths };
}

function clipboardKind(operation: unknown): InputKind {
  const op = typeof operation === "string" ? operation.trim().toLowerCase() : operation;
  return (typeof op === "number" || typeof op === "string" ? CLIPBOARD_KINDS.get(op) : undefined) ??
    "other";
}

function toElement(
  name: unknown,
  role: unknown,
  automationId: unknown,
  bounds: unknown,
): EventElement | undefined {
  const element: EventElement = {};
  let any = false;
  if (typeof name === "string" && name !== "") {
    element.name = name;
    any = true;
  }
  if (typeof role === "string" && role !== "") {
    element.role = role;
    any = true;
  }
  if (typeof automationId === "string" && automationId !== "") {
    element.automationId = automationId;
    any = true;
  }
  const box = parseBounds(bounds);
  if (box !== undefined) {
    element.bounds = box;
    any = true;
  }
  return any ? element : undefined;
}

/** `{"x","y","width","height"}` JSON text → pixel bounds, or `undefined` if not valid. */
export function parseBounds(raw: unknown): Bounds | undefined {
  if (typeof raw !== "string" || raw.charCodeAt(0) !== 123) return undefined;
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (v === null || typeof v !== "object") return undefined;
  const { x, y, width, height } = v;
  if (
    typeof x !== "number" || typeof y !== "number" || typeof width !== "number" ||
    typeof height !== "number" || !Number.isFinite(x + y + width + height)
  ) {
    return undefined;
  }
  return { x, y, width, height };
}

/** Order by time, then by source row id, so equal times stay deterministic. */
export function byTimeThenRef(
  a: { at: number; ref: number },
  b: { at: number; ref: number },
): number {
  return a.at - b.at || a.ref - b.ref;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}
