/**
 * ActivityWatch data as every form (export file, REST, both SQLite layouts) loads it:
 * buckets found by `type`, events as `[start, end)` intervals in UTC epoch ms, and the
 * one interface the snapshot builder reads them through (FORMATS §2).
 *
 * @module
 */

/** A bucket: one watcher on one host. */
export interface AwBucket {
  /** The string bucket id, e.g. `aw-watcher-window_laptop`. */
  id: string;
  type: string;
  hostname: string;
}

/** One heartbeat-merged interval. */
export interface AwEvent {
  /** The source's event id; a stable ordinal when the source dropped ids (Python export). */
  id: number;
  /** UTC epoch ms. */
  start: number;
  /** UTC epoch ms (start + duration). */
  end: number;
  data: Record<string, unknown>;
  /** Why the recorder withheld part of it (`_privacy.ts`); set only on such events. */
  withheld?: string;
}

/** Events overlapping a range, oldest first, plus rows that could not be used. */
export interface AwEventsRead {
  events: AwEvent[];
  /** Rows read from the source for this range. */
  read: number;
  rejected: Record<string, number>;
}

/** An ActivityWatch source in one of its forms. */
export interface AwSource {
  /** `export`, `rest`, `sqlite` (aw-server-rust) or `peewee` (legacy aw-server). */
  form: "export" | "rest" | "sqlite" | "peewee";
  location: string;
  fingerprint: string;
  buckets: AwBucket[];
  /** Rows rejected while loading (no parseable time, so they belong to no window). */
  loadRejected: Record<string, number>;
  /**
   * aw-server-rust's `privacy_filters` setting as the source stores it (parsed JSON), or
   * `undefined` when the source does not say (`_privacy.ts`).
   */
  privacyFilters?: unknown;
  /**
   * Events of a bucket with `start < to` and `end >= from`, sorted by (start, id); a
   * `quiet` read (context around a window) neither reports nor uses up rejected rows.
   */
  events(bucketId: string, from: number, to: number, opts?: { quiet?: boolean }): AwEventsRead;
  /** First start and last end over the given buckets, or `undefined` when they are empty. */
  span(bucketIds: readonly string[]): { first: number; last: number } | undefined;
  close(): void;
}

/** Bucket types the adapter understands. */
export const AW_TYPES = {
  window: "currentwindow",
  afk: "afkstatus",
  web: "web.tab.current",
  input: "os.hid.input",
} as const;

/** Known bucket types that carry nothing the capture model uses. */
export const AW_IGNORED_TYPES: ReadonlySet<string> = new Set(["app.editor.activity"]);

/** Words naming the source form in messages. */
export const AW_FORM_NAMES: Record<AwSource["form"], string> = {
  export: "ActivityWatch export",
  rest: "ActivityWatch server",
  sqlite: "ActivityWatch database",
  peewee: "ActivityWatch database",
};

/** An event's `data` value as a non-empty string, or `undefined`. */
export function dataString(data: Record<string, unknown>, key: string): string | undefined {
  const v = data[key];
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** An event's `data` value as a finite number, or 0. */
export function dataNumber(data: Record<string, unknown>, key: string): number {
  const v = data[key];
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}
