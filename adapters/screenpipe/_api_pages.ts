/**
 * Paging through screenpipe's `GET /search` for one time range, as the API really pages.
 *
 * Upstream facts (screenpipe/screenpipe, 2026-03 sources):
 * - `routes/search.rs` (`SearchQuery`, `PaginationQuery`): `limit` defaults to 20 and has
 *   no maximum, `offset` is a plain row offset; the answer is `{"data": [{"type": "OCR" |
 *   "Input" | …, "content": {…}}], "pagination": {"limit", "offset", "total"}}` and
 *   `total` comes from a separate count (`count_search_results` in
 *   `crates/screenpipe-db/src/db.rs`), so it can disagree with the rows served;
 * - `search()` drops rows of apps whose name contains "screenpipe" *after* the page was
 *   read, so a page can hold fewer rows than `limit` while more follow;
 * - `search_ocr` / `search_ui_events` (`db.rs`) filter `timestamp >= ?start AND
 *   timestamp <= ?end` on the stored TEXT, bound as sqlx writes a chrono `DateTime<Utc>`
 *   (`2026-03-24T08:00:00+00:00`), and order by `timestamp DESC`: rows stored in the SQL
 *   default spelling (`2026-03-24 08:00:00`) sort below every `T` bound of their own day.
 *
 * So a read asks from the UTC midnight before the window (which catches those rows), keeps
 * paging until a page comes back empty *and* `total` is passed, dedupes by row id (rows
 * written while paging shift the offsets), and filters exact times in code.
 *
 * @module
 */

import { apiGet, type ApiRequestOptions } from "./_api_http.ts";

/** Rows per request: large, since the API sets no maximum and each request costs a query. */
export const API_PAGE = 1000;

/** Hard stop on requests per range, so a server whose `total` never ends cannot spin. */
const MAX_PAGES = 10_000;

/** One item of a search answer: its `type` tag and its `content` object. */
export interface SearchItem {
  /** `OCR`, `Input`, `UI`, `Audio`, `Memory`. */
  type: string;
  /** The item's fields, as the API serialised them. */
  content: Record<string, unknown>;
}

/** What paging one content type over a range saw. */
export interface SearchPages {
  /** Items in the order served, deduplicated by id. */
  items: SearchItem[];
  /** Requests made. */
  requests: number;
  /** The largest `total` any page reported. */
  total: number;
}

/** The lower bound to ask for: the UTC midnight before `start`, minus a millisecond. */
export function textSafeStart(start: number): number {
  return Math.floor(start / 86_400_000) * 86_400_000 - 1;
}

/** Page `content_type` over `[from, to]` (inclusive, as the API filters). */
export async function searchAll(
  base: string,
  contentType: "ocr" | "input",
  range: { from: number; to: number },
  opts: ApiRequestOptions & { idKey: "frame_id" | "id"; extra?: Record<string, string> },
): Promise<SearchPages> {
  const seen = new Set<number>();
  const items: SearchItem[] = [];
  let total = 0;
  let requests = 0;
  for (let offset = 0; requests < MAX_PAGES; offset += API_PAGE) {
    const body = await apiGet(base, "/search", {
      content_type: contentType,
      start_time: new Date(range.from).toISOString(),
      end_time: new Date(range.to).toISOString(),
      limit: String(API_PAGE),
      offset: String(offset),
      ...opts.extra,
    }, opts);
    requests++;
    const { data, pagination } = (body ?? {}) as { data?: unknown; pagination?: unknown };
    if (!Array.isArray(data)) {
      throw new Error(
        `Cannot read screenpipe API "${base}": /search did not return a data list (is it screenpipe?)`,
      );
    }
    const t = (pagination as { total?: unknown } | undefined)?.total;
    if (typeof t === "number" && t > total) total = t;
    for (const raw of data) {
      const item = raw as SearchItem;
      const content = item?.content;
      if (content === null || typeof content !== "object") continue;
      const id = content[opts.idKey];
      if (typeof id !== "number" || seen.has(id)) continue;
      seen.add(id);
      items.push({ type: String(item.type), content });
    }
    if (data.length === 0 && offset + API_PAGE >= total) break;
  }
  return { items, requests, total };
}
