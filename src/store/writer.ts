/**
 * The native store's writer: frames' own SQLite capture database (default
 * `~/.frames/capture.db`, under `FRAMES_HOME` when set), written by the capture engine and
 * by `frames import`. The schema and its migrations live in `_schema.ts`; this file opens (creating user-only files, WAL, a busy
 * timeout, forward migrations) and appends batches of capture-model rows, each batch in
 * one transaction, deduplicated on the source's own key.
 *
 * @module
 */

import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import type {
  Capabilities,
  DisplayGeometry,
  Element,
  InputEvent,
  Marker,
  Snapshot,
} from "../model.ts";
import { describeSqliteError } from "./sqlite.ts";
import { MIGRATIONS, STORE_VERSION } from "./_schema.ts";
import { STORE_LABEL as LABEL } from "./path.ts";

/** Options for {@linkcode openStore}. */
export interface OpenStoreOptions {
  /** How long to wait for another writer, in ms (default 5000). */
  busyTimeoutMs?: number;
}

/**
 * Open the store for writing, creating it (and its folder) user-only when absent and
 * migrating it forward to {@linkcode STORE_VERSION}.
 *
 * @example
 * ```ts
 * const db = openStore(storePath(`${home}/.frames`));
 * db.close();
 * ```
 */
export function openStore(path: string, opts: OpenStoreOptions = {}): DatabaseSync {
  const dir = join(path, "..");
  try {
    Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Create the file user-only before SQLite does; SQLite gives -wal/-shm the same mode.
    Deno.openSync(path, { create: true, write: true, mode: 0o600 }).close();
    if (Deno.build.os !== "windows") Deno.chmodSync(path, 0o600);
  } catch (err) {
    throw new Error(
      `Cannot open ${LABEL} database "${path}": ${(err as Error).message.split("\n")[0]}`,
      {
        cause: err,
      },
    );
  }
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path);
    const timeout = Math.max(0, Math.floor(opts.busyTimeoutMs ?? 5000));
    db.exec(`PRAGMA busy_timeout = ${timeout}`);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    migrate(db, path);
    return db;
  } catch (err) {
    db?.close();
    throw describeSqliteError(err, { label: LABEL, path, action: "open" });
  }
}

/** The schema version of an open store (`PRAGMA user_version`). */
export function storeVersion(db: DatabaseSync): number {
  const row = db.prepare("PRAGMA user_version").get() as { user_version: number };
  return row.user_version;
}

function migrate(db: DatabaseSync, path: string): void {
  const version = storeVersion(db);
  if (version > STORE_VERSION) {
    throw new Error(
      `Cannot open ${LABEL} database "${path}": schema version ${version} is newer than this frames understands (${STORE_VERSION}); upgrade frames`,
    );
  }
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.exec("BEGIN IMMEDIATE");
    try {
      // Re-read inside the write lock: another process may have migrated meanwhile.
      if (storeVersion(db) !== v) {
        db.exec("ROLLBACK");
        continue;
      }
      db.exec(MIGRATIONS[v]);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      throw err;
    }
  }
}

/** Provenance of rows: the importer or engine that wrote them and where they came from. */
export interface StoreSource {
  /** `native`, `activitywatch`, `recall`, `memory-archive` or `screenpipe`. */
  adapter: string;
  /** Path or URL the rows came from. */
  location: string;
  /** A hash of the source's schema or format, so a change of layout shows. */
  fingerprint: string;
  /** What the source can tell (input, elements, URLs, heartbeats, focus). */
  capabilities: Capabilities;
  /** The unit of the element rows this source writes (kept with its capabilities). */
  elementUnits?: "px" | "normalized";
  /** What the source says it cannot see, in words (shown in documents' blind spots). */
  notes?: readonly string[];
}

/** Register (or refresh) a provenance row and return its id. */
export function registerSource(db: DatabaseSync, source: StoreSource): number {
  const caps = JSON.stringify({
    ...source.capabilities,
    ...(source.elementUnits !== undefined ? { element_units: source.elementUnits } : {}),
  });
  db.prepare(
    `INSERT INTO sources (adapter, location, fingerprint, capabilities, notes)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (adapter, location) DO UPDATE SET fingerprint = excluded.fingerprint,
       capabilities = excluded.capabilities, notes = excluded.notes`,
  ).run(
    source.adapter,
    source.location,
    source.fingerprint,
    caps,
    JSON.stringify(source.notes ?? []),
  );
  const row = db.prepare("SELECT id FROM sources WHERE adapter = ? AND location = ?")
    .get(source.adapter, source.location) as { id: number };
  return row.id;
}

/** Rows to append: capture-model rows with their dedupe keys (same order). */
export interface StoreBatch {
  /** Snapshots in time order; `ref` is the source's own row id. */
  snapshots: Snapshot[];
  /** Dedupe key per snapshot; `undefined` entries (native engine rows) are never deduped. */
  snapshotKeys?: readonly (string | undefined)[];
  /** Input events in time order; `snapshotRef` names a snapshot by its `ref`. */
  events: InputEvent[];
  /** Dedupe key per event, as {@linkcode StoreBatch.snapshotKeys} is per snapshot. */
  eventKeys?: readonly (string | undefined)[];
  /** Element rows; `snapshotRef` names a snapshot of this batch by its `ref`. */
  elements?: Element[];
  /** Display geometry; a display of the same name is replaced. */
  displays?: DisplayGeometry[];
  /** The recorder's start/stop and away/back statements; `ref` is the source's own id. */
  markers?: Marker[];
  /** Dedupe key per marker, as {@linkcode StoreBatch.snapshotKeys} is per snapshot. */
  markerKeys?: readonly (string | undefined)[];
}

/** What one append did. */
export interface AppendResult {
  /** Rows written. */
  added: number;
  /** Rows whose key was already in the store. */
  skipped: number;
}

/**
 * Rewrites third-party text before it is stored (`redact_store` in config.json): the
 * writer sits below the redaction rules, so the caller passes them in.
 */
export interface StoreRedactor {
  /** Redacts a URL. */
  url(url: string): string;
  /** Redacts a window title or an element name. */
  title(title: string): string;
}

/** Options for {@linkcode appendBatch}. */
export interface AppendOptions {
  /** Store URLs, titles and element names redacted (off by default: the store is the record). */
  redact?: StoreRedactor;
  /** The provenance row (from {@linkcode registerSource}) the rows are written under. */
  sourceId: number;
  /** The import run (from {@linkcode beginImport}) whose counters this batch updates. */
  importId?: number;
  /** Source rows read for this batch (added to the import run's counter). */
  read?: number;
  /** Rejected source rows by reason (merged into the import run's counters). */
  rejected?: Record<string, number>;
  /**
   * Source ref → store id of snapshots written so far, kept across batches so an event
   * links to its snapshot even when the two land in different batches.
   */
  refIds?: Map<number, number>;
}

/**
 * Append one batch in one transaction: either every new row of the batch (and the import
 * run's counters) is committed, or none is. Rows whose key already exists are skipped.
 */
export function appendBatch(
  db: DatabaseSync,
  batch: StoreBatch,
  opts: AppendOptions,
): AppendResult {
  const s = statements(db);
  db.exec("BEGIN IMMEDIATE");
  try {
    const rows = opts.redact === undefined ? batch : redactBatch(batch, opts.redact);
    const result = writeRows(s, opts.sourceId, rows, opts.refIds ?? new Map());
    if (opts.importId !== undefined) {
      const row = s.importRejected.get(opts.importId) as { rejected: string } | undefined;
      const rejected: Record<string, number> = JSON.parse(row?.rejected ?? "{}");
      for (const [k, n] of Object.entries(opts.rejected ?? {})) {
        rejected[k] = (rejected[k] ?? 0) + n;
      }
      s.importCount.run(
        opts.read ?? 0,
        result.added,
        result.skipped,
        JSON.stringify(rejected),
        opts.importId,
      );
    }
    db.exec("COMMIT");
    return result;
  } catch (err) {
    db.exec("ROLLBACK");
    throw err;
  }
}

/** Options for {@linkcode beginImport}. */
export interface BeginImportOptions {
  /** The provenance row (from {@linkcode registerSource}) being imported. */
  sourceId: number;
  /** When the run started (UTC epoch ms). */
  startedMs: number;
}

/** Start an import run for a source; returns its id. */
export function beginImport(db: DatabaseSync, opts: BeginImportOptions): number {
  const r = db.prepare("INSERT INTO imports (source_id, started_ms) VALUES (?, ?)")
    .run(opts.sourceId, opts.startedMs);
  return Number(r.lastInsertRowid);
}

/** Options for {@linkcode finishImport}. */
export interface FinishImportOptions {
  /** The run (from {@linkcode beginImport}) to finish. */
  importId: number;
  /** When the run finished (UTC epoch ms). */
  finishedMs: number;
}

/** Mark an import run finished. */
export function finishImport(db: DatabaseSync, opts: FinishImportOptions): void {
  db.prepare("UPDATE imports SET finished_ms = ? WHERE id = ?").run(opts.finishedMs, opts.importId);
}

function redactBatch(batch: StoreBatch, r: StoreRedactor): StoreBatch {
  const text = <T extends string | undefined>(v: T, f: (x: string) => string): T =>
    (v === undefined || v === "" ? v : f(v)) as T;
  return {
    ...batch,
    snapshots: batch.snapshots.map((x) => ({
      ...x,
      title: text(x.title, r.title),
      url: text(x.url, r.url),
    })),
    events: batch.events.map((e) => ({
      ...e,
      title: text(e.title, r.title),
      url: text(e.url, r.url),
      ...(e.element ? { element: { ...e.element, name: text(e.element.name, r.title) } } : {}),
    })),
    ...(batch.elements
      ? { elements: batch.elements.map((el) => ({ ...el, name: r.title(el.name) })) }
      : {}),
  };
}

interface Statements {
  snapshot: StatementSync;
  snapshotByKey: StatementSync;
  event: StatementSync;
  element: StatementSync;
  display: StatementSync;
  marker: StatementSync;
  importRejected: StatementSync;
  importCount: StatementSync;
}

const cache = new WeakMap<DatabaseSync, Statements>();

function statements(db: DatabaseSync): Statements {
  let s = cache.get(db);
  if (s !== undefined) return s;
  s = {
    snapshot: db.prepare(
      `INSERT INTO snapshots (at_ms, display, app, title, url, trigger, focused, source_id,
         source_row, source_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
    ),
    snapshotByKey: db.prepare("SELECT id FROM snapshots WHERE source_key = ?"),
    event: db.prepare(
      `INSERT INTO input_events (at_ms, kind, display, x, y, app, title, url, element_name,
         element_role, element_automation_id, element_x, element_y, element_width,
         element_height, chars, text, snapshot_id, source_id, source_row, source_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
    ),
    element: db.prepare(
      `INSERT INTO elements (snapshot_id, role, name, x, y, width, height, units, origin)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    display: db.prepare(
      `INSERT INTO displays (name, x, y, width, height, scale, source_id) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET x = excluded.x, y = excluded.y, width = excluded.width,
         height = excluded.height, scale = excluded.scale, source_id = excluded.source_id`,
    ),
    marker: db.prepare(
      `INSERT INTO markers (at_ms, kind, reason, display, source_id, source_row, source_key)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
    ),
    importRejected: db.prepare("SELECT rejected FROM imports WHERE id = ?"),
    importCount: db.prepare(
      `UPDATE imports SET read = read + ?, added = added + ?, skipped = skipped + ?,
         rejected = ? WHERE id = ?`,
    ),
  };
  cache.set(db, s);
  return s;
}

function writeRows(
  s: Statements,
  sourceId: number,
  batch: StoreBatch,
  ids: Map<number, number>,
): AppendResult {
  let added = 0;
  let skipped = 0;
  const fresh = new Set<number>();
  const snapKeys = batch.snapshotKeys;
  for (let i = 0; i < batch.snapshots.length; i++) {
    const x = batch.snapshots[i];
    const key = snapKeys?.[i] ?? null;
    const r = s.snapshot.run(
      x.at,
      x.display,
      x.app,
      x.title ?? null,
      x.url ?? null,
      x.trigger ?? "unknown",
      x.focused === undefined ? null : x.focused ? 1 : 0,
      sourceId,
      x.ref,
      key,
    );
    if (r.changes > 0) {
      added++;
      ids.set(x.ref, Number(r.lastInsertRowid));
      fresh.add(x.ref);
    } else {
      skipped++;
      const old = s.snapshotByKey.get(key) as { id: number } | undefined;
      if (old !== undefined) ids.set(x.ref, old.id);
    }
  }
  const eventKeys = batch.eventKeys;
  for (let i = 0; i < batch.events.length; i++) {
    const e = batch.events[i];
    const el = e.element;
    const b = el?.bounds;
    const r = s.event.run(
      e.at,
      e.kind,
      e.display ?? null,
      e.x ?? null,
      e.y ?? null,
      e.app ?? null,
      e.title ?? null,
      e.url ?? null,
      el?.name ?? null,
      el?.role ?? null,
      el?.automationId ?? null,
      b?.x ?? null,
      b?.y ?? null,
      b?.width ?? null,
      b?.height ?? null,
      e.chars ?? null,
      e.text ?? null,
      e.snapshotRef === undefined ? null : ids.get(e.snapshotRef) ?? null,
      sourceId,
      e.ref,
      eventKeys?.[i] ?? null,
    );
    if (r.changes > 0) added++;
    else skipped++;
  }
  for (const el of batch.elements ?? []) {
    // Elements belong to their snapshot: a snapshot imported before already has them.
    const id = ids.get(el.snapshotRef);
    if (id === undefined || !fresh.has(el.snapshotRef)) continue;
    const b = el.bounds;
    s.element.run(id, el.role, el.name, b.x, b.y, b.width, b.height, el.units, el.source);
  }
  const markerKeys = batch.markerKeys;
  (batch.markers ?? []).forEach((m, i) => {
    const r = s.marker.run(
      m.at,
      m.kind,
      m.reason ?? null,
      m.display ?? null,
      sourceId,
      m.ref,
      markerKeys?.[i] ?? null,
    );
    if (r.changes > 0) added++;
    else skipped++;
  });
  for (const d of batch.displays ?? []) {
    s.display.run(d.display, d.x, d.y, d.width, d.height, d.scale, sourceId);
  }
  return { added, skipped };
}
