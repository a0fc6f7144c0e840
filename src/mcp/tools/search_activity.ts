/**
 * `search_activity`: frames of the last N days whose app, site, page entities or window
 * titles contain the query words.
 *
 * @module
 */

import type { Frame } from "../../compile/document.ts";
import { fromRuns } from "../../compile/runs.ts";
import { addDays, localDay } from "../../compile/time.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { withDocDefs } from "../_doc_schema.ts";
import { fitPage } from "../_pager.ts";
import { resolveToolWindow } from "../_window_args.ts";
import type { ResolvedWindow } from "../backend.ts";
import type { Snapshot } from "../../model.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";

const NAME = "search_activity";

/** The default and largest number of days searched. */
export const SEARCH_DAYS = { default: 7, max: 31 } as const;

const FIELDS = ["app", "site", "entity", "title"] as const;
type Field = typeof FIELDS[number];

/** The `search_activity` tool. */
export const SEARCH_ACTIVITY: ToolSpec = {
  name: NAME,
  title: "Search activity",
  description:
    `Find when the user saw or worked on something: frames of the last N days (default ${SEARCH_DAYS.default}, today included) whose app, site, typed page entities (repo, issue, document, channel, …) or window titles contain every word of the query (case-insensitive). Returns matches newest first with day, frame id, time, minutes and which fields matched. Use it for 'when did I last look at X', 'did I open Y this week'; then get_evidence (frame id and day) for the raw rows. Paged: when next_cursor is present, call again with the same arguments and that cursor. ` +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: {
      query: {
        type: "string",
        description:
          'Words to find, e.g. "acme/api 412", "invoice", "figma". Every word must occur.',
        minLength: 1,
        maxLength: 200,
      },
      days: {
        type: "integer",
        description:
          `How many days back to search, today included. Default ${SEARCH_DAYS.default}.`,
        minimum: 1,
        maximum: SEARCH_DAYS.max,
      },
      cursor: CURSOR_ARG,
    },
    required: ["query"],
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["query", "from", "to", "days_with_capture", "matches", "page"],
    properties: {
      query: { type: "string" },
      from: { type: "string", description: "First day searched" },
      to: { type: "string", description: "Last day searched" },
      days_with_capture: { type: "integer", minimum: 0 },
      matches: {
        type: "array",
        items: {
          type: "object",
          required: [
            "day",
            "id",
            "app",
            "start",
            "end",
            "duration_min",
            "matched",
            "windows",
            "entities",
          ],
          properties: {
            day: { type: "string" },
            id: { type: "string" },
            app: { type: "string" },
            site: { type: "string" },
            start: { $ref: "#/$defs/time" },
            end: { $ref: "#/$defs/time" },
            duration_min: { type: "number", minimum: 0 },
            matched: { type: "array", items: { type: "string", enum: FIELDS } },
            windows: { type: "array", items: { type: "string" } },
            matching_titles: {
              type: "array",
              description: "Window titles of the frame that contain a query word",
              items: { type: "string" },
            },
            entities: { type: "array", items: { type: "string" } },
          },
          additionalProperties: false,
        },
      },
      page: PAGE_SCHEMA,
      next_cursor: { type: "string" },
    },
    additionalProperties: false,
  }),
  async run(raw, ctx) {
    const { args, cursor } = resumeCall(NAME, raw, SEARCH_ACTIVITY.input);
    const query = String(args.query).trim();
    const words = query.toLowerCase().split(/\s+/).filter((w) => w !== "");
    const count = typeof args.days === "number" ? args.days : SEARCH_DAYS.default;
    const last = cursor?.windows[0]?.day ?? localDay(ctx.now, ctx.settings.tz);
    const first = addDays(last, 1 - count);
    const matches: Record<string, unknown>[] = [];
    let withCapture = 0;
    let lastWindow: ResolvedWindow | undefined;
    for (let back = 0; back < count; back++) {
      const day = addDays(last, -back);
      const window = resolveToolWindow({ day }, ctx);
      lastWindow ??= window;
      const { doc, capture } = await ctx.backend.compile(window, { minMinutes: 0 });
      if (doc.coverage.snapshots === 0) continue;
      withCapture++;
      const byRef = new Map<number, Snapshot>();
      for (const s of capture.snapshots) byRef.set(s.ref, s);
      const rows: Record<string, unknown>[] = [];
      for (const f of doc.frames) {
        const titles = frameTitles(f, byRef);
        const matched = match(f, titles, words);
        if (matched !== undefined) rows.push(matchRow(day, f, matched, titles, words));
      }
      matches.push(...rows.reverse());
    }
    const anchor = lastWindow!;
    const structured = fitPage(
      { query, from: first, to: last, days_with_capture: withCapture },
      [{ key: "matches", items: matches }],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [anchor], offset }),
      },
    );
    return { structured };
  },
};

function entityLabels(f: Frame): string[] {
  return f.pages.filter((p) => p.entity !== undefined).map((p) => `${p.kind} ${p.entity}`);
}

/** Every window title the frame's own snapshots carried (its detours' titles excluded). */
function frameTitles(f: Frame, byRef: ReadonlyMap<number, Snapshot>): string[] {
  const seen = new Set<string>(f.windows);
  for (const ref of fromRuns(f.evidence.snapshots)) {
    const s = byRef.get(ref);
    if (s && s.app === f.app && s.display === f.display && s.title) seen.add(s.title);
  }
  return [...seen];
}

/** The fields of a frame that contain a query word, when every word occurs somewhere. */
function match(f: Frame, titles: readonly string[], words: readonly string[]): Field[] | undefined {
  const fields: Record<Field, string> = {
    app: f.app.toLowerCase(),
    site: (f.site ?? "").toLowerCase(),
    entity: entityLabels(f).join("\n").toLowerCase(),
    title: titles.join("\n").toLowerCase(),
  };
  const hit = new Set<Field>();
  for (const w of words) {
    let found = false;
    for (const field of FIELDS) {
      if (fields[field].includes(w)) {
        hit.add(field);
        found = true;
      }
    }
    if (!found) return undefined;
  }
  return FIELDS.filter((f) => hit.has(f));
}

function matchRow(
  day: string,
  f: Frame,
  matched: Field[],
  titles: readonly string[],
  words: readonly string[],
): Record<string, unknown> {
  const matching = matched.includes("title")
    ? titles.filter((t) => words.some((w) => t.toLowerCase().includes(w))).slice(0, 5)
    : [];
  return {
    day,
    id: f.id,
    app: f.app,
    ...(f.site !== undefined ? { site: f.site } : {}),
    start: f.start,
    end: f.end,
    duration_min: f.duration_min,
    matched,
    windows: f.windows,
    ...(matching.length > 0 ? { matching_titles: matching } : {}),
    entities: entityLabels(f),
  };
}
