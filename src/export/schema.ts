/**
 * The Parquet export's schema, version 1: every table, column, type, unit and what a null
 * means. The writer reads these tables, and `docs/parquet-schema.md` documents them (a test
 * checks the two agree).
 *
 * @module
 */

/** Version of the export schema, written into every file's key-value metadata. */
export const EXPORT_SCHEMA_VERSION = 1;

/** A column's Parquet type (as hyparquet-writer names it). */
export type ColumnType = "STRING" | "DOUBLE" | "INT32" | "INT64" | "BOOLEAN" | "TIMESTAMP";

/** One column of an exported table. */
export interface ColumnDef {
  /** Column name (snake_case, stable across versions). */
  name: string;
  /** Parquet type; TIMESTAMP is INT64 milliseconds since the epoch, UTC-adjusted. */
  type: ColumnType;
  /** What a null in this column means; absent: the column is never null. */
  nullMeans?: string;
  /** Unit and meaning in one line. */
  doc: string;
}

/** The tables the export writes, by name. */
export type TableName = "frames" | "ledger" | "sites" | "steps" | "routines";

/** The tables, in the order they are written. */
export const TABLES: Record<TableName, readonly ColumnDef[]> = {
  frames: [
    { name: "frame_id", type: "STRING", doc: "stable id `<display>:<first snapshot ref>`" },
    { name: "display", type: "STRING", doc: "display (stream) the frame was on" },
    {
      name: "machine",
      type: "STRING",
      nullMeans: "the capture holds one machine and one recorder",
      doc: "machine the frame was captured on (`frames import --machine`)",
    },
    { name: "app", type: "STRING", doc: "app name as the source recorded it" },
    {
      name: "site",
      type: "STRING",
      nullMeans: "the frame showed no URL",
      doc: "hostname, lower-cased, without `www.`",
    },
    { name: "start", type: "TIMESTAMP", doc: "first own snapshot, UTC" },
    { name: "end", type: "TIMESTAMP", doc: "last own snapshot plus its dwell credit, UTC" },
    { name: "start_local", type: "STRING", doc: "`start` as local ISO 8601 with offset" },
    {
      name: "duration_min",
      type: "DOUBLE",
      doc: "minutes of dwell credit (detours excluded), 0.1 min",
    },
    { name: "wall_min", type: "DOUBLE", doc: "minutes from start to end, detours included" },
    {
      name: "focused_min",
      type: "DOUBLE",
      nullMeans: "the source does not mark focus",
      doc: "minutes while the display held focus",
    },
    {
      name: "presence_min",
      type: "DOUBLE",
      nullMeans: "no heartbeat-only stretch",
      doc: "minutes earned by heartbeat-only stretches",
    },
    { name: "keys", type: "INT32", doc: "key-press events" },
    { name: "clicks", type: "INT32", doc: "click events" },
    { name: "copies", type: "INT32", doc: "clipboard copies" },
    { name: "pastes", type: "INT32", doc: "clipboard pastes" },
    { name: "scrolls", type: "INT32", doc: "scroll events" },
    { name: "text_runs", type: "INT32", doc: "typed runs (the text itself is never exported)" },
    { name: "text_chars", type: "INT32", doc: "characters in typed runs" },
    { name: "interruptions", type: "INT32", doc: "short detours folded into the frame" },
    {
      name: "interruption_s",
      type: "INT32",
      doc: "seconds of those detours (not in duration_min)",
    },
    {
      name: "top_window",
      type: "STRING",
      nullMeans: "no window title captured",
      doc: "most-dwelt window title (redacted)",
    },
    {
      name: "top_page_kind",
      type: "STRING",
      nullMeans: "no typed page",
      doc: "most-shown page kind (SPEC §6)",
    },
    {
      name: "top_page_entity",
      type: "STRING",
      nullMeans: "the parser named no entity",
      doc: "what that page is about",
    },
    {
      name: "evidence_snapshots",
      type: "STRING",
      doc: "exact snapshot refs in run form (`120-155,161`)",
    },
  ],
  ledger: [
    { name: "app", type: "STRING", doc: "app name" },
    {
      name: "minutes",
      type: "DOUBLE",
      doc: "visible minutes, deduplicated across displays, 0.1 min",
    },
    {
      name: "focused_minutes",
      type: "DOUBLE",
      nullMeans: "the source does not mark focus",
      doc: "minutes where attention was",
    },
    { name: "frames", type: "INT32", doc: "frames of the app, short ones included" },
    { name: "longest_min", type: "DOUBLE", doc: "duration of its longest frame" },
  ],
  sites: [
    { name: "site", type: "STRING", doc: "hostname, lower-cased, without `www.`" },
    { name: "minutes", type: "DOUBLE", doc: "minutes, deduplicated across displays, 0.1 min" },
    { name: "frames", type: "INT32", doc: "frames on the site" },
  ],
  steps: [
    {
      name: "frame_id",
      type: "STRING",
      doc: "the frame the step belongs to (joins `frames.frame_id`)",
    },
    { name: "seq", type: "INT32", doc: "position of the step in its frame, from 0" },
    { name: "at_local", type: "STRING", doc: "local time of day `HH:MM:SS`" },
    {
      name: "kind",
      type: "STRING",
      doc: "focus, url, click, type, paste, copy, keys, scroll, switch or other",
    },
    {
      name: "app",
      type: "STRING",
      nullMeans: "not a focus step",
      doc: "app shown, for focus steps",
    },
    {
      name: "url",
      type: "STRING",
      nullMeans: "not a url step",
      doc: "URL with secrets redacted, for url steps",
    },
    {
      name: "page_kind",
      type: "STRING",
      nullMeans: "not a url step",
      doc: "typed page of the URL",
    },
    {
      name: "target_name",
      type: "STRING",
      nullMeans: "not a click, or not resolved to a name",
      doc: "clicked element's name",
    },
    {
      name: "target_role",
      type: "STRING",
      nullMeans: "unknown role",
      doc: "clicked element's role",
    },
    {
      name: "resolution",
      type: "STRING",
      nullMeans: "not a click",
      doc: "native, exact, tolerance, zone or none",
    },
    {
      name: "chars",
      type: "INT32",
      nullMeans: "not a typed run",
      doc: "characters typed (never the text)",
    },
    {
      name: "count",
      type: "INT32",
      nullMeans: "not a collapsed run",
      doc: "events in a key or scroll run",
    },
    {
      name: "detour",
      type: "STRING",
      nullMeans: "not during a detour",
      doc: "the detour's app (flicker rule)",
    },
  ],
  routines: [
    {
      name: "routine_id",
      type: "STRING",
      doc: "stable routine id (from its app, site and steps; as `frames routines` prints it)",
    },
    { name: "title", type: "STRING", doc: "readable name from the routine's named steps" },
    { name: "app", type: "STRING", doc: "app every step runs in" },
    {
      name: "site",
      type: "STRING",
      nullMeans: "the routine runs outside a browser",
      doc: "hostname, lower-cased, without `www.`",
    },
    {
      name: "steps",
      type: "INT32",
      doc: "steps of the routine (slots and optional ones included)",
    },
    { name: "start", type: "TIMESTAMP", doc: "this occurrence's first step, UTC" },
    { name: "end", type: "TIMESTAMP", doc: "this occurrence's last step, UTC" },
    { name: "start_local", type: "STRING", doc: "`start` as local ISO 8601 with offset" },
    {
      name: "action_steps",
      type: "INT32",
      doc: "action steps of this occurrence (clicks and typed runs inside it)",
    },
    {
      name: "event_ids",
      type: "STRING",
      doc: "the source's event refs of those steps, in run form (`120-125,131`)",
    },
    {
      name: "occurrences",
      type: "INT32",
      doc: "occurrences of the routine in the exported window (counted without overlap)",
    },
    {
      name: "r_info",
      type: "DOUBLE",
      doc: "agent cost of re-deriving the routine over a minimal replay script's tokens",
    },
    {
      name: "r_inject",
      type: "DOUBLE",
      doc: "the same cost over the guarded plan's tokens",
    },
  ],
};
