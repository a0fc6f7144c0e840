/**
 * An ActivityWatch source held in memory: the export file and the REST API both deliver
 * JSON events (`{id?, timestamp, duration, data}`), parsed here once, sorted oldest first
 * and searched by binary search for each window.
 *
 * @module
 */

import { parseTimestamp } from "../_timestamp.ts";
import type { AwBucket, AwEvent, AwEventsRead, AwSource } from "./_model.ts";

/** A bucket with its raw JSON events, as the export file and REST deliver them. */
export interface RawAwBucket extends AwBucket {
  events: unknown[];
}

interface Loaded {
  events: AwEvent[];
  /** The longest event, to bound the backwards search for overlapping events. */
  maxDuration: number;
  rejected: Record<string, number>;
  read: number;
}

/** Options for {@linkcode memoryAwSource}. */
export interface MemoryAwSourceOptions {
  form: "export" | "rest";
  location: string;
  fingerprint: string;
}

/**
 * Build an in-memory source from raw buckets; events without an `id` (Python export) get
 * a stable ordinal id: 1 + their position over buckets sorted by id, events oldest first,
 * counted after the largest real id so the two never collide.
 */
export function memoryAwSource(raw: RawAwBucket[], opts: MemoryAwSourceOptions): AwSource {
  const sorted = [...raw].sort((a, b) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byBucket = new Map<string, Loaded>();
  let maxId = 0;
  const missing: AwEvent[] = [];
  for (const bucket of sorted) {
    const loaded: Loaded = { events: [], maxDuration: 0, rejected: {}, read: 0 };
    const prefix = bucket.type;
    for (const item of bucket.events) {
      loaded.read++;
      const e = parseEvent(item);
      if (typeof e === "string") {
        const reason = `${prefix}: ${e}`;
        loaded.rejected[reason] = (loaded.rejected[reason] ?? 0) + 1;
        continue;
      }
      if (e.id > maxId) maxId = e.id;
      if (e.id === 0) missing.push(e);
      if (e.end - e.start > loaded.maxDuration) loaded.maxDuration = e.end - e.start;
      loaded.events.push(e);
    }
    loaded.events.sort((a, b) => a.start - b.start || a.end - b.end);
    byBucket.set(bucket.id, loaded);
  }
  if (missing.length > 0) {
    let next = maxId;
    for (const bucket of sorted) {
      for (const e of byBucket.get(bucket.id)!.events) if (e.id === 0) e.id = ++next;
    }
  }
  for (const l of byBucket.values()) l.events.sort((a, b) => a.start - b.start || a.id - b.id);
  const buckets = sorted.map(({ id, type, hostname }) => ({ id, type, hostname }));
  const loadRejected: Record<string, number> = {};
  for (const l of byBucket.values()) {
    for (const [k, n] of Object.entries(l.rejected)) loadRejected[k] = (loadRejected[k] ?? 0) + n;
  }
  return {
    loadRejected,
    form: opts.form,
    location: opts.location,
    fingerprint: opts.fingerprint,
    buckets,
    events(bucketId: string, from: number, to: number): AwEventsRead {
      const l = byBucket.get(bucketId);
      if (l === undefined) return { events: [], read: 0, rejected: {} };
      const list = l.events;
      let lo = 0, hi = list.length;
      const floor = from - l.maxDuration;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid].start < floor) lo = mid + 1;
        else hi = mid;
      }
      const events: AwEvent[] = [];
      for (let i = lo; i < list.length && list[i].start < to; i++) {
        if (list[i].end >= from) events.push(list[i]);
      }
      return { events, read: events.length, rejected: {} };
    },
    span(bucketIds: readonly string[]) {
      let first = Infinity, last = -Infinity;
      for (const id of bucketIds) {
        const l = byBucket.get(id);
        if (l === undefined || l.events.length === 0) continue;
        first = Math.min(first, l.events[0].start);
        for (const e of l.events) if (e.end > last) last = e.end;
      }
      return first === Infinity ? undefined : { first, last };
    },
    close() {},
  };
}

/** A raw JSON event → an interval, or the reason it cannot be used. */
function parseEvent(item: unknown): AwEvent | string {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return "not an object";
  const o = item as Record<string, unknown>;
  const start = typeof o.timestamp === "string" ? parseTimestamp(o.timestamp) : undefined;
  if (start === undefined) return "unparseable timestamp";
  const duration = typeof o.duration === "number"
    ? o.duration
    : typeof o.duration === "string"
    ? Number(o.duration)
    : NaN;
  if (!Number.isFinite(duration) || duration < 0) return "invalid duration";
  const data = typeof o.data === "object" && o.data !== null && !Array.isArray(o.data)
    ? o.data as Record<string, unknown>
    : undefined;
  if (data === undefined) return "no data object";
  const id = typeof o.id === "number" && Number.isSafeInteger(o.id) && o.id > 0 ? o.id : 0;
  return { id, start, end: start + Math.round(duration * 1000), data };
}
