/**
 * The screenpipe source read through its local REST API (`screenpipe:http://127.0.0.1:3030`,
 * `screenpipe:api`): the same for every storage era (SQLite, migrated Parquet), the same
 * evidence ids as its database (frame and `ui_events` ids), and only what the API serves.
 *
 * Upstream facts (screenpipe/screenpipe, 2026-03 sources):
 * - `routes/content.rs` `OCRContent` (`content_type=ocr`, one item per frame in the range,
 *   text or not): `frame_id, timestamp, app_name, window_name, browser_url, focused,
 *   device_name, text, …` — no `capture_trigger` and no `elements_ref_frame_id`;
 * - `InputContent` (`content_type=input`, every `ui_events` row, mouse moves included):
 *   `id, timestamp, event_type, app_name, window_title, browser_url, text_content, x, y,
 *   key_code, modifiers, element_role, element_name` — no `frame_id`, no `text_length`,
 *   no element bounds or automation id, and the typed text itself;
 * - `routes/elements.rs` `GET /frames/{id}/elements`: `{data: [{id, frame_id, source, role,
 *   text, bounds {left, top, width, height}, …}]}` (normalised bounds, the frame's own rows:
 *   `get_frame_elements` in `db.rs` does not follow `elements_ref_frame_id`).
 *
 * Typed text is counted (characters, as SQLite's `length()` counts them for the database
 * read) and then dropped unless the operator opted in; it is never kept or logged.
 *
 * @module
 */

import type { Capture, Element, InputEvent, Snapshot } from "../../src/model.ts";
import { checkWindow } from "../../src/store/mod.ts";
import { parseTimestamp } from "../_timestamp.ts";
import { WINDOW_LOOKAHEAD_MS } from "../../src/compile/rules.ts";
import { NameCache } from "../_names.ts";
import type { ReadWindowOptions } from "../types.ts";
import { byTimeThenRef, CLIPBOARD_KINDS, EVENT_KINDS } from "./_events.ts";
import { unstackWindows } from "./_windows.ts";
import { type ApiRequestOptions, SCREENPIPE_DEFAULT_URL } from "./_api_http.ts";
import { searchAll, textSafeStart } from "./_api_pages.ts";
import { fetchElementRows } from "./_api_elements.ts";
import { memoryLookup } from "./_memory_lookup.ts";
import { typedChars, type Withheld, withoutPlaceholders } from "./_privacy.ts";

export { SCREENPIPE_DEFAULT_URL } from "./_api_http.ts";

/** What the API cannot say, as blind-spot sentences (each bounded by a test). */
export const API_NOTES: readonly string[] = [
  "read through screenpipe's API, which serves no capture trigger: heartbeats cannot be told apart, so presence minutes are not measured",
  "read through screenpipe's API, which links no input event to its frame (no frame_id): input is attributed by time and display, not by frame link",
  "read through screenpipe's API, which serves no element bounds or automation id with input events and no reused element rows (elements_ref_frame_id): fewer clicks may resolve to a named target",
  'read through screenpipe\'s API, which hides rows of apps whose name contains "screenpipe" and rows whose timestamp it cannot parse',
];

/** Options for {@linkcode readScreenpipeApi}. */
export interface ScreenpipeApiOptions extends ReadWindowOptions, ApiRequestOptions {}

/** How far past the window's end the read looks for each display's next frame (SPEC §3.11). */
const LOOKAHEAD_MS = WINDOW_LOOKAHEAD_MS;

/**
 * Read the half-open UTC window `[start, end)` from a running screenpipe's REST API into
 * the capture model.
 *
 * @example
 * ```ts
 * const day = await readScreenpipeApi("http://127.0.0.1:3030", { start, end });
 * ```
 */
export async function readScreenpipeApi(
  url: string,
  opts: ScreenpipeApiOptions,
): Promise<Capture> {
  return (await readScreenpipeApiRows(url, opts)).capture;
}

/** {@linkcode readScreenpipeApi}, with the element rows its lookup answers from (for import). */
export async function readScreenpipeApiRows(
  url: string,
  opts: ScreenpipeApiOptions,
): Promise<{ capture: Capture; elements: Element[] }> {
  checkWindow(opts);
  const base = (url === "" ? SCREENPIPE_DEFAULT_URL : url).replace(/\/+$/, "");
  const { start, end } = opts;
  const lookEnd = end + LOOKAHEAD_MS;
  const rejected: Record<string, number> = {};
  const withheld: Withheld = {};
  const ocr = await searchAll(base, "ocr", { from: textSafeStart(start), to: lookEnd }, {
    ...opts,
    idKey: "frame_id",
    // The frame's text is not needed: keep each item small.
    extra: { max_content_length: "0" },
  });
  const frames = toSnapshots(ocr.items, start, lookEnd, { rejected, withheld });
  const input = await searchAll(base, "input", { from: textSafeStart(start), to: end }, {
    ...opts,
    idKey: "id",
  });
  const events = toEvents(input.items, { start, end }, opts.includeText === true, {
    rejected,
    withheld,
  });
  const rows = await fetchElementRows(base, frames.snapshots, events, opts);
  const elements = rows === undefined ? undefined : memoryLookup(rows);
  const capture: Capture = {
    window: { start, end },
    snapshots: frames.snapshots,
    events,
    displays: [],
    facts: {
      adapter: "screenpipe",
      location: base,
      fingerprint: "screenpipe-api",
      capabilities: {
        input: true,
        elements: elements !== undefined,
        urls: frames.urls,
        heartbeats: false,
        focus: frames.focus,
      },
      rows: { search_ocr: frames.read, search_input: input.items.length },
      rejected,
      ...(Object.keys(withheld).length > 0 ? { withheld } : {}),
      notes: [...API_NOTES],
    },
    after: frames.after,
    ...(elements !== undefined ? { elements } : {}),
  };
  return { capture, elements: [...(rows?.values() ?? [])].flat() };
}

interface FramesOut {
  snapshots: Snapshot[];
  after: Snapshot[];
  read: number;
  urls: boolean;
  focus: boolean;
}

function toSnapshots(
  items: { type: string; content: Record<string, unknown> }[],
  start: number,
  lookEnd: number,
  counts: { rejected: Record<string, number>; withheld: Withheld },
): FramesOut {
  const { rejected, withheld } = counts;
  const names = new NameCache();
  const all: Snapshot[] = [];
  let read = 0, emptyApp = 0, urls = false, sawFocused = false, sawUnfocused = false;
  for (const { type, content: c } of items) {
    if (type !== "OCR") continue;
    const at = typeof c.timestamp === "string" ? parseTimestamp(c.timestamp) : undefined;
    if (at === undefined || at < start || at >= lookEnd) continue;
    const end = lookEnd - LOOKAHEAD_MS;
    const inside = at < end;
    if (inside) read++;
    const app = names.get(c.app_name);
    if (app === undefined) {
      if (inside) emptyApp++;
      continue;
    }
    const url = typeof c.browser_url === "string" && c.browser_url !== ""
      ? c.browser_url
      : undefined;
    if (inside && url !== undefined) urls = true;
    const focused = typeof c.focused === "boolean" ? c.focused : undefined;
    if (inside && focused === true) sawFocused = true;
    else if (inside && focused === false) sawUnfocused = true;
    const device = typeof c.device_name === "string" && c.device_name.trim() !== ""
      ? c.device_name.trim()
      : "monitor_0";
    all.push({
      ref: c.frame_id as number,
      at,
      display: device,
      app,
      title: withoutPlaceholders(names.get(c.window_name), inside ? withheld : {}),
      url,
      focused,
    });
  }
  if (emptyApp > 0) rejected["frames: empty app_name"] = emptyApp;
  all.sort(byTimeThenRef);
  const end = lookEnd - LOOKAHEAD_MS;
  unstackWindows(all, end);
  let cut = all.length;
  while (cut > 0 && all[cut - 1].at >= end) cut--;
  const after: Snapshot[] = [];
  const ended = new Set<string>();
  for (let i = cut; i < all.length; i++) {
    if (ended.has(all[i].display)) continue;
    ended.add(all[i].display);
    after.push(all[i]);
  }
  return {
    snapshots: all.slice(0, cut),
    after,
    read,
    urls,
    focus: sawFocused && sawUnfocused,
  };
}

function toEvents(
  items: { type: string; content: Record<string, unknown> }[],
  window: { start: number; end: number },
  includeText: boolean,
  counts: { rejected: Record<string, number>; withheld: Withheld },
): InputEvent[] {
  const { start, end } = window;
  const { rejected, withheld } = counts;
  const names = new NameCache();
  const events: InputEvent[] = [];
  for (const { type, content: c } of items) {
    if (type !== "Input" || c.event_type === "move") continue;
    const at = typeof c.timestamp === "string" ? parseTimestamp(c.timestamp) : undefined;
    if (at === undefined || at < start || at >= end) continue;
    const et = c.event_type;
    let kind = typeof et === "string" ? EVENT_KINDS.get(et) : undefined;
    if (et === "clipboard") {
      const op = typeof c.modifiers === "number" ? c.modifiers : undefined;
      kind = (op !== undefined ? CLIPBOARD_KINDS.get(op) : undefined) ?? "other";
    }
    if (kind === undefined) {
      const reason = typeof et === "string" && et !== ""
        ? `ui_events: unknown event_type "${et}"`
        : "ui_events: empty event_type";
      rejected[reason] = (rejected[reason] ?? 0) + 1;
      continue;
    }
    const text = typeof c.text_content === "string" ? c.text_content : undefined;
    const role = typeof c.element_role === "string" && c.element_role !== ""
      ? c.element_role
      : undefined;
    const name = typeof c.element_name === "string" && c.element_name !== ""
      ? withoutPlaceholders(c.element_name, withheld)
      : undefined;
    const url = typeof c.browser_url === "string" && c.browser_url !== ""
      ? c.browser_url
      : undefined;
    events.push({
      ref: c.id as number,
      at,
      kind,
      x: typeof c.x === "number" ? c.x : undefined,
      y: typeof c.y === "number" ? c.y : undefined,
      app: names.get(c.app_name),
      title: withoutPlaceholders(names.get(c.window_title), withheld),
      url,
      element: role !== undefined || name !== undefined
        ? { ...(name !== undefined ? { name } : {}), ...(role !== undefined ? { role } : {}) }
        : undefined,
      chars: kind === "text" && text !== undefined ? typedChars(text, withheld) : undefined,
      // Counted above; kept only on the operator's opt-in (SPEC §9).
      text: includeText ? text : undefined,
    });
  }
  events.sort(byTimeThenRef);
  return events;
}
