/**
 * What `frames import` can read: each kind is a registered adapter's name, and its
 * adapter's `importer()` turns `[FROM]` (or the kind's default location) into an
 * importable source.
 *
 * @module
 */

import { type ImportableSource, loadAdapters } from "../../adapters/mod.ts";

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
  /** Load typed text (off by default; SPEC §9). */
  includeText?: boolean;
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
  const adapter = (await loadAdapters()).find((a) => a.name === kind);
  if (adapter?.importer === undefined) {
    throw new TypeError(`Cannot import ${kind}: no registered adapter imports it`);
  }
  return await adapter.importer(from, {
    home: opts.home,
    key: opts.awKey,
    code: opts.recallCode,
    includeText: opts.includeText,
  });
}
