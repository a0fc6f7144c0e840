/**
 * Two screenpipe stores a database read must refuse rather than silently under-count:
 *
 * - **A locked vault.** screenpipe's vault encrypts `db.sqlite` in place while locked: every
 *   encrypted file starts with the magic bytes `SPVAULT1`, and a `.vault_locked` sentinel
 *   sits in the screenpipe folder from the start of locking until unlocking ends
 *   (screenpipe/screenpipe `crates/screenpipe-vault/src/crypto.rs` `MAGIC`,
 *   `is_encrypted_file`; `src/manager.rs` `VaultManager::new`, `lock`).
 * - **A migrated (Parquet) install.** Since screenpipe's pull request #7000 (2026-09,
 *   "SQLite + Parquet storage with in-place migration"; follow-ups #7027, #7046, #7056) a
 *   migrated install keeps frame, element, transcript and UI-event *content* in Parquet
 *   files while metadata and indexes stay in `db.sqlite`. The file layout is not in any
 *   source readable here, so it is recognised by what is missing: Parquet files beside the
 *   database while its `ui_events` or `elements` tables hold no row at all.
 *
 * Either way the message says what to run instead: the REST API serves every storage era.
 * `checkStore` runs the checks a read makes on an open database (a frames table with the
 * two columns every row needs, and not migrated).
 *
 * @module
 */

import type { ScreenpipeSchema } from "./_schema.ts";
import { dirname, join } from "../../src/file_path.ts";
import type { DatabaseSync } from "node:sqlite";

/** The magic bytes at the start of every vault-encrypted file. */
export const VAULT_MAGIC = "SPVAULT1";

const INSTEAD =
  "read it through screenpipe's API instead: --source screenpipe:api while screenpipe runs";

/** A database that looks migrated to Parquet storage: which tables are empty, which files sit beside. */
export class MigratedStoreError extends Error {
  /** The content tables with no row. */
  readonly empty: readonly string[];
  /** The Parquet files found beside the database. */
  readonly files: readonly string[];
  /** Build the error with its message and what was found. */
  constructor(message: string, empty: readonly string[], files: readonly string[]) {
    super(message);
    this.empty = empty;
    this.files = files;
  }
}

/** Throws when the database at `path` is vault-encrypted or its vault is locked. */
export function refuseLockedVault(path: string): void {
  const sentinel = exists(join(dirname(path), ".vault_locked"));
  let magic = false;
  try {
    const f = Deno.openSync(path, { read: true });
    try {
      const head = new Uint8Array(8);
      const n = f.readSync(head) ?? 0;
      magic = n === 8 && new TextDecoder().decode(head) === VAULT_MAGIC;
    } finally {
      f.close();
    }
  } catch {
    // Missing or unreadable: the SQLite open reports it with its own message.
  }
  if (magic || sentinel) {
    throw new Error(
      `Cannot read screenpipe database "${path}": screenpipe's vault is locked (${
        magic ? "the file is encrypted" : "a .vault_locked sentinel sits beside it"
      }); unlock it in the screenpipe app, or ${INSTEAD}`,
    );
  }
}

/** Parquet files under the database's folder (two levels deep), sorted. */
export function parquetBeside(path: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(dir)];
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isFile && e.name.toLowerCase().endsWith(".parquet")) out.push(p);
      else if (e.isDirectory && depth < 2) walk(p, depth + 1);
    }
  };
  walk(dirname(path), 0);
  return out.sort();
}

/**
 * Throws when the database looks migrated to Parquet storage: Parquet files beside it
 * while a content table it has is empty. `tables` names the content tables present.
 */
export function refuseMigrated(
  db: DatabaseSync,
  path: string,
  tables: readonly string[],
): void {
  const empty = tables.filter((t) =>
    db.prepare(`SELECT 1 FROM "${t}" LIMIT 1`).get() === undefined
  );
  if (empty.length === 0) return;
  const files = parquetBeside(path);
  if (files.length === 0) return;
  throw new MigratedStoreError(
    `Cannot read screenpipe database "${path}": it looks migrated to screenpipe's Parquet storage (${files.length} Parquet file${
      files.length === 1 ? "" : "s"
    } beside it, ${
      empty.join(" and ")
    } empty), so its input and element rows are not in the database; ${INSTEAD}`,
    empty,
    files,
  );
}

function exists(p: string): boolean {
  try {
    Deno.statSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The store checks of a read: a frames table with its two columns, not migrated. */
export function checkStore(
  db: DatabaseSync,
  location: string,
  schema: ScreenpipeSchema,
  opts: { allowMigrated?: boolean },
): void {
  const frames = schema.frames;
  if (frames === undefined) {
    throw new Error(
      `Cannot read screenpipe database "${location}": it has no frames table (is it a screenpipe database?)`,
    );
  }
  for (const column of ["timestamp", "app_name"]) {
    if (!frames.has(column)) {
      throw new Error(
        `Cannot read screenpipe database "${location}": the frames table has no ${column} column`,
      );
    }
  }
  if (opts.allowMigrated !== true) {
    refuseMigrated(db, location, [
      "frames",
      ...(schema.uiEvents !== undefined ? ["ui_events"] : []),
      ...(schema.elements !== undefined ? ["elements"] : []),
    ]);
  }
}
