/**
 * The representations the eval compares, each with its cl100k token count: the raw rows as a
 * capture tool's search returns them, the full JSON document, the Markdown document and the
 * context block at the chosen budget. Typed text never enters any of them.
 *
 * @module
 */

import { encode } from "gpt-tokenizer/encoding/cl100k_base";
import type { ActivityDocument } from "../compile/document.ts";
import { emitContext, emitJson, emitMarkdown } from "../emit/mod.ts";
import type { Capture } from "../model.ts";

/** The representations, in report order. */
export const REPRESENTATIONS = ["raw_rows", "json", "md", "context"] as const;

/** One representation's name. */
export type RepresentationName = typeof REPRESENTATIONS[number];

/** A representation of one day: its text and its size. */
export interface Representation {
  /** Which representation. */
  name: RepresentationName;
  /** The text an agent would be handed. */
  text: string;
  /** Its size in cl100k_base tokens. */
  tokens: number;
}

/** Local ISO time with offset, as screenpipe's search rewrites timestamps to the server zone. */
const OFFSET_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const OFFSETS = new Map<string, number>();
const QUARTER_MS = 900_000;

/** The zone's UTC offset in minutes at `ms`; zones change offset on quarter hours at most. */
function offsetAt(ms: number, tz: string): number {
  const key = `${tz} ${Math.floor(ms / QUARTER_MS)}`;
  const known = OFFSETS.get(key);
  if (known !== undefined) return known;
  let f = OFFSET_FORMATTERS.get(tz);
  if (f === undefined) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "longOffset" });
    OFFSET_FORMATTERS.set(tz, f);
  }
  const name = f.formatToParts(new Date(ms)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const off = m === null ? 0 : (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  OFFSETS.set(key, off);
  return off;
}

/** Local ISO time with offset, as screenpipe's search rewrites timestamps to the server zone. */
function localIso(ms: number, tz: string): string {
  const off = offsetAt(ms, tz);
  const local = new Date(ms + off * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(off);
  const sign = off < 0 ? "-" : "+";
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${
    String(abs % 60).padStart(2, "0")
  }`;
}

/**
 * The day's rows shaped as screenpipe's `GET /search?content_type=all` answers them
 * (FORMATS.md §1: `{"data": [{"type", "content"}], "pagination"}`, OCR items with
 * `frame_id, timestamp, app_name, window_name, browser_url, focused, device_name`, Input
 * items with `id, timestamp, event_type, app_name, window_title`). The OCR text itself is
 * not in the capture model, and typed text is never included, so this is a lower bound on
 * what a real search returns.
 */
export function rawRows(capture: Capture, tz: string): string {
  const items: { at: number; item: unknown }[] = [];
  for (const s of capture.snapshots) {
    if (s.at < capture.window.start || s.at >= capture.window.end) continue;
    items.push({
      at: s.at,
      item: {
        type: "OCR",
        content: {
          frame_id: s.ref,
          timestamp: localIso(s.at, tz),
          app_name: s.app,
          window_name: s.title ?? "",
          browser_url: s.url ?? null,
          focused: s.focused ?? null,
          device_name: s.display,
        },
      },
    });
  }
  for (const e of capture.events) {
    items.push({
      at: e.at,
      item: {
        type: "Input",
        content: {
          id: e.ref,
          timestamp: localIso(e.at, tz),
          event_type: e.kind,
          app_name: e.app ?? null,
          window_title: e.title ?? null,
        },
      },
    });
  }
  items.sort((a, b) => a.at - b.at);
  const total = items.length;
  return JSON.stringify({
    data: items.map((i) => i.item),
    pagination: { limit: total, offset: 0, total },
  }) + "\n";
}

/** The exact cl100k_base size (`encode` is the faster of gpt-tokenizer's two counters here). */
function tokensOf(text: string): number {
  return encode(text).length;
}

/** Options of {@linkcode represent}. */
export interface RepresentOptions {
  /** IANA timezone of the day. */
  tz: string;
  /** Token budget of the context block. */
  budget: number;
}

/**
 * The four representations of one day's capture and document.
 *
 * @example
 * ```ts
 * const reps = represent(capture, doc, { tz: "Europe/Berlin", budget: 1500 });
 * ```
 */
export function represent(
  capture: Capture,
  doc: ActivityDocument,
  opts: RepresentOptions,
): Representation[] {
  const texts: Record<RepresentationName, string> = {
    raw_rows: rawRows(capture, opts.tz),
    json: emitJson(doc),
    md: emitMarkdown(doc),
    context: emitContext(doc, { budget: opts.budget }),
  };
  return REPRESENTATIONS.map((name) => ({
    name,
    text: texts[name],
    tokens: tokensOf(texts[name]),
  }));
}
