/**
 * The ActivityWatch readers (FORMATS §2), all four forms: the REST API, the export file
 * (Rust and Python flavours), the aw-server-rust SQLite file and the legacy peewee SQLite
 * file. Every form loads into one source interface (`_model.ts`); one core turns its
 * intervals into snapshots (`_snapshots.ts`).
 *
 * @module
 */

import { resolve } from "../../src/file_path.ts";
import type { Capture } from "../../src/model.ts";
import { AW_FORM_NAMES, AW_TYPES, type AwSource } from "./_model.ts";
import { loadAwExport } from "./_export.ts";
import { openAwSqlite } from "./_sqlite.ts";
import { checkWindow } from "../../src/store/mod.ts";
import { AW_DEFAULT_URL, loadAwServer } from "./_rest.ts";
import { buildAwCapture, planBuckets, sourceNotes } from "./_snapshots.ts";
import { awPrivacy, dropNote } from "./_privacy.ts";
import type { ImportableSource, ReadWindowOptions } from "../types.ts";

export { activityWatchPaths, discoverActivityWatch } from "./_discover.ts";
export { AW_DEFAULT_URL } from "./_rest.ts";
export { AW_REF_CHUNKS, AW_STEP_MS } from "./_snapshots.ts";

/** Options for the ActivityWatch readers. */
export interface ActivityWatchReadOptions extends ReadWindowOptions {
  /** Bearer key for the REST API. */
  key?: string;
  /** How long to wait for a writer's lock on a SQLite file, in ms (default 500). */
  busyTimeoutMs?: number;
}

/** True when `location` names an aw-server (an http or https URL). */
export function isAwServerUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

const SQLITE_MAGIC = "SQLite format 3\u0000";

/** Open an export file or either SQLite layout, chosen by the file's first bytes. */
export function openAwFile(path: string, opts: { busyTimeoutMs?: number } = {}): AwSource {
  const location = resolve(path);
  let head = "";
  try {
    const file = Deno.openSync(location, { read: true });
    try {
      const buf = new Uint8Array(16);
      const n = file.readSync(buf) ?? 0;
      head = new TextDecoder("latin1").decode(buf.subarray(0, n));
    } finally {
      file.close();
    }
  } catch {
    // Let the loader produce its own message (missing file, directory, permission).
  }
  return head === SQLITE_MAGIC ? openAwSqlite(location, opts) : loadAwExport(location);
}

function readFrom(source: AwSource, opts: ReadWindowOptions): Capture {
  assertLoadable(source);
  const { capture } = buildAwCapture(source, { ...opts, edges: true, strict: true });
  for (const [k, n] of Object.entries(source.loadRejected)) {
    capture.facts.rejected[k] = (capture.facts.rejected[k] ?? 0) + n;
  }
  return capture;
}

/**
 * No silent zeros: a source whose window events were all rejected while loading (no
 * parseable time, so they belong to no window) says so instead of reading as empty.
 */
function assertLoadable(source: AwSource): void {
  const plan = planBuckets(source);
  if (source.span(plan.window.map((b) => b.id)) !== undefined) return;
  const prefix = `${AW_TYPES.window}: `;
  const reasons = Object.entries(source.loadRejected).filter(([k]) => k.startsWith(prefix))
    .sort(([a], [b]) => a < b ? -1 : 1);
  if (reasons.length === 0) return;
  const n = reasons.reduce((s, [, v]) => s + v, 0);
  throw new Error(
    `Cannot read ${
      AW_FORM_NAMES[source.form]
    } "${source.location}": all ${n} "${AW_TYPES.window}" events were rejected (${
      reasons.map(([k, v]) => `${k.slice(prefix.length)}: ${v}`).join(", ")
    })`,
  );
}

/**
 * Read the window `[start, end)` of an ActivityWatch export file or SQLite database.
 *
 * @example
 * ```ts
 * const day = readActivityWatch("aw-export.json", { start, end });
 * day.snapshots[0].ref; // event id × 10,000 + chunk
 * ```
 */
export function readActivityWatch(path: string, opts: ActivityWatchReadOptions): Capture {
  checkWindow(opts);
  const source = openAwFile(path, opts);
  try {
    return readFrom(source, opts);
  } finally {
    source.close();
  }
}

/** Read the window `[start, end)` from a running aw-server (REST). */
export async function readActivityWatchServer(
  url: string,
  opts: ActivityWatchReadOptions,
): Promise<Capture> {
  checkWindow(opts);
  // Clipping by the server would move long events' starts: ask for a day more on each side.
  const source = await loadAwServer(url || AW_DEFAULT_URL, {
    key: opts.key,
    start: opts.start - 86_400_000,
    end: opts.end + 86_400_000,
  });
  return readFrom(source, opts);
}

/** Options for {@linkcode openActivityWatchImport}. */
export interface OpenActivityWatchImportOptions {
  key?: string;
  busyTimeoutMs?: number;
}

/** Open any ActivityWatch form (a URL means REST) for import into the native store. */
export async function openActivityWatchImport(
  location: string,
  opts: OpenActivityWatchImportOptions = {},
): Promise<ImportableSource> {
  const source = isAwServerUrl(location)
    ? await loadAwServer(location, { key: opts.key })
    : openAwFile(location, opts);
  let plan;
  try {
    plan = planBuckets(source);
    assertLoadable(source);
  } catch (err) {
    source.close();
    throw err;
  }
  const spanIds = [...plan.window, ...plan.input].map((b) => b.id);
  return {
    adapter: "activitywatch",
    location: source.location,
    fingerprint: source.fingerprint,
    capabilities: {
      input: plan.input.length > 0,
      elements: false,
      urls: plan.web.length > 0,
      heartbeats: false,
      focus: true,
    },
    loadRejected: source.loadRejected,
    notes: importNotes(source, plan),
    span: () => source.span(spanIds),
    readKeyed: (opts) => buildAwCapture(source, opts),
    close: () => source.close(),
  };
}

/** What a whole source cannot see: hosts without afk, events its privacy filters dropped. */
function importNotes(source: AwSource, plan: ReturnType<typeof planBuckets>): string[] {
  const { drops } = awPrivacy(source.privacyFilters);
  return [...sourceNotes(plan), ...(drops > 0 ? [dropNote(drops)] : [])];
}
