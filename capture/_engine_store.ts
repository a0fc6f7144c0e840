/**
 * Where the engine's rows go: the native store (store.ts), written through its API. Rows
 * are appended in one transaction per flush; the idle time of each snapshot and the
 * markers follow in a second, small transaction (schema v2 columns the capture model has
 * no field for). Refs continue across restarts from the largest `source_row` of this
 * engine's provenance row, so a restart never reuses one.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { Capabilities, DisplayGeometry } from "../src/model.ts";
import { appendBatch, openStore, registerSource, type StoreRedactor } from "../src/store/mod.ts";
import type { Pending } from "./_recorder.ts";
import { VERSION } from "../src/version.ts";

/** Options for {@linkcode EngineStore.open}. */
export interface EngineStoreOptions {
  /** Provenance location, e.g. `x11::0@host`. */
  location: string;
  capabilities: Capabilities;
  /** Store URLs and titles redacted (`redact_store` in config.json). */
  redact?: StoreRedactor;
}

/** Rows written so far by this engine run. */
export interface WriteCounts {
  snapshots: number;
  events: number;
  markers: number;
}

/** The engine's handle on the store. */
export class EngineStore {
  readonly db: DatabaseSync;
  readonly sourceId: number;
  /** The first ref this run may hand out. */
  readonly firstRef: number;
  readonly written: WriteCounts = { snapshots: 0, events: 0, markers: 0 };
  #refIds = new Map<number, number>();
  #redact: StoreRedactor | undefined;

  private constructor(db: DatabaseSync, sourceId: number, firstRef: number) {
    this.db = db;
    this.sourceId = sourceId;
    this.firstRef = firstRef;
  }

  /** Open (creating user-only) the store at `path` and register the engine as a source. */
  static open(path: string, opts: EngineStoreOptions): EngineStore {
    const db = openStore(path);
    try {
      const sourceId = registerSource(db, {
        adapter: "native",
        location: opts.location,
        fingerprint: `frames-capture/${VERSION}`,
        capabilities: opts.capabilities,
      });
      const row = db.prepare(
        `SELECT max(m) AS m FROM (
           SELECT max(source_row) AS m FROM snapshots WHERE source_id = ?
           UNION ALL SELECT max(source_row) FROM input_events WHERE source_id = ?)`,
      ).get(sourceId, sourceId) as { m: number | null };
      const store = new EngineStore(db, sourceId, (row.m ?? 0) + 1);
      store.#redact = opts.redact;
      return store;
    } catch (err) {
      db.close();
      throw err;
    }
  }

  /**
   * Append pending rows (and new display geometry) durably. Throws only when nothing was
   * committed (safe to retry); a failure of the idle/marker follow-up is returned as text.
   */
  write(p: Pending, displays?: DisplayGeometry[]): string | undefined {
    if (p.snapshots.length > 0 || p.events.length > 0 || displays !== undefined) {
      appendBatch(
        this.db,
        { snapshots: p.snapshots, events: p.events, displays },
        { sourceId: this.sourceId, refIds: this.#refIds, redact: this.#redact },
      );
      this.written.snapshots += p.snapshots.length;
      this.written.events += p.events.length;
    }
    let warning: string | undefined;
    if (p.idle.size > 0 || p.markers.length > 0) {
      let open = false;
      try {
        this.db.exec("BEGIN IMMEDIATE");
        open = true;
        const idle = this.db.prepare("UPDATE snapshots SET idle_ms = ? WHERE id = ?");
        for (const [ref, ms] of p.idle) {
          const id = this.#refIds.get(ref);
          if (id !== undefined) idle.run(Math.max(0, Math.round(ms)), id);
        }
        const marker = this.db.prepare(
          "INSERT INTO markers (at_ms, kind, reason, display, source_id) VALUES (?, ?, ?, ?, ?)",
        );
        for (const m of p.markers) {
          marker.run(m.at, m.kind, m.reason ?? null, m.display ?? null, this.sourceId);
        }
        this.db.exec("COMMIT");
        this.written.markers += p.markers.length;
      } catch (err) {
        if (open) this.db.exec("ROLLBACK");
        warning = `cannot record idle times and markers: ${(err as Error).message}`;
      }
    }
    // Events only ever link to snapshots of this or the previous few flushes.
    if (this.#refIds.size > 4096) {
      const keep = [...this.#refIds].slice(-256);
      this.#refIds = new Map(keep);
    }
    return warning;
  }

  close(): void {
    this.db.close();
  }
}
