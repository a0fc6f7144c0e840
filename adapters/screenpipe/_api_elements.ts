/**
 * Element rows through screenpipe's API, for click resolution. The capture model's lookup
 * is synchronous and the API is not, so the frames a click can land on — per display, the
 * latest frame at or before each click — are fetched up front with
 * `GET /frames/{id}/elements` (`routes/elements.rs`, `get_frame_elements`: the frame's own
 * rows, bounds `{left, top, width, height}` normalised to the display, top-left origin) and
 * answered from memory.
 *
 * @module
 */

import type { Element, ElementLookup, InputEvent, Snapshot } from "../../src/model.ts";
import { withoutPlaceholders } from "./_privacy.ts";
import { memoryLookup } from "./_memory_lookup.ts";
import { apiGet, ApiNotFound, type ApiRequestOptions } from "./_api_http.ts";

/** At most this many frames' element rows are fetched for one read. */
export const MAX_ELEMENT_FRAMES = 5000;

const PARALLEL = 4;

/**
 * Fetch the element rows of the frames the window's clicks can land on and answer lookups
 * from them; `undefined` when the server has no element routes.
 */
export async function prefetchElements(
  base: string,
  snapshots: readonly Snapshot[],
  events: readonly InputEvent[],
  opts: ApiRequestOptions,
): Promise<ElementLookup | undefined> {
  const rows = await fetchElementRows(base, snapshots, events, opts);
  return rows === undefined ? undefined : memoryLookup(rows);
}

/**
 * The element rows by frame id of the frames the window's clicks can land on (what
 * `frames import` stores), or `undefined` when the server has no element routes.
 */
export async function fetchElementRows(
  base: string,
  snapshots: readonly Snapshot[],
  events: readonly InputEvent[],
  opts: ApiRequestOptions,
): Promise<Map<number, Element[]> | undefined> {
  const ids = candidateFrames(snapshots, events);
  const rows = new Map<number, Element[]>();
  let missing = false;
  const queue = ids.slice(0, MAX_ELEMENT_FRAMES);
  async function worker(): Promise<void> {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        const body = await apiGet(base, `/frames/${id}/elements`, {}, opts);
        rows.set(id, toElements(id, (body as { data?: unknown })?.data));
      } catch (err) {
        if (!(err instanceof ApiNotFound)) throw err;
        missing = true;
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  if (missing && rows.size === 0 && ids.length > 0) return undefined;
  return rows;
}

/** Per display, the latest frame at or before each click (ids, ascending). */
function candidateFrames(snapshots: readonly Snapshot[], events: readonly InputEvent[]): number[] {
  const byDisplay = new Map<string, Snapshot[]>();
  for (const s of snapshots) {
    let list = byDisplay.get(s.display);
    if (list === undefined) byDisplay.set(s.display, list = []);
    list.push(s);
  }
  const out = new Set<number>();
  for (const ev of events) {
    if (ev.kind !== "click") continue;
    for (const list of byDisplay.values()) {
      let lo = 0, hi = list.length - 1, hit = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (list[mid].at <= ev.at) {
          hit = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (hit >= 0) out.add(list[hit].ref);
    }
  }
  return [...out].sort((a, b) => a - b);
}

function toElements(frameId: number, data: unknown): Element[] {
  if (!Array.isArray(data)) return [];
  const out: Element[] = [];
  for (const raw of data) {
    const r = raw as Record<string, unknown>;
    const b = r?.bounds as Record<string, unknown> | null | undefined;
    if (b === null || typeof b !== "object") continue;
    const { left, top, width, height } = b;
    if (
      typeof left !== "number" || typeof top !== "number" || typeof width !== "number" ||
      typeof height !== "number"
    ) continue;
    out.push({
      snapshotRef: frameId,
      role: typeof r.role === "string" ? r.role : "",
      name: (typeof r.text === "string" ? withoutPlaceholders(r.text, {}) : undefined) ?? "",
      bounds: { x: left, y: top, width, height },
      units: "normalized",
      source: r.source === "ocr" ? "ocr" : "accessibility",
    });
  }
  return out;
}
