/**
 * The importer core: any importable source → the native capture store, window by window,
 * in batches that each commit in one transaction (rows and the import run's counters
 * together), deduplicated on the source's own keys. Re-running adds nothing new; a run
 * killed part-way keeps every committed batch, never half of one, and a rerun completes it.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { hostname } from "node:os";
import type { ImportableSource, KeyedCapture } from "../../adapters/mod.ts";
import {
  appendBatch,
  beginImport,
  finishImport,
  openStore,
  registerSource,
  type StoreBatch,
  type StoreRedactor,
} from "../store/mod.ts";
import type { Element, InputEvent, Marker, Snapshot } from "../model.ts";
import { findSameInstall, rekey } from "./_same_install.ts";

export type * from "../../adapters/types.ts";
export type { StoreRedactor } from "../store/mod.ts";

/** Options for {@linkcode importSource}. */
export interface ImportOptions {
  /** The native store to append to (created when absent). */
  store: string;
  /** Window read from the source at a time, in ms (default one day). */
  sliceMs?: number;
  /** Rows per transaction (default 20,000). */
  batchRows?: number;
  /** Keep typed text (privacy: off by default; only lengths are stored). */
  includeText?: boolean;
  /** Called after every committed batch and window with the windows done and total. */
  onProgress?: (done: number, total: number) => void;
  /** The clock for the import run's bookkeeping (default `Date.now`). */
  now?: () => number;
  /** Store URLs and titles redacted (`redact_store` in config.json). */
  redact?: StoreRedactor;
  /**
   * The computer every imported row was captured on (`--machine`; default the source's
   * hostname where it says, else this computer's hostname).
   */
  machine?: string;
}

/** What an import did. */
export interface ImportSummary {
  /** The source's adapter name (`activitywatch`, …). */
  adapter: string;
  /** The source's path or URL. */
  location: string;
  /** The store appended to. */
  store: string;
  /** Capture rows (snapshots, input events and markers) the source produced. */
  read: number;
  /** Snapshots among them: without one, the other rows cannot be compiled into anything. */
  snapshots: number;
  /** Rows appended to the store. */
  added: number;
  /** Rows already in the store (same source key). */
  skipped: number;
  /** Source rows that could not be used, by reason. */
  rejected: Record<string, number>;
  /** What the source says it cannot see (kept with its provenance row), when it says so. */
  notes?: string[];
  /**
   * The machine recorded on the imported rows: `--machine`, else each stream's machine where
   * the source names one (an ActivityWatch bucket's hostname; names joined by `, ` when the
   * source held several), else this computer's hostname.
   */
  machine: string;
  /**
   * What the recorder itself withheld in the rows read, by reason (its privacy markers): the
   * rows are stored without the withheld values, so the count is said here.
   */
  withheld?: Record<string, number>;
  /**
   * The earlier source of the store recognised as the same recorder install (its rows carry
   * the same recorder ids at the same instants), whose keys this import wrote under, so the
   * rows both forms hold are stored once; `skipped` counts those already there.
   */
  sameInstall?: string;
}

const DAY_MS = 86_400_000;

/**
 * Import every row of `source` into the native store at `opts.store`.
 *
 * @example
 * ```ts
 * const source = await openImport("activitywatch", "aw-export.json", { home });
 * try {
 *   const summary = importSource(source, { store: storePath(home) });
 * } finally {
 *   source.close();
 * }
 * ```
 */
export function importSource(source: ImportableSource, opts: ImportOptions): ImportSummary {
  const sliceMs = opts.sliceMs ?? DAY_MS;
  const batchRows = Math.max(1, Math.floor(opts.batchRows ?? 20_000));
  const now = opts.now ?? Date.now;
  const machine = opts.machine ?? source.machine ?? hostname();
  checkMachine(machine);
  const summary: ImportSummary = {
    adapter: source.adapter,
    location: source.location,
    store: opts.store,
    read: 0,
    snapshots: 0,
    added: 0,
    skipped: 0,
    rejected: {},
    ...(source.notes !== undefined && source.notes.length > 0 ? { notes: [...source.notes] } : {}),
    machine,
  };
  const span = source.span();
  const machines = new Set<string>();
  const db = openStore(opts.store);
  try {
    // Before this source is registered: a first import of it has no provenance row yet.
    const same = findSameInstall(db, source, { machine, sliceMs, redact: opts.redact });
    if (same !== undefined) summary.sameInstall = same.location;
    const sourceId = registerSource(db, source);
    const importId = beginImport(db, { sourceId, startedMs: now() });
    const refIds = new Map<number, number>();
    let pendingRejected = { ...(source.loadRejected ?? {}) };
    const total = span === undefined
      ? 0
      : Math.floor(span.last / sliceMs) - Math.floor(span.first / sliceMs) + 1;
    for (let i = 0; i < total; i++) {
      const start = (Math.floor(span!.first / sliceMs) + i) * sliceMs;
      const keyed = source.readKeyed({
        start,
        end: start + sliceMs,
        includeText: opts.includeText === true,
      });
      merge(pendingRejected, keyed.capture.facts.rejected);
      if (keyed.capture.facts.withheld !== undefined) {
        merge(summary.withheld ??= {}, keyed.capture.facts.withheld);
      }
      // `--machine` names every row; else each stream's own machine where the source says.
      const groups = byMachine(
        keyed,
        opts.machine === undefined ? keyed.machines : undefined,
        machine,
      );
      groups.forEach((g, n) => {
        if (g.snapshots.length + g.events.length + g.markers.length > 0) machines.add(g.machine);
        const { snapshots, snapshotKeys, events, eventKeys, markers } = g;
        const batches = split(snapshots, events, batchRows);
        if (batches.length === 0 && markers.length > 0) {
          batches.push({ s0: 0, s1: 0, e0: 0, e1: 0 });
        }
        // The writer stores a snapshot's element rows with the snapshot, in its batch.
        const elementsOf = elementsByBatch(snapshots, batches, keyed.elements);
        batches.forEach((b, k) => {
          const batch: StoreBatch = {
            machine: g.machine,
            snapshots: snapshots.slice(b.s0, b.s1),
            snapshotKeys: snapshotKeys.slice(b.s0, b.s1).map((key) => rekey(same, key)),
            events: events.slice(b.e0, b.e1),
            eventKeys: eventKeys.slice(b.e0, b.e1).map((key) => rekey(same, key)),
            elements: elementsOf[k],
            displays: k === 0 && n === 0 ? keyed.capture.displays : undefined,
            // The window's markers go with its first batch (a handful per day).
            ...(k === 0 && markers.length > 0
              ? { markers, markerKeys: markers.map((m) => markerKey(source.adapter, m)) }
              : {}),
          };
          if (!opts.includeText) batch.events = batch.events.map(withoutText);
          const rows = batch.snapshots.length + batch.events.length + (batch.markers?.length ?? 0);
          const r = appendBatch(db, batch, {
            sourceId,
            importId,
            read: rows,
            rejected: pendingRejected,
            refIds,
            redact: opts.redact,
          });
          pendingRejected = {};
          summary.read += rows;
          summary.snapshots += batch.snapshots.length;
          summary.added += r.added;
          summary.skipped += r.skipped;
        });
      });
      if (Object.keys(pendingRejected).length > 0) {
        appendBatch(db, { snapshots: [], events: [] }, {
          sourceId,
          importId,
          rejected: pendingRejected,
        });
        pendingRejected = {};
      }
      opts.onProgress?.(i + 1, total);
    }
    if (Object.keys(pendingRejected).length > 0) {
      appendBatch(db, { snapshots: [], events: [] }, {
        sourceId,
        importId,
        rejected: pendingRejected,
      });
    }
    finishImport(db, { importId, finishedMs: now() });
    if (machines.size > 0) summary.machine = [...machines].sort().join(", ");
    summary.rejected = rejectedOf(db, importId);
    return summary;
  } finally {
    db.close();
  }
}

/**
 * Why an import that found rows produced nothing to compile, as `Cannot import …: …` —
 * every row was rejected, or every snapshot row was (input and markers alone make no
 * frame; a direct read of such a window fails too), here by reason — or `undefined` when
 * snapshots were produced or the source is empty (SPEC §2: rejected rows are never
 * silent). The CLI prints it and exits 1.
 */
export function nothingImported(summary: ImportSummary): string | undefined {
  if (summary.snapshots > 0) return undefined;
  const reasons = Object.entries(summary.rejected).filter(([, n]) => n > 0)
    .sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
  if (reasons.length === 0) return undefined;
  const total = reasons.reduce((n, [, v]) => n + v, 0);
  const why = reasons.map(([k, v]) => `${k}: ${v}`).join("; ");
  const head = `Cannot import ${summary.adapter} "${summary.location}"`;
  return summary.read === 0
    ? `${head}: all ${total} rows it holds were rejected (${why})`
    : `${head}: no snapshot could be read, ${total} rows were rejected (${why}), and the ${summary.read} other rows alone make no frame`;
}

/**
 * A marker's dedupe key: what it says and when, so the same statement read from another
 * form of the source (an export and its database) is stored once.
 */
function markerKey(adapter: string, m: Marker): string {
  const on = m.display === undefined ? "" : `#${m.display}`;
  return `${adapter}:marker:${m.kind}@${m.at}${on}${m.reason === undefined ? "" : `/${m.reason}`}`;
}

/** One machine's rows of a window, with their keys, in time order. */
interface MachineRows {
  machine: string;
  snapshots: Snapshot[];
  snapshotKeys: string[];
  events: InputEvent[];
  eventKeys: string[];
  markers: Marker[];
}

/**
 * A window's rows split by the machine of their display (`machines`; rows of a display it
 * does not name, and markers naming none, go to `fallback`), machines in name order.
 */
function byMachine(
  keyed: KeyedCapture,
  machines: Record<string, string> | undefined,
  fallback: string,
): MachineRows[] {
  const { capture } = keyed;
  if (machines === undefined) {
    return [{
      machine: fallback,
      snapshots: capture.snapshots,
      snapshotKeys: keyed.snapshotKeys,
      events: capture.events,
      eventKeys: keyed.eventKeys,
      markers: capture.markers ?? [],
    }];
  }
  const groups = new Map<string, MachineRows>();
  const of = (display: string | undefined): MachineRows => {
    const m = (display === undefined ? undefined : machines[display]) ?? fallback;
    let g = groups.get(m);
    if (g === undefined) {
      checkMachine(m);
      groups.set(
        m,
        g = {
          machine: m,
          snapshots: [],
          snapshotKeys: [],
          events: [],
          eventKeys: [],
          markers: [],
        },
      );
    }
    return g;
  };
  capture.snapshots.forEach((s, i) => {
    const g = of(s.display);
    g.snapshots.push(s);
    g.snapshotKeys.push(keyed.snapshotKeys[i]);
  });
  capture.events.forEach((e, i) => {
    const g = of(e.display);
    g.events.push(e);
    g.eventKeys.push(keyed.eventKeys[i]);
  });
  for (const m of capture.markers ?? []) of(m.display).markers.push(m);
  return [...groups.values()].sort((a, b) => a.machine < b.machine ? -1 : 1);
}

function elementsByBatch(
  snapshots: readonly Snapshot[],
  cuts: readonly Cut[],
  elements: readonly Element[] | undefined,
): (Element[] | undefined)[] {
  const out: (Element[] | undefined)[] = cuts.map(() => undefined);
  if (elements === undefined || elements.length === 0) return out;
  const batchOf = new Map<number, number>();
  cuts.forEach((c, k) => {
    for (let i = c.s0; i < c.s1; i++) batchOf.set(snapshots[i].ref, k);
  });
  for (const el of elements) {
    const k = batchOf.get(el.snapshotRef);
    if (k !== undefined) (out[k] ??= []).push(el);
  }
  return out;
}

function merge(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

function rejectedOf(db: DatabaseSync, importId: number): Record<string, number> {
  const row = db.prepare("SELECT rejected FROM imports WHERE id = ?").get(importId) as {
    rejected: string;
  };
  return JSON.parse(row.rejected);
}

function withoutText(e: InputEvent): InputEvent {
  if (e.text === undefined) return e;
  const { text: _text, ...rest } = e;
  return rest;
}

interface Cut {
  s0: number;
  s1: number;
  e0: number;
  e1: number;
}

/** Cut time-ordered snapshots and events into batches of about `rows` rows, in time order. */
function split(snapshots: Snapshot[], events: InputEvent[], rows: number): Cut[] {
  const cuts: Cut[] = [];
  let s = 0, e = 0;
  while (s < snapshots.length || e < events.length) {
    const cut: Cut = { s0: s, s1: s, e0: e, e1: e };
    for (let n = 0; n < rows && (s < snapshots.length || e < events.length); n++) {
      if (e >= events.length || (s < snapshots.length && snapshots[s].at <= events[e].at)) s++;
      else e++;
    }
    cut.s1 = s;
    cut.e1 = e;
    cuts.push(cut);
  }
  return cuts;
}

/**
 * Throws a RangeError unless `name` can name a machine: 1 to 64 characters, none of them
 * `/` or `+` (they separate machine from display, and machines in overlap pairs) or control.
 */
export function checkMachine(name: string): void {
  // deno-lint-ignore no-control-regex
  if (name.length === 0 || name.length > 64 || /[/+\u0000-\u001f\u007f]/.test(name)) {
    throw new RangeError(
      `Cannot use machine name "${name}": use 1 to 64 characters without "/", "+" or control characters`,
    );
  }
}
