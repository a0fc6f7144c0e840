/**
 * The native store's writer: frames' own SQLite capture database (default
 * `~/.frames/capture.db`, under `FRAMES_HOME` when set), written by the capture engine and
 * by `frames import`. The schema and its migrations live in `_schema.ts`; this file opens (creating user-only files, WAL, a busy
 * timeout, forward migrations) and appends batches of capture-model rows, each batch in
 * one transaction, deduplicated on the source's own key.
 *
 * @module
 */

import { join } from "../file_path.ts";
import { DatabaseSync } from "node:sqlite";
import type { Capabilities } from "../model.ts";
import { describeSqliteError } from "./sqlite.ts";
import { MIGRATIONS, STORE_VERSION } from "./_schema.ts";
import type { AppendResult, StoreBatch, StoreRedactor } from "./batch.ts";
import { redactBatch, statements, writeRows } from "./_rows.ts";

export type { AppendResult, StoreBatch, StoreRedactor } from "./batch.ts";
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
