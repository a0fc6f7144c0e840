/**
 * The ActivityWatch export file (`GET /api/0/export` or the UI's export; FORMATS §2):
 * `{"buckets": {<bucket id>: {id, type, hostname, …, events: [newest first]}}}`. The Rust
 * server keeps event ids and writes `…Z`; the Python server drops ids and writes
 * `…+00:00`. Both load into the in-memory source.
 *
 * @module
 */

import type { AwSource } from "./_model.ts";
import { memoryAwSource, type RawAwBucket } from "./_memory.ts";
import { parseJsonText, readTextFile } from "../_json.ts";

/** Read and parse an export file into a source; errors name the file and the problem. */
export function loadAwExport(path: string): AwSource {
  return parseAwExport(readTextFile(path, `Cannot open ActivityWatch export "${path}"`), path);
}

/** Parse export text (`location` names it in messages and facts). */
export function parseAwExport(text: string, location: string): AwSource {
  const what = `Cannot open ActivityWatch export "${location}"`;
  const doc = parseJsonText(text, what);
  const buckets = (doc as { buckets?: unknown } | null)?.buckets;
  if (typeof buckets !== "object" || buckets === null || Array.isArray(buckets)) {
    throw new Error(`${what}: no "buckets" object (is it an ActivityWatch export?)`);
  }
  const raw: RawAwBucket[] = [];
  let withIds = false;
  for (const [key, value] of Object.entries(buckets as Record<string, unknown>)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new Error(`${what}: bucket "${key}" is not an object`);
    }
    const b = value as Record<string, unknown>;
    const events = b.events ?? [];
    if (!Array.isArray(events)) throw new Error(`${what}: bucket "${key}" has no events array`);
    if (typeof b.type !== "string") throw new Error(`${what}: bucket "${key}" has no type`);
    if (!withIds && events.length > 0 && typeof (events[0] as { id?: unknown })?.id === "number") {
      withIds = true;
    }
    raw.push({
      id: typeof b.id === "string" && b.id !== "" ? b.id : key,
      type: b.type,
      hostname: typeof b.hostname === "string" && b.hostname !== "" ? b.hostname : "unknown",
      events,
    });
  }
  return memoryAwSource(raw, {
    form: "export",
    location,
    fingerprint: withIds ? "aw-export-rust" : "aw-export-python",
  });
}
