/**
 * Read-only SQLite access shared by the native store and every SQLite-backed adapter: open
 * without ever writing (no WAL checkpoint, no migration, no writing PRAGMA), turn SQLite's
 * error codes into one-line messages that name the file and the problem, and hash a
 * schema's column names into a fingerprint.
 *
 * @module
 */

import { exists, fileUrl, join } from "../file_path.ts";
import { DatabaseSync } from "node:sqlite";

/** Options for {@linkcode openReadOnly}. */
export interface OpenReadOnlyOptions {
  /** Source name used in messages, e.g. `screenpipe`. */
  label: string;
  /** How long to wait for a writer's lock before giving up, in ms (default 500). */
  busyTimeoutMs?: number;
}

/** Open an existing SQLite file read-only, throwing a clear Error when it cannot be opened. */
export function openReadOnly(path: string, opts: OpenReadOnlyOptions): DatabaseSync {
  return openReadOnlyConnection(path, opts).db;
}

/** A read-only connection and whether a later read on it sees rows written since it opened. */
export interface ReadOnlyConnection {
  /** The connection. */
  db: DatabaseSync;
  /**
   * True when the file was opened plainly read-only, so each new read transaction sees the
   * latest commit; false for an `immutable=1` connection or a private snapshot copy, which
   * keep answering from the file as it was when opened (keep such a connection for one read).
   */
  seesNewRows: boolean;
}

/**
 * {@linkcode openReadOnly}, telling how the file was opened: only a connection that sees new
 * rows may be kept across reads (a long-running process's watermark).
 */
export function openReadOnlyConnection(
  path: string,
  opts: OpenReadOnlyOptions,
): ReadOnlyConnection {
  const what = `Cannot open ${opts.label} database "${path}"`;
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new Error(`${what}: file does not exist`, { cause: err });
    }
    if (err instanceof Deno.errors.PermissionDenied) {
      throw new Error(`${what}: permission denied`, { cause: err });
    }
    throw new Error(`${what}: ${messageOf(err)}`, { cause: err });
  }
  if (info.isDirectory) throw new Error(`${what}: path is a directory, not a file`);
  try {
    const opened = openWithoutSideFiles(path);
    // A connection setting, not a write; Deno ignores the constructor's `timeout` option.
    const wanted = opts.busyTimeoutMs ?? 500;
    const timeout = Number.isFinite(wanted) ? Math.max(0, Math.floor(wanted)) : 500;
    opened.db.exec(`PRAGMA busy_timeout = ${timeout}`);
    return opened;
  } catch (err) {
    throw describeSqliteError(err, { label: opts.label, path, action: "open" });
  }
}

/**
 * Opens `path` read-only so that reading leaves the source's folder exactly as it was. A
 * WAL-mode database opened plainly read-only creates `-wal` and `-shm` files when none
 * exist. When none exist no writer is active (a WAL writer keeps its `-wal` open), and the
 * main file holds every commit: it is opened `immutable=1` (no locks, no side files), or —
 * where the runtime cannot pass a URI to SQLite (Deno resolves the location as a path
 * unless every permission is granted) — a snapshot copy in a private temporary folder is
 * read instead and removed on close (a process that may write no file at all opens it
 * plainly). With a `-wal` present a writer may be active:
 * `immutable` would skip its commits or read a page mid-checkpoint, so the file is opened
 * plainly read-only — its side files exist already and a reader never checkpoints. A
 * rollback-journal database never gets side files from a reader and is opened plainly.
 */
function openWithoutSideFiles(path: string): ReadOnlyConnection {
  const plain = () => ({ db: new DatabaseSync(path, { readOnly: true }), seesNewRows: true });
  if (!isWalMode(path) || exists(`${path}-wal`) || exists(`${path}-shm`)) return plain();
  const url = fileUrl(path);
  url.search = "?mode=ro&immutable=1";
  try {
    const db = new DatabaseSync(url, { readOnly: true });
    db.prepare("SELECT count(*) FROM sqlite_master").get(); // the URI really opened it
    return { db, seesNewRows: false };
  } catch {
    // A process without write permission (the MCP server runs read-only) cannot make the
    // copy either: it opens the file plainly, and SQLite may leave empty side files.
    return mayWriteTemp() ? { db: openSnapshotCopy(path), seesNewRows: false } : plain();
  }
}

function mayWriteTemp(): boolean {
  try {
    return Deno.permissions.querySync({ name: "write" }).state === "granted";
  } catch {
    return false;
  }
}

function openSnapshotCopy(path: string): DatabaseSync {
  const dir = Deno.makeTempDirSync({ prefix: "frames_read_" });
  const remove = () => {
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch {
      // Already gone.
    }
  };
  try {
    const copy = join(dir, "snapshot.db");
    Deno.copyFileSync(path, copy);
    Deno.chmodSync(copy, 0o600);
    const db = new DatabaseSync(copy, { readOnly: true });
    const close = db.close.bind(db);
    db.close = () => {
      try {
        close();
      } finally {
        remove();
      }
    };
    return db;
  } catch (err) {
    remove();
    throw err;
  }
}

// The header's read and write versions are 2 in WAL mode (https://sqlite.org/fileformat.html, offsets 18-19).
function isWalMode(path: string): boolean {
  let file: Deno.FsFile | undefined;
  try {
    file = Deno.openSync(path, { read: true });
    const head = new Uint8Array(20);
    let got = 0;
    while (got < head.length) {
      const n = file.readSync(head.subarray(got));
      if (n === null || n === 0) break;
      got += n;
    }
    return got === 20 && head[18] === 2 && head[19] === 2;
  } catch {
    return false;
  } finally {
    file?.close();
  }
}

/**
 * SQL that reads a TEXT column whole: `node:sqlite` returns text up to its first NUL, so a
 * value holding one (a hostile window title) is selected as bytes instead, and
 * {@linkcode wholeTextValue} decodes it — the title after the NUL is kept.
 */
export function wholeText(column: string): string {
  return `CASE WHEN instr(${column}, char(0)) > 0 THEN CAST(${column} AS BLOB) ELSE ${column} END`;
}

const UTF8 = new TextDecoder();

/** The string of a value selected with {@linkcode wholeText} (other values as they are). */
export function wholeTextValue(value: unknown): unknown {
  return value instanceof Uint8Array ? UTF8.decode(value) : value;
}

/** Options for {@linkcode describeSqliteError}. */
export interface DescribeSqliteErrorOptions {
  /** Source name used in messages, e.g. `screenpipe`. */
  label: string;
  /** The database file the error came from. */
  path: string;
  /** The verb of the message: `open` or `read`. */
  action: "open" | "read";
}

/**
 * Turn an error thrown by `node:sqlite` into a one-line Error naming the file; errors that
 * did not come from SQLite are returned unchanged.
 */
export function describeSqliteError(err: unknown, opts: DescribeSqliteErrorOptions): Error {
  const code = (err as { code?: unknown } | null)?.code;
  if (!(err instanceof Error) || typeof code !== "string" || !code.startsWith("ERR_SQLITE")) {
    return err instanceof Error ? err : new Error(String(err));
  }
  const what = `Cannot ${opts.action} ${opts.label} database "${opts.path}"`;
  const errcode = (err as { errcode?: unknown }).errcode;
  const primary = typeof errcode === "number" ? errcode & 0xff : -1;
  let detail: string;
  switch (primary) {
    case 5: // SQLITE_BUSY
    case 6: // SQLITE_LOCKED
      detail = "database is locked by another process; try again in a moment";
      break;
    case 11: // SQLITE_CORRUPT
      detail = "database file is corrupt";
      break;
    case 14: // SQLITE_CANTOPEN
      detail = "file cannot be opened (check permissions and that the folder is readable)";
      break;
    case 23: // SQLITE_AUTH
    case 3: // SQLITE_PERM
      detail = "permission denied";
      break;
    case 26: // SQLITE_NOTADB
      detail = "not a SQLite database";
      break;
    default:
      detail = err.message.split("\n")[0];
  }
  return new Error(`${what}: ${detail}`, { cause: err });
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message.split("\n")[0] : String(err);
}

/** A prepared statement whose rows come back as arrays (positions follow the SELECT list). */
export interface ArrayStatement {
  /** Run the statement and return every row as an array of column values. */
  all(...params: (number | string | null)[]): unknown[][];
}

/**
 * Prepare a statement that returns rows as arrays, which skips building one object per row
 * (`setReturnArrays` exists at run time but is missing from the bundled type definitions).
 */
export function prepareArrays(db: DatabaseSync, sql: string): ArrayStatement {
  const stmt = db.prepare(sql);
  (stmt as unknown as { setReturnArrays(on: boolean): void }).setReturnArrays(true);
  return stmt as unknown as ArrayStatement;
}

/**
 * Run `read` inside one read transaction, so every statement sees the same snapshot of a
 * database that is being written; on failure the transaction is dropped and the error kept.
 */
export function inReadTransaction<T>(db: DatabaseSync, read: () => T): T {
  db.exec("BEGIN");
  let result: T;
  try {
    result = read();
  } catch (err) {
    try {
      db.exec("ROLLBACK");
    } catch {
      // Closing the connection ends the transaction anyway; keep the original error.
    }
    throw err;
  }
  db.exec("COMMIT");
  return result;
}

/** Options for {@linkcode readSqliteSource}. */
export interface ReadSqliteSourceOptions extends OpenReadOnlyOptions {
  /** Absolute path of the database. */
  location: string;
}

/**
 * Open a SQLite source read-only, run `read` inside one read transaction and close it;
 * SQLite's errors become one-line messages naming the file.
 */
export function readSqliteSource<T>(
  opts: ReadSqliteSourceOptions,
  read: (db: DatabaseSync) => T,
): T {
  const db = openReadOnly(opts.location, opts);
  try {
    return inReadTransaction(db, () => read(db));
  } catch (err) {
    throw describeSqliteError(err, { label: opts.label, path: opts.location, action: "read" });
  } finally {
    db.close();
  }
}

/**
 * FNV-1a 32-bit hash of a string's UTF-16 code units, as 8 hex digits; sources fingerprint
 * their schema with it (the sorted `table.column` names), so a layout change shows.
 */
export function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}
