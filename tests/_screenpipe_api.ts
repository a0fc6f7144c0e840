/**
 * A stand-in for screenpipe's REST API, serving a screenpipe-layout database in the shapes
 * and with the quirks of the real handlers (screenpipe/screenpipe, 2026-03 sources):
 * - `crates/screenpipe-engine/src/routes/search.rs` `search()`: `content_type` ocr | input
 *   (others answer empty here), `limit` default 20 with no maximum, `offset`, items
 *   `{"type", "content"}` (`routes/content.rs` `ContentItem`, serde `tag = "type", content =
 *   "content"`), `pagination {limit, offset, total}` where `total` is a separate count that
 *   still includes the rows the handler filters out afterwards (apps named *screenpipe*);
 * - `crates/screenpipe-db/src/db.rs` `search_ocr` / `search_ui_events`: `timestamp >= ? AND
 *   timestamp <= ?` compared as TEXT against the bound as sqlx writes a chrono
 *   `DateTime<Utc>` (`…T…+00:00`), `ORDER BY timestamp DESC LIMIT ? OFFSET ?`;
 *   `max_content_length` middle-truncates each text;
 * - `OCRContent`: `frame_id, text, timestamp, file_path, offset_index, app_name,
 *   window_name, tags, frame, frame_name, browser_url, focused, device_name`;
 *   `InputContent`: `id, timestamp, event_type, app_name, window_title, browser_url,
 *   text_content, x, y, key_code, modifiers, element_role, element_name`;
 * - chrono serialises `DateTime<Utc>` as RFC 3339 with `Z`; `routes/timezone.rs` rewrites
 *   every such string to the server's local zone unless the query says `timezone=utc`;
 * - `routes/elements.rs` `GET /frames/{id}/elements` (own rows only, bounds
 *   `{left, top, width, height}`); `GET /health`; `routes/vault.rs`: 423 while locked.
 * Rows whose timestamp chrono could not decode are left out (the real server fails the
 * whole query on them).
 */

import { DatabaseSync } from "node:sqlite";
import { parseTimestamp } from "../adapters/_timestamp.ts";

/** What the stand-in should do besides serving. */
export interface StandInOptions {
  /** Answer every route but /health with this status (423 locked vault, 401, 403). */
  status?: number;
  /** Offset (minutes) of the "server-local" zone timestamps are rewritten to. */
  localOffsetMinutes?: number;
}

/** A running stand-in: its URL, the requests it saw, and how to stop it. */
export interface StandIn {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

function boundText(ms: number): string {
  // sqlx: to_rfc3339_opts(SecondsFormat::AutoSi, false)
  const iso = new Date(ms).toISOString();
  const frac = iso.slice(19, 23) === ".000" ? "" : iso.slice(19, 23);
  return `${iso.slice(0, 19)}${frac}+00:00`;
}

function chronoUtc(stored: string): string | undefined {
  if (parseTimestamp(stored) === undefined) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    stored,
  );
  if (m === null) return new Date(parseTimestamp(stored)!).toISOString();
  if (m[4] !== undefined && m[4] !== "Z" && m[4] !== "+00:00") {
    return new Date(parseTimestamp(stored)!).toISOString();
  }
  return `${m[1]}T${m[2]}${m[3] ?? ""}Z`;
}

function toLocal(utc: string, offsetMin: number): string {
  const at = parseTimestamp(utc)! + offsetMin * 60_000;
  const sign = offsetMin < 0 ? "-" : "+";
  const a = Math.abs(offsetMin);
  const off = `${sign}${String(Math.floor(a / 60)).padStart(2, "0")}:${
    String(a % 60).padStart(2, "0")
  }`;
  const frac = /\.(\d+)Z$/.exec(utc)?.[1];
  return `${new Date(at).toISOString().slice(0, 19)}${frac ? "." + frac : ""}${off}`;
}

function truncateMiddle(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const keepStart = Math.floor(max / 2), keepEnd = max - keepStart;
  return `${chars.slice(0, keepStart).join("")}...(truncated ${chars.length - max} chars)...${
    chars.slice(chars.length - keepEnd).join("")
  }`;
}

/** Serve `dbPath` as screenpipe's API on a free loopback port. */
export function serveScreenpipeStandIn(dbPath: string, opts: StandInOptions = {}): StandIn {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  const requests: string[] = [];
  const offset = opts.localOffsetMinutes ?? 120;
  const handler = (req: Request): Response => {
    const u = new URL(req.url);
    requests.push(`${u.pathname}?${u.searchParams}`);
    if (u.pathname === "/health") return Response.json({ status: "healthy" });
    if (opts.status !== undefined) {
      return Response.json({ error: opts.status === 423 ? "vault is locked" : "forbidden" }, {
        status: opts.status,
      });
    }
    const utc = u.searchParams.get("timezone") === "utc";
    const stamp = (s: string) => (utc ? s : toLocal(s, offset));
    const el = /^\/frames\/(\d+)\/elements$/.exec(u.pathname);
    if (el !== null) {
      const rows = db.prepare(
        `SELECT id, frame_id, source, role, text, parent_id, depth, left_bound, top_bound,
           width_bound, height_bound, confidence, sort_order FROM elements WHERE frame_id = ?
         ORDER BY sort_order`,
      ).all(Number(el[1])) as Record<string, unknown>[];
      const data = rows.map((r) => ({
        id: r.id,
        frame_id: r.frame_id,
        source: r.source,
        role: r.role,
        text: r.text,
        parent_id: r.parent_id,
        depth: r.depth,
        bounds: r.left_bound === null ? null : {
          left: r.left_bound,
          top: r.top_bound,
          width: r.width_bound,
          height: r.height_bound,
        },
        confidence: r.confidence,
        sort_order: r.sort_order,
      }));
      return Response.json({
        data,
        pagination: { limit: data.length, offset: 0, total: data.length },
      });
    }
    if (u.pathname !== "/search") return Response.json({ error: "not found" }, { status: 404 });
    const type = (u.searchParams.get("content_type") ?? "all").toLowerCase();
    const limit = Number(u.searchParams.get("limit") ?? "20");
    const off = Number(u.searchParams.get("offset") ?? "0");
    const from = boundText(Date.parse(u.searchParams.get("start_time")!));
    const to = boundText(Date.parse(u.searchParams.get("end_time")!));
    const maxLen = u.searchParams.get("max_content_length");
    const trunc = (t: string) => (maxLen === null ? t : truncateMiddle(t, Number(maxLen)));
    let rows: Record<string, unknown>[] = [];
    let total = 0;
    if (type === "ocr") {
      total = (db.prepare(
        "SELECT count(*) AS n FROM frames WHERE timestamp >= ? AND timestamp <= ?",
      ).get(from, to) as { n: number }).n;
      rows = db.prepare(
        `SELECT id, timestamp, app_name, window_name, browser_url, focused, device_name,
           coalesce(full_text, '') AS text FROM frames
         WHERE timestamp >= ? AND timestamp <= ? ORDER BY timestamp DESC LIMIT ? OFFSET ?`,
      ).all(from, to, limit, off) as Record<string, unknown>[];
    } else if (type === "input") {
      total = (db.prepare(
        "SELECT count(*) AS n FROM ui_events WHERE timestamp >= ? AND timestamp <= ?",
      ).get(from, to) as { n: number }).n;
      rows = db.prepare(
        `SELECT * FROM ui_events WHERE timestamp >= ? AND timestamp <= ?
         ORDER BY timestamp DESC LIMIT ? OFFSET ?`,
      ).all(from, to, limit, off) as Record<string, unknown>[];
    }
    const data: unknown[] = [];
    for (const r of rows) {
      const ts = chronoUtc(String(r.timestamp));
      if (ts === undefined) continue;
      const app = typeof r.app_name === "string" ? r.app_name : "";
      if (app.toLowerCase().includes("screenpipe")) continue;
      if (type === "ocr") {
        data.push({
          type: "OCR",
          content: {
            frame_id: r.id,
            text: trunc(String(r.text)),
            timestamp: stamp(ts),
            file_path: "",
            offset_index: 0,
            app_name: app,
            window_name: r.window_name ?? "",
            tags: [],
            frame: null,
            frame_name: null,
            browser_url: r.browser_url ?? null,
            focused: r.focused === null ? null : r.focused === 1,
            device_name: r.device_name ?? "",
          },
        });
      } else {
        data.push({
          type: "Input",
          content: {
            id: r.id,
            timestamp: stamp(ts),
            event_type: r.event_type,
            app_name: r.app_name,
            window_title: r.window_title,
            browser_url: r.browser_url,
            text_content: typeof r.text_content === "string" ? trunc(r.text_content) : null,
            x: r.x,
            y: r.y,
            key_code: r.key_code,
            modifiers: r.modifiers,
            element_role: r.element_role,
            element_name: r.element_name,
          },
        });
      }
    }
    return Response.json({ data, pagination: { limit, offset: off, total } });
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests,
    async close() {
      await server.shutdown();
      db.close();
    },
  };
}
