/**
 * A running screenpipe opened for `frames import` through its REST API
 * (`frames import screenpipe:http://127.0.0.1:3030`, `screenpipe:api`): every UTC day from
 * the first row the API serves to the last is read with the API reader (`api.ts`) before
 * anything is written — the importer core reads windows synchronously, the API does not —
 * and served from memory. Keys name the API's address and screenpipe's own row ids, so a
 * re-import adds nothing; typed text is counted and dropped unless the operator opted in.
 *
 * The span comes from the same `/search` the reader pages (`_api_pages.ts`): answers are
 * ordered `timestamp DESC` on the stored text, so the first page holds the newest rows and
 * the last page the oldest; the ends are widened by a day because rows stored in the SQL
 * default spelling sort below a `T` bound of their own day.
 *
 * The API names no host: `HealthCheckResponse` (`crates/screenpipe-engine/src/routes/
 * health.rs`) carries status and timestamps only, and the sync `machine_id` of
 * `/data/device-storage` (`routes/data.rs`) is a UUID not served with search items. So the
 * machine is the URL's host unless it is this computer's loopback (then the importer's
 * default, this computer's hostname).
 *
 * @module
 */

import type { Capabilities, Capture, Element } from "../../src/model.ts";
import { parseTimestamp } from "../_timestamp.ts";
import type { ImportableSource, KeyedCapture } from "../types.ts";
import { readScreenpipeApiRows, SCREENPIPE_DEFAULT_URL } from "./api.ts";
import { apiGet, type ApiRequestOptions } from "./_api_http.ts";
import { API_PAGE } from "./_api_pages.ts";

const DAY_MS = 86_400_000;

/** Open the screenpipe API at `url` for import (reads every day now). */
export async function openScreenpipeApiImport(
  url: string,
  opts: ApiRequestOptions & { includeText?: boolean } = {},
): Promise<ImportableSource> {
  const base = (url === "" ? SCREENPIPE_DEFAULT_URL : url).replace(/\/+$/, "");
  const ends = await apiSpan(base, opts);
  const days = new Map<number, { capture: Capture; elements: Element[] }>();
  const caps: Capabilities = {
    input: true,
    elements: false,
    urls: false,
    heartbeats: false,
    focus: false,
  };
  let notes: string[] = [];
  if (ends !== undefined) {
    const first = Math.floor(ends.first / DAY_MS) - 1, last = Math.floor(ends.last / DAY_MS) + 1;
    for (let d = first; d <= last; d++) {
      const got = await readScreenpipeApiRows(base, {
        ...opts,
        start: d * DAY_MS,
        end: (d + 1) * DAY_MS,
      });
      days.set(d, got);
      const c = got.capture.facts.capabilities;
      caps.elements ||= c.elements;
      // Focus and URLs are not claimed for the whole source: the store reader finds them
      // per window in the rows (mixed focused and unfocused displays), as a direct read does.
      notes = got.capture.facts.notes ?? notes;
    }
  }
  let lo = Infinity, hi = -Infinity;
  for (const { capture } of days.values()) {
    for (const row of [...capture.snapshots, ...capture.events]) {
      if (row.at < lo) lo = row.at;
      if (row.at > hi) hi = row.at;
    }
  }
  const span = lo <= hi ? { first: lo, last: hi } : undefined;
  const machine = machineOf(base);
  return {
    adapter: "screenpipe",
    location: base,
    fingerprint: "screenpipe-api",
    capabilities: caps,
    ...(caps.elements ? { elementUnits: "normalized" as const } : {}),
    notes,
    ...(machine !== undefined ? { machine } : {}),
    span: () => span,
    readKeyed(window): KeyedCapture {
      const day = Math.floor(window.start / DAY_MS);
      const got = days.get(day);
      if (
        got === undefined || window.start !== day * DAY_MS || window.end !== window.start + DAY_MS
      ) {
        throw new RangeError(
          `Cannot read screenpipe API "${base}" for this window: the import reads whole UTC days`,
        );
      }
      const { capture, elements } = got;
      return {
        capture,
        snapshotKeys: capture.snapshots.map((s) => `screenpipe:${base}#f${s.ref}`),
        eventKeys: capture.events.map((e) => `screenpipe:${base}#e${e.ref}`),
        ...(elements.length > 0 ? { elements } : {}),
      };
    },
    close() {
      days.clear();
    },
  };
}

/** The host named in the URL, unless it is this computer's loopback. */
function machineOf(base: string): string | undefined {
  const host = new URL(base).hostname.toLowerCase();
  if (host === "localhost" || host === "[::1]" || /^127\./.test(host)) return undefined;
  return host;
}

/** Newest and oldest instant the API serves (frames and input), or `undefined`. */
async function apiSpan(
  base: string,
  opts: ApiRequestOptions,
): Promise<{ first: number; last: number } | undefined> {
  let first = Infinity, last = -Infinity;
  for (const type of ["ocr", "input"]) {
    const page = (offset: number) =>
      apiGet(base, "/search", {
        content_type: type,
        start_time: new Date(0).toISOString(),
        // The latest instant chrono and every ISO parser read without an extended year.
        end_time: "9999-12-31T23:59:59.999Z",
        limit: String(API_PAGE),
        offset: String(offset),
        max_content_length: "0",
      }, opts) as Promise<{ data?: unknown; pagination?: { total?: unknown } }>;
    const top = await page(0);
    const times = (body: { data?: unknown }) =>
      (Array.isArray(body.data) ? body.data : []).map((item) => {
        const ts = (item as { content?: { timestamp?: unknown } })?.content?.timestamp;
        return typeof ts === "string" ? parseTimestamp(ts) : undefined;
      }).filter((t): t is number => t !== undefined);
    const total = typeof top.pagination?.total === "number" ? top.pagination.total : 0;
    const seen = [...times(top)];
    // The oldest rows are on the last page; `total` may overcount, so step back to rows.
    for (let off = Math.max(0, total - API_PAGE); off > 0; off = Math.max(0, off - API_PAGE)) {
      const got = times(await page(off));
      seen.push(...got);
      if (got.length > 0) break;
    }
    for (const t of seen) {
      if (t < first) first = t;
      if (t > last) last = t;
    }
  }
  return first <= last ? { first, last } : undefined;
}
