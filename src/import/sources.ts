/**
 * What `frames import` can read: one opener per kind, each turning `[FROM]` (or the
 * kind's default location) into an importable source.
 *
 * @module
 */

import { join } from "node:path";
import type { ImportableSource } from "../../adapters/_keyed.ts";
import {
  AW_DEFAULT_URL,
  discoverActivityWatch,
  openActivityWatchImport,
} from "../../adapters/activitywatch.ts";
import { discoverScreenpipe, SCREENPIPE_DEFAULT_PATHS } from "../../adapters/screenpipe.ts";
import { openMemoryArchiveImport } from "../../adapters/memory_archive.ts";
import { openRecallImport, recallDatabases } from "../../adapters/recall.ts";
import { openScreenpipeImport } from "./_screenpipe.ts";

/** The kinds `frames import` accepts. */
export const IMPORT_KINDS = ["activitywatch", "recall", "memory-archive", "screenpipe"] as const;

/** One of {@linkcode IMPORT_KINDS}. */
export type ImportKind = typeof IMPORT_KINDS[number];

/** Options for {@linkcode openImport}. */
export interface OpenImportOptions {
  /** The user's home directory (default locations). */
  home: string;
  /** ActivityWatch REST bearer key. */
  awKey?: string;
  /** Windows Recall export code (32 hex digits). */
  recallCode?: string;
}

/** True when `kind` is one of {@linkcode IMPORT_KINDS}. */
export function isImportKind(kind: string): kind is ImportKind {
  return (IMPORT_KINDS as readonly string[]).includes(kind);
}

/** Open `from` (or the kind's default location) for import. */
export async function openImport(
  kind: ImportKind,
  from: string | undefined,
  opts: OpenImportOptions,
): Promise<ImportableSource> {
  switch (kind) {
    case "activitywatch":
      return await openActivityWatchImport(
        from ?? discoverActivityWatch(opts.home) ?? AW_DEFAULT_URL,
        { key: opts.awKey },
      );
    case "screenpipe": {
      const path = from ?? discoverScreenpipe(opts.home);
      if (path === undefined) {
        throw new Error(
          `Cannot find a screenpipe database: none of ${
            SCREENPIPE_DEFAULT_PATHS.map((p) => `"${join(opts.home, p)}"`).join(", ")
          } exists; pass its path`,
        );
      }
      return openScreenpipeImport(path);
    }
    case "recall": {
      const path = from ?? recallDatabases(opts.home)[0];
      if (path === undefined) {
        throw new Error(
          "Cannot find a Windows Recall database: no ukg.db under %LOCALAPPDATA%\\CoreAIPlatform.00\\UKP; pass its path or an export folder",
        );
      }
      return openRecallImport(path, { code: opts.recallCode });
    }
    case "memory-archive":
      if (from === undefined) {
        throw new TypeError("Cannot import memory-archive: pass the session folder as FROM");
      }
      return openMemoryArchiveImport(from);
  }
}
