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
  let doc: unknown;
  try {
    doc = parseJsonText(text, what);
  } catch (err) {
    // A copy or download cut short: say so, since "not valid JSON" hides the cause.
    if (endsEarly(text)) {
      throw new SyntaxError(
        `${what}: the JSON ends early at line ${text.split("\n").length} (a truncated export: ${
          openBrackets(text)
        } left open)`,
      );
    }
    throw err;
  }
  let buckets = (doc as { buckets?: unknown } | null)?.buckets;
  // aw-core's published schema (`aw_core/schemas/export.json`) spells "buckets" as a list;
  // the servers write a map keyed by bucket id. Read both.
  if (Array.isArray(buckets)) buckets = bucketMap(buckets, what);
  if (typeof buckets !== "object" || buckets === null) {
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

/** Whether JSON text fails only because it stops before its brackets and strings close. */
function endsEarly(text: string): boolean {
  return openBrackets(text) !== "nothing";
}

/** What the text leaves open at its end: `2 brackets and a string`, or `nothing`. */
function openBrackets(text: string): string {
  let depth = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
  }
  if (depth <= 0 && !inString) return "nothing";
  const parts = depth > 0 ? [`${depth} bracket${depth === 1 ? "" : "s"}`] : [];
  if (inString) parts.push("a string");
  return parts.join(" and ");
}

function bucketMap(list: unknown[], what: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  list.forEach((b, i) => {
    const id = (b as { id?: unknown } | null)?.id;
    if (typeof id !== "string" || id === "") {
      throw new Error(`${what}: bucket ${i + 1} of the "buckets" list has no "id"`);
    }
    out[id] = b;
  });
  return out;
}
