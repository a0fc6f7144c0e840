/**
 * The Windows Recall readers (FORMATS §3): the 2024 preview build's plaintext `ukg.db`,
 * and the EEA export (one encrypted file per snapshot, opened with the user's export
 * code). The document's `source` names the flavour: fingerprint `recall-ukg-…` or
 * `recall-export-v2`.
 *
 * @module
 */

import { basename, dirname, join, resolve } from "../../src/file_path.ts";
import type { Capture, Snapshot } from "../../src/model.ts";
import { checkWindow, readSqliteSource } from "../../src/store/mod.ts";
import { readUkg, ukgSpan, UNPARSEABLE_TIME } from "./_ukg.ts";
import { readRecallExport } from "./_export.ts";
import type { ImportableSource, ReadWindowOptions } from "../types.ts";

export { RECALL_DISPLAY } from "./_ukg.ts";

const LABEL = "Windows Recall";

/** Options for {@linkcode readRecall}. */
export interface RecallReadOptions extends ReadWindowOptions {
  /** The export code (32 hex digits) for an EEA export folder. */
  code?: string;
  busyTimeoutMs?: number;
}

/** Every `ukg.db` under `%LOCALAPPDATA%\CoreAIPlatform.00\UKP\<GUID>\`, sorted. */
export function recallDatabases(
  home: string,
  env: (name: string) => string | undefined = (n) => Deno.env.get(n),
): string[] {
  const local = env("LOCALAPPDATA") || join(home, "AppData", "Local");
  const root = join(local, "CoreAIPlatform.00", "UKP");
  const out: string[] = [];
  try {
    for (const e of Deno.readDirSync(root)) {
      const path = join(root, e.name, "ukg.db");
      try {
        if (e.isDirectory && Deno.statSync(path).isFile) out.push(path);
      } catch {
        // No database in this folder.
      }
    }
  } catch {
    // No Recall folder.
  }
  return out.sort();
}

function isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/** Read the window `[start, end)` of a Recall `ukg.db` (export folders need {@linkcode readRecallAsync}). */
export function readRecall(path: string, opts: RecallReadOptions): Capture {
  checkWindow(opts);
  const location = resolve(path);
  if (isDirectory(location)) {
    throw new Error(
      `Cannot read Windows Recall export "${location}" in this command: run "frames import recall ${location} --code CODE" and compile the native store`,
    );
  }
  return readSqliteSource(
    { location, label: LABEL, busyTimeoutMs: opts.busyTimeoutMs },
    (db) => readUkg(db, { location, start: opts.start, end: opts.end }),
  );
}

/** Read the window `[start, end)` of a `ukg.db` or an export folder (decrypted with `code`). */
export async function readRecallAsync(path: string, opts: RecallReadOptions): Promise<Capture> {
  checkWindow(opts);
  const location = resolve(path);
  if (!isDirectory(location)) return readRecall(location, opts);
  const got = await readRecallExport(location, {
    code: opts.code,
    what: `Cannot open Windows Recall export "${location}"`,
  });
  return exportCapture(location, got.snapshots, got, opts);
}

function exportCapture(
  location: string,
  all: Snapshot[],
  got: { rows: number; rejected: Record<string, number> },
  opts: ReadWindowOptions & { lookahead?: boolean },
): Capture {
  const snapshots = all.filter((x) => x.at >= opts.start && x.at < opts.end);
  // One snapshot past the end (SPEC §3.11), so the last one inside earns its dwell; `all`
  // is sorted by time.
  const next = all.find((x) => x.at >= opts.end);
  return {
    window: { start: opts.start, end: opts.end },
    snapshots,
    ...(next !== undefined && opts.lookahead !== false ? { after: [next] } : {}),
    events: [],
    displays: [],
    facts: {
      adapter: "recall",
      location,
      fingerprint: "recall-export-v2",
      capabilities: {
        input: false,
        elements: false,
        urls: snapshots.some((x) => x.url !== undefined),
        heartbeats: false,
        focus: false,
      },
      rows: { snapshots: got.rows },
      rejected: { ...got.rejected },
    },
  };
}

/** Options for {@linkcode openRecallImport}. */
export interface OpenRecallImportOptions {
  /** The export code, for an export folder. */
  code?: string;
}

/**
 * Open a Recall `ukg.db` or export folder for import; keys name the UKP folder and the
 * WindowCapture id, or the export file.
 */
export async function openRecallImport(
  path: string,
  opts: OpenRecallImportOptions = {},
): Promise<ImportableSource> {
  const location = resolve(path);
  if (isDirectory(location)) {
    const got = await readRecallExport(location, {
      code: opts.code,
      what: `Cannot open Windows Recall export "${location}"`,
    });
    const keyOf = new Map(
      got.snapshots.map((x, i) => [x, `recall-export:${got.names[i]}@${x.at}`]),
    );
    return {
      adapter: "recall",
      location,
      fingerprint: "recall-export-v2",
      capabilities: { input: false, elements: false, urls: true, heartbeats: false, focus: false },
      loadRejected: got.rejected,
      span: () =>
        got.snapshots.length === 0
          ? undefined
          : { first: got.snapshots[0].at, last: got.snapshots[got.snapshots.length - 1].at },
      readKeyed(window) {
        const capture = exportCapture(location, got.snapshots, got, {
          ...window,
          lookahead: false,
        });
        // Rejections belong to no window: the importer counts them once (loadRejected).
        capture.facts.rejected = {};
        return {
          capture,
          snapshotKeys: capture.snapshots.map((x) => keyOf.get(x)!),
          eventKeys: [],
        };
      },
      close() {},
    };
  }
  return openRecallDatabase(location);
}

/** Open a Recall `ukg.db` for import; keys name the UKP folder and the WindowCapture id. */
function openRecallDatabase(path: string): ImportableSource {
  const location = resolve(path);
  const probe = readRecall(location, { start: 0, end: 0 });
  const identity = basename(dirname(location));
  const unparseable = probe.facts.rejected[UNPARSEABLE_TIME];
  return {
    adapter: "recall",
    location,
    fingerprint: probe.facts.fingerprint,
    capabilities: { ...probe.facts.capabilities, urls: true },
    // Rows without a usable TimeStamp belong to no window: counted once per import.
    loadRejected: unparseable === undefined ? {} : { [UNPARSEABLE_TIME]: unparseable },
    span: () => readSqliteSource({ location, label: LABEL }, (db) => ukgSpan(db, location)),
    readKeyed(opts) {
      const capture = readRecall(location, opts);
      delete capture.facts.rejected[UNPARSEABLE_TIME];
      return {
        capture,
        snapshotKeys: capture.snapshots.map((s) => `recall:${identity}#${s.ref}`),
        eventKeys: [],
      };
    },
    close() {},
  };
}
