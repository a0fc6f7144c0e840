/**
 * The two ActivityWatch SQLite layouts (FORMATS §2): aw-server-rust's `buckets`/`events`
 * (times as integer ns since the epoch) and the legacy Python server's peewee
 * `bucketmodel`/`eventmodel` (RFC 3339-ish text plus a duration in seconds). Opened
 * read-only; every read of one source happens inside one read transaction.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import { MAX_OFFSET_MINUTES, parseTimestamp, utcDateHour } from "../_timestamp.ts";
import { describeSqliteError, fnv1a, openReadOnly, prepareArrays } from "../../src/store/mod.ts";
import type { AwBucket, AwEvent, AwEventsRead, AwSource } from "./_model.ts";

const LABEL = "ActivityWatch";
const DAY_MS = 86_400_000;
const MARGIN_MS = MAX_OFFSET_MINUTES * 60_000 + DAY_MS;

/** Options for {@linkcode openAwSqlite}. */
export interface OpenAwSqliteOptions {
  busyTimeoutMs?: number;
}

/** Open an aw-server-rust or peewee database read-only and hold one read transaction. */
export function openAwSqlite(path: string, opts: OpenAwSqliteOptions = {}): AwSource {
  const db = openReadOnly(path, { label: LABEL, busyTimeoutMs: opts.busyTimeoutMs });
  try {
    db.exec("BEGIN");
    const tables = new Set(
      prepareArrays(db, "SELECT name FROM sqlite_master WHERE type = 'table'").all()
        .map((r) => String(r[0]).toLowerCase()),
    );
    if (tables.has("buckets") && tables.has("events")) {
      return { ...rustSource(db, path), privacyFilters: privacySetting(db, tables) };
    }
    if (tables.has("bucketmodel") && tables.has("eventmodel")) return peeweeSource(db, path);
    throw new Error(
      `Cannot read ${LABEL} database "${path}": it has neither buckets/events nor bucketmodel/eventmodel tables (is it an ActivityWatch database?)`,
    );
  } catch (err) {
    db.close();
    throw describeSqliteError(err, { label: LABEL, path, action: "read" });
  }
}

function fingerprint(db: DatabaseSync, tables: string[], prefix: string): string {
  const names: string[] = [];
  for (const t of tables) {
    for (const r of prepareArrays(db, `PRAGMA table_info("${t}")`).all()) {
      names.push(`${t}.${String(r[1]).toLowerCase()}`);
    }
  }
  names.sort();
  const uv = prepareArrays(db, "PRAGMA user_version").all()[0][0];
  return `${prefix}-uv${uv}-${fnv1a(names.join("\n"))}`;
}

function parseData(text: unknown): Record<string, unknown> | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function closer(db: DatabaseSync, path: string): () => void {
  return () => {
    try {
      db.exec("COMMIT");
    } catch (err) {
      throw describeSqliteError(err, { label: LABEL, path, action: "read" });
    } finally {
      db.close();
    }
  };
}

/** Counts a rejected row once per source, however many windows overlap it. */
function rejecter(): (out: Record<string, number>, reason: string, id: number) => void {
  const seen = new Set<number>();
  return (out, reason, id) => {
    if (seen.has(id)) return;
    seen.add(id);
    out[reason] = (out[reason] ?? 0) + 1;
  };
}

function rustSource(db: DatabaseSync, path: string): AwSource {
  const rows = prepareArrays(db, "SELECT id, name, type, hostname FROM buckets ORDER BY name")
    .all();
  const buckets: AwBucket[] = [];
  const rowOf = new Map<string, number>();
  for (const r of rows) {
    const id = String(r[1]);
    rowOf.set(id, r[0] as number);
    buckets.push({ id, type: String(r[2] ?? ""), hostname: hostOf(r[3]) });
  }
  const maxDur = new Map<string, number>();
  const longest = db.prepare(
    "SELECT coalesce(max(endtime - starttime), 0) / 1000000 AS d FROM events WHERE bucketrow = ?",
  );
  // Bounds are widened by 1 ms (numbers bind as doubles, exact only to 256 ns at 1e18);
  // exact times are compared in code. `+bucketrow` keeps SQLite on the time index: the bucket index would scan the whole
  // bucket for every window an import reads.
  const select = prepareArrays(
    db,
    `SELECT id, starttime / 1000000, endtime / 1000000, data FROM events
     WHERE +bucketrow = ? AND starttime >= (? - 1) * 1000000 AND starttime < (? + 1) * 1000000
       AND endtime >= (? - 1) * 1000000 ORDER BY starttime, id`,
  );
  const type = new Map(buckets.map((b) => [b.id, b.type]));
  const reject = rejecter();
  return {
    form: "sqlite",
    location: path,
    fingerprint: fingerprint(db, ["buckets", "events"], "aw-sqlite"),
    buckets,
    loadRejected: {},
    events(bucketId, from, to, opts): AwEventsRead {
      const row = rowOf.get(bucketId);
      if (row === undefined) return { events: [], read: 0, rejected: {} };
      let d = maxDur.get(bucketId);
      if (d === undefined) {
        d = Number((longest.get(row) as { d: number }).d);
        maxDur.set(bucketId, d);
      }
      const list = select.all(row, Math.floor(from - d), Math.ceil(to), Math.floor(from));
      const events: AwEvent[] = [];
      const rejected: Record<string, number> = {};
      for (const r of list) {
        const data = parseData(r[3]);
        const start = r[1] as number, end = r[2] as number;
        const id = r[0] as number;
        if (data === undefined) {
          if (!opts?.quiet) {
            reject(rejected, `${type.get(bucketId)}: data is not a JSON object`, id);
          }
        } else if (end < start) {
          if (!opts?.quiet) reject(rejected, `${type.get(bucketId)}: invalid duration`, id);
        } else if (start < to && end >= from) events.push({ id: r[0] as number, start, end, data });
      }
      return { events, read: list.length, rejected };
    },
    span(ids) {
      const rows = ids.map((id) => rowOf.get(id)).filter((r) => r !== undefined);
      if (rows.length === 0) return undefined;
      const r = prepareArrays(
        db,
        `SELECT min(starttime) / 1000000, max(endtime) / 1000000 FROM events
         WHERE bucketrow IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(rows))[0];
      return typeof r[0] === "number" ? { first: r[0], last: r[1] as number } : undefined;
    },
    close: closer(db, path),
  };
}

function peeweeSource(db: DatabaseSync, path: string): AwSource {
  const rows = prepareArrays(db, "SELECT key, id, type, hostname FROM bucketmodel ORDER BY id")
    .all();
  const buckets: AwBucket[] = [];
  const keyOf = new Map<string, number>();
  for (const r of rows) {
    const id = String(r[1]);
    keyOf.set(id, r[0] as number);
    buckets.push({ id, type: String(r[2] ?? ""), hostname: hostOf(r[3]) });
  }
  const type = new Map(buckets.map((b) => [b.id, b.type]));
  const reject = rejecter();
  const maxDur = new Map<string, number>();
  const longest = db.prepare(
    "SELECT coalesce(max(duration), 0) AS d FROM eventmodel WHERE bucket_id = ?",
  );
  // Text bounds by date with a margin for every offset; exact times are compared in code.
  // `+bucket_id` keeps SQLite on the timestamp index (see the Rust layout).
  const select = prepareArrays(
    db,
    `SELECT id, timestamp, duration, datastr FROM eventmodel
     WHERE +bucket_id = ? AND timestamp >= ? AND timestamp < ?`,
  );
  return {
    form: "peewee",
    location: path,
    fingerprint: fingerprint(db, ["bucketmodel", "eventmodel"], "aw-peewee"),
    buckets,
    loadRejected: {},
    events(bucketId, from, to, opts): AwEventsRead {
      const key = keyOf.get(bucketId);
      if (key === undefined) return { events: [], read: 0, rejected: {} };
      let d = maxDur.get(bucketId);
      if (d === undefined) {
        d = Math.ceil(Number((longest.get(key) as { d: number }).d) * 1000) || 0;
        maxDur.set(bucketId, d);
      }
      const low = utcDateHour(from - d - MARGIN_MS).date;
      const high = `${utcDateHour(to + MARGIN_MS).date}~`;
      const list = select.all(key, low, high);
      const events: AwEvent[] = [];
      const rejected: Record<string, number> = {};
      const t = type.get(bucketId);
      for (const r of list) {
        const start = typeof r[1] === "string" ? parseTimestamp(r[1]) : undefined;
        const dur = Number(r[2]);
        const data = parseData(r[3]);
        const id = r[0] as number;
        const bad = start === undefined
          ? "unparseable timestamp"
          : !Number.isFinite(dur) || dur < 0
          ? "invalid duration"
          : data === undefined
          ? "data is not a JSON object"
          : undefined;
        if (bad !== undefined) {
          if (!opts?.quiet) reject(rejected, `${t}: ${bad}`, id);
        } else {
          const end = start! + Math.round(dur * 1000);
          if (start! < to && end >= from) {
            events.push({ id: r[0] as number, start: start!, end, data: data! });
          }
        }
      }
      events.sort((a, b) => a.start - b.start || a.id - b.id);
      return { events, read: list.length, rejected };
    },
    span(ids) {
      const keys = ids.map((id) => keyOf.get(id)).filter((k) => k !== undefined);
      if (keys.length === 0) return undefined;
      const r = prepareArrays(
        db,
        `SELECT min(timestamp), max(timestamp), max(duration) FROM eventmodel
         WHERE bucket_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(keys))[0];
      const first = typeof r[0] === "string" ? parseTimestamp(r[0]) : undefined;
      const last = typeof r[1] === "string" ? parseTimestamp(r[1]) : undefined;
      if (first === undefined || last === undefined) return undefined;
      // Text order equals time order only for one offset spelling: widen by the margin.
      return {
        first: first - MARGIN_MS,
        last: last + Math.ceil(Number(r[2]) * 1000 || 0) + MARGIN_MS,
      };
    },
    close: closer(db, path),
  };
}

/**
 * aw-server-rust's `privacy_filters` setting (`key_value` row `settings.privacy_filters`,
 * JSON text, aw-datastore `worker.rs` `RefreshPrivacyFilter`), or `undefined` when the
 * database has none or it is not JSON.
 */
function privacySetting(db: DatabaseSync, tables: Set<string>): unknown {
  if (!tables.has("key_value")) return undefined;
  const row = prepareArrays(db, "SELECT value FROM key_value WHERE key = ?")
    .all("settings.privacy_filters")[0];
  if (row === undefined || typeof row[0] !== "string") return undefined;
  try {
    return JSON.parse(row[0]);
  } catch {
    return undefined;
  }
}

function hostOf(value: unknown): string {
  return typeof value === "string" && value !== "" ? value : "unknown";
}
