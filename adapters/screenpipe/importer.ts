/**
 * A screenpipe-layout database opened for import: the adapter's own window reader, with
 * keys naming the database and the row id (screenpipe rows have no identity beyond their
 * file, so the same file imported twice adds nothing).
 *
 * @module
 */

import { resolve } from "node:path";
import { openReadOnly, prepareArrays } from "../../src/store/mod.ts";
import { MAX_OFFSET_MINUTES, parseTimestamp } from "../_timestamp.ts";
import type { ImportableSource } from "../types.ts";
import { readScreenpipe } from "./read.ts";

const MARGIN_MS = MAX_OFFSET_MINUTES * 60_000 + 86_400_000;

/** Open a screenpipe-layout database for import. */
export function openScreenpipeImport(path: string): ImportableSource {
  const location = resolve(path);
  // Probe once: a clear error for a missing or foreign file before anything is written.
  const probe = readScreenpipe(location, { start: 0, end: 0 });
  return {
    adapter: "screenpipe",
    location,
    fingerprint: probe.facts.fingerprint,
    capabilities: probe.facts.capabilities,
    span() {
      const db = openReadOnly(location, { label: "screenpipe" });
      try {
        const [lo, hi] = prepareArrays(db, "SELECT min(timestamp), max(timestamp) FROM frames")
          .all()[0];
        const first = typeof lo === "string" ? parseTimestamp(lo) : undefined;
        const last = typeof hi === "string" ? parseTimestamp(hi) : undefined;
        if (first === undefined || last === undefined) return undefined;
        // Text order is time order only within one spelling: widen by every offset.
        return { first: first - MARGIN_MS, last: last + MARGIN_MS };
      } finally {
        db.close();
      }
    },
    readKeyed(opts) {
      const capture = readScreenpipe(location, opts);
      return {
        capture,
        snapshotKeys: capture.snapshots.map((s) => `screenpipe:${location}#f${s.ref}`),
        eventKeys: capture.events.map((e) => `screenpipe:${location}#e${e.ref}`),
      };
    },
    close() {},
  };
}
