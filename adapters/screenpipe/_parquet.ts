/**
 * Parquet files beside a migrated screenpipe database, read where they have the columns of
 * the SQLite table they replaced (screenpipe pull request #7000 moved UI-event and element
 * *content* to Parquet; its file layout is not in any source readable here, so a file is
 * trusted only by its columns: `ui_events` needs `id, timestamp, event_type`, `elements`
 * needs `id, frame_id, source, role` plus the four bounds — FORMATS §1 names every one).
 * Read with hyparquet, a maintained pure-JavaScript Parquet reader; typed text is counted
 * and then dropped unless the operator opted in.
 *
 * @module
 */

import {
  asyncBufferFromFile,
  parquetMetadataAsync,
  parquetReadObjects,
  parquetSchema,
} from "hyparquet";
import type { Element, InputEvent } from "../../src/model.ts";
import { parseTimestamp } from "../_timestamp.ts";
import { NameCache } from "../_names.ts";
import { byTimeThenRef, CLIPBOARD_KINDS, EVENT_KINDS, parseBounds } from "./_events.ts";
import { typedChars, type Withheld, withoutPlaceholders } from "./_privacy.ts";

/** The SQLite tables a Parquet file can stand in for. */
export type StandInTable = "ui_events" | "elements";

const NEEDS: Record<StandInTable, readonly string[]> = {
  ui_events: ["id", "timestamp", "event_type"],
  elements: [
    "id",
    "frame_id",
    "source",
    "role",
    "left_bound",
    "top_bound",
    "width_bound",
    "height_bound",
  ],
};

const EVENT_COLUMNS = [
  "id",
  "timestamp",
  "event_type",
  "x",
  "y",
  "text_content",
  "text_length",
  "app_name",
  "window_title",
  "browser_url",
  "element_name",
  "element_role",
  "element_automation_id",
  "element_bounds",
  "frame_id",
  "modifiers",
]; // deno-fmt-ignore

/** One readable file: its path and its columns. */
interface Columns {
  path: string;
  columns: Set<string>;
}

/** The files that can stand in for each table, by their columns; unreadable files are skipped. */
export async function parquetStandIns(
  files: readonly string[],
): Promise<Map<StandInTable, Columns[]>> {
  const out = new Map<StandInTable, Columns[]>();
  for (const path of files) {
    let columns: Set<string>;
    try {
      const file = await asyncBufferFromFile(path);
      const schema = parquetSchema(await parquetMetadataAsync(file));
      columns = new Set(schema.children.map((c) => c.element.name.toLowerCase()));
    } catch {
      continue; // Not a Parquet file we can read: it stands in for nothing.
    }
    for (const table of Object.keys(NEEDS) as StandInTable[]) {
      if (NEEDS[table].every((c) => columns.has(c))) {
        if (!out.has(table)) out.set(table, []);
        out.get(table)!.push({ path, columns });
      }
    }
  }
  return out;
}

const num = (v: unknown): number | undefined =>
  typeof v === "bigint" ? Number(v) : typeof v === "number" ? v : undefined;
const str = (v: unknown): string | undefined => typeof v === "string" && v !== "" ? v : undefined;

/** Input events of `[start, end)` from `ui_events`-shaped files. */
export async function readParquetEvents(
  files: readonly Columns[],
  opts: {
    start: number;
    end: number;
    includeText: boolean;
    rejected: Record<string, number>;
    withheld: Withheld;
  },
): Promise<{ events: InputEvent[]; read: number }> {
  const names = new NameCache();
  const events: InputEvent[] = [];
  const seen = new Set<number>();
  let read = 0;
  for (const f of files) {
    const columns = EVENT_COLUMNS.filter((c) => f.columns.has(c));
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(f.path), columns });
    for (const r of rows) {
      const id = num(r.id);
      const ts = r.timestamp;
      const at = typeof ts === "string"
        ? parseTimestamp(ts)
        : ts instanceof Date
        ? ts.getTime()
        : undefined;
      if (id === undefined || seen.has(id)) continue;
      if (at === undefined) {
        opts.rejected["ui_events: unparseable timestamp"] =
          (opts.rejected["ui_events: unparseable timestamp"] ?? 0) + 1;
        continue;
      }
      if (at < opts.start || at >= opts.end || r.event_type === "move") continue;
      seen.add(id);
      read++;
      const type = r.event_type;
      let kind = typeof type === "string" ? EVENT_KINDS.get(type) : undefined;
      if (type === "clipboard") kind = CLIPBOARD_KINDS.get(num(r.modifiers) ?? -1) ?? "other";
      if (kind === undefined) {
        const reason = typeof type === "string" && type !== ""
          ? `ui_events: unknown event_type "${type}"`
          : "ui_events: empty event_type";
        opts.rejected[reason] = (opts.rejected[reason] ?? 0) + 1;
        continue;
      }
      const text = typeof r.text_content === "string" ? r.text_content : undefined;
      const name = withoutPlaceholders(str(r.element_name), opts.withheld);
      const role = str(r.element_role), automationId = str(r.element_automation_id);
      const bounds = parseBounds(r.element_bounds);
      const element = name ?? role ?? automationId ?? bounds
        ? {
          ...(name !== undefined ? { name } : {}),
          ...(role !== undefined ? { role } : {}),
          ...(automationId !== undefined ? { automationId } : {}),
          ...(bounds !== undefined ? { bounds } : {}),
        }
        : undefined;
      events.push({
        ref: id,
        at,
        kind,
        x: num(r.x),
        y: num(r.y),
        app: names.get(r.app_name),
        title: withoutPlaceholders(names.get(r.window_title), opts.withheld),
        url: str(r.browser_url),
        element,
        chars: kind !== "text"
          ? undefined
          : text !== undefined
          ? typedChars(text, opts.withheld)
          : num(r.text_length),
        text: opts.includeText ? text : undefined,
        snapshotRef: num(r.frame_id),
      });
    }
  }
  events.sort(byTimeThenRef);
  return { events, read };
}

/** Element rows of the given frames from `elements`-shaped files, by frame id. */
export async function readParquetElements(
  files: readonly Columns[],
  frames: ReadonlySet<number>,
): Promise<Map<number, Element[]>> {
  const out = new Map<number, Element[]>();
  for (const f of files) {
    const columns = [...NEEDS.elements, "text", "sort_order"].filter((c) => f.columns.has(c));
    const rows = await parquetReadObjects({ file: await asyncBufferFromFile(f.path), columns });
    rows.sort((a, b) =>
      (num(a.sort_order) ?? 0) - (num(b.sort_order) ?? 0) || (num(a.id) ?? 0) - (num(b.id) ?? 0)
    );
    for (const r of rows) {
      const frame = num(r.frame_id);
      if (frame === undefined || !frames.has(frame)) continue;
      const [x, y, width, height] = [r.left_bound, r.top_bound, r.width_bound, r.height_bound].map(
        num,
      );
      if (x === undefined || y === undefined || width === undefined || height === undefined) {
        continue;
      }
      const name = (typeof r.text === "string" ? withoutPlaceholders(r.text, {}) : undefined) ?? "";
      if (!out.has(frame)) out.set(frame, []);
      out.get(frame)!.push({
        snapshotRef: frame,
        role: typeof r.role === "string" ? r.role : "",
        name,
        bounds: { x, y, width, height },
        units: "normalized",
        source: r.source === "ocr" ? "ocr" : "accessibility",
      });
    }
  }
  return out;
}
