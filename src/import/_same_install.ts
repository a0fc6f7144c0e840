/**
 * One recorder install imported in two forms (screenpipe's `db.sqlite` and its REST API)
 * must not double its rows. Their keys name the form (`screenpipe:<path>#f<id>`,
 * `screenpipe:<url>#f<id>`) but carry the recorder's own row ids, so an import recognises
 * an earlier source of the same adapter as the same install when the rows it would write
 * carry the same ids with the same instant, app and window (or input kind) as the rows
 * stored under that source's keys — on a sample spread across the time both cover, every
 * sampled row that both hold agreeing, and at least {@linkcode MIN_AGREE} of them — and
 * then writes under that source's key namespace, so the store's key idempotency skips what
 * is already there. Keys already stored are never rewritten (no migration): a source whose
 * own keys already hold rows keeps them.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { ImportableSource } from "../../adapters/mod.ts";
import type { InputEvent, Snapshot } from "../model.ts";
import type { StoreRedactor } from "../store/mod.ts";

/** Adapters whose keys are `<adapter>:<location>#<kind><the recorder's own row id>`. */
const RECORDER_IDS: ReadonlySet<string> = new Set(["screenpipe"]);

/** Windows read for the sample, spread across the overlap. */
const SAMPLE_WINDOWS = 5;

/** Rows compared, spread across the windows read. */
const SAMPLE_ROWS = 64;

/** Agreeing rows needed, with none disagreeing: never a guess on one row. */
export const MIN_AGREE = 3;

/** An earlier source recognised as the same install. */
export interface SameInstall {
  /** Its location (path or URL), as the store names it. */
  location: string;
  /** The key prefix of the importing source (`<adapter>:<location>#`). */
  from: string;
  /** That source's key prefix, which the import writes under instead. */
  to: string;
}

/** What the sample needs of the import. */
export interface SameInstallOptions {
  /** The machine the import records on its rows. */
  machine: string;
  /** The import's window length, in ms. */
  sliceMs: number;
  /** The store's redaction, applied to titles before comparing them with stored ones. */
  redact?: StoreRedactor;
}

/**
 * The earlier source of the same install as `source` in the store, or `undefined` when
 * there is none, the sample does not agree, or `source`'s own keys already hold rows.
 */
export function findSameInstall(
  db: DatabaseSync,
  source: ImportableSource,
  opts: SameInstallOptions,
): SameInstall | undefined {
  if (!RECORDER_IDS.has(source.adapter)) return undefined;
  const from = prefixOf(source.adapter, source.location);
  if (holdsRows(db, from)) return undefined;
  const span = source.span();
  if (span === undefined) return undefined;
  const candidates = db.prepare(
    "SELECT location FROM sources WHERE adapter = ? AND location <> ? ORDER BY id",
  ).all(source.adapter, source.location) as { location: string }[];
  for (const { location } of candidates) {
    const to = prefixOf(source.adapter, location);
    const theirs = spanOf(db, to, opts.machine);
    if (theirs === undefined) continue;
    const lo = Math.max(span.first, theirs.first), hi = Math.min(span.last, theirs.last);
    if (lo > hi) continue;
    const sample = sampleRows(source, from, lo, hi, opts.sliceMs);
    if (agrees(db, sample, from, to, opts)) return { location, from, to };
  }
  return undefined;
}

/** `key` under the recognised install's namespace (keys of other shapes as they are). */
export function rekey(same: SameInstall | undefined, key: string): string {
  return same !== undefined && key.startsWith(same.from)
    ? same.to + key.slice(same.from.length)
    : key;
}

type Keyed =
  | { key: string; snapshot: Snapshot; event?: undefined }
  | { key: string; event: InputEvent; snapshot?: undefined };

function prefixOf(adapter: string, location: string): string {
  return `${adapter}:${location}#`;
}

/** The key range `[prefix, prefix with its final '#' raised)`, which the key index serves. */
function range(prefix: string): [string, string] {
  return [prefix, prefix.slice(0, -1) + "$"];
}

function holdsRows(db: DatabaseSync, prefix: string): boolean {
  const [a, b] = range(prefix);
  return ["snapshots", "input_events"].some((t) =>
    db.prepare(`SELECT 1 FROM ${t} WHERE source_key >= ? AND source_key < ? LIMIT 1`)
      .get(a, b) !== undefined
  );
}

function spanOf(
  db: DatabaseSync,
  prefix: string,
  machine: string,
): { first: number; last: number } | undefined {
  const [a, b] = range(prefix);
  const row = db.prepare(
    `SELECT min(at_ms) AS first, max(at_ms) AS last FROM snapshots
     WHERE source_key >= ? AND source_key < ? AND machine IS ?`,
  ).get(a, b, machine) as { first: number | null; last: number | null };
  return row.first === null || row.last === null ? undefined : { first: row.first, last: row.last };
}

/** Up to SAMPLE_ROWS rows of the source's own keys, from windows spread across [lo, hi]. */
function sampleRows(
  source: ImportableSource,
  from: string,
  lo: number,
  hi: number,
  sliceMs: number,
): Keyed[] {
  const first = Math.floor(lo / sliceMs), last = Math.floor(hi / sliceMs);
  const count = last - first + 1;
  const picks = new Set<number>();
  for (let i = 0; i < Math.min(SAMPLE_WINDOWS, count); i++) {
    picks.add(first + Math.floor(i * (count - 1) / Math.max(1, SAMPLE_WINDOWS - 1)));
  }
  const rows: Keyed[] = [];
  for (const w of [...picks].sort((a, b) => a - b)) {
    const k = source.readKeyed({ start: w * sliceMs, end: (w + 1) * sliceMs });
    // Every row of the window counts, inside the overlap or not: an id the other source
    // holds at another instant is a disagreement wherever this source has it.
    k.capture.snapshots.forEach((s, i) => rows.push({ key: k.snapshotKeys[i], snapshot: s }));
    k.capture.events.forEach((e, i) => rows.push({ key: k.eventKeys[i], event: e }));
  }
  const own = rows.filter((r) => r.key.startsWith(from));
  if (own.length <= SAMPLE_ROWS) return own;
  return Array.from(
    { length: SAMPLE_ROWS },
    (_, i) => own[Math.floor(i * own.length / SAMPLE_ROWS)],
  );
}

/** True when no sampled row the other namespace holds differs, and enough of them agree. */
function agrees(
  db: DatabaseSync,
  sample: readonly Keyed[],
  from: string,
  to: string,
  opts: SameInstallOptions,
): boolean {
  const snap = db.prepare("SELECT at_ms, app, title, machine FROM snapshots WHERE source_key = ?");
  const event = db.prepare("SELECT at_ms, kind, machine FROM input_events WHERE source_key = ?");
  const title = (t: string | undefined) =>
    t === undefined || t === "" || opts.redact === undefined ? t ?? null : opts.redact.title(t);
  let agree = 0;
  for (const r of sample) {
    const key = to + r.key.slice(from.length);
    if (r.snapshot !== undefined) {
      const got = snap.get(key) as
        | { at_ms: number; app: string; title: string | null; machine: string | null }
        | undefined;
      if (got === undefined) continue;
      const s = r.snapshot;
      if (
        got.at_ms !== s.at || got.app !== s.app || got.title !== title(s.title) ||
        got.machine !== opts.machine
      ) return false;
    } else {
      const got = event.get(key) as
        | { at_ms: number; kind: string; machine: string | null }
        | undefined;
      if (got === undefined) continue;
      if (got.at_ms !== r.event.at || got.kind !== r.event.kind || got.machine !== opts.machine) {
        return false;
      }
    }
    agree++;
  }
  return agree >= MIN_AGREE;
}
