/**
 * The writer's row work: the prepared statements of one store connection, writing a batch's
 * rows with their dedupe keys, and the optional redaction of third-party text before it is
 * stored. Private to the store; `writer.ts` wraps it in a transaction.
 *
 * @module
 */

import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { AppendResult, StoreBatch, StoreRedactor } from "./batch.ts";

/** Redacts the batch's URLs, titles and element names with the caller's redactor. */
export function redactBatch(batch: StoreBatch, r: StoreRedactor): StoreBatch {
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

/** The prepared statements of one connection. */
export interface Statements {
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

/** The connection's prepared statements, prepared once per connection. */
export function statements(db: DatabaseSync): Statements {
  let s = cache.get(db);
  if (s !== undefined) return s;
  s = {
    snapshot: db.prepare(
      `INSERT INTO snapshots (at_ms, display, app, title, url, trigger, focused, source_id,
         source_row, source_key, machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
    ),
    snapshotByKey: db.prepare("SELECT id FROM snapshots WHERE source_key = ?"),
    event: db.prepare(
      `INSERT INTO input_events (at_ms, kind, display, x, y, app, title, url, element_name,
         element_role, element_automation_id, element_x, element_y, element_width,
         element_height, chars, text, snapshot_id, source_id, source_row, source_key, machine)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
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
      `INSERT INTO markers (at_ms, kind, reason, display, source_id, source_row, source_key,
         machine) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
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

/** Writes a batch's rows, skipping those whose key the store already holds. */
export function writeRows(
  s: Statements,
  sourceId: number,
  batch: StoreBatch,
  ids: Map<number, number>,
): AppendResult {
  let added = 0;
  let skipped = 0;
  const machine = batch.machine ?? null;
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
      machine,
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
      machine,
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
      machine,
    );
    if (r.changes > 0) added++;
    else skipped++;
  });
  for (const d of batch.displays ?? []) {
    s.display.run(d.display, d.x, d.y, d.width, d.height, d.scale, sourceId);
  }
  return { added, skipped };
}
