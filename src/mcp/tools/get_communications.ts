/**
 * `get_communications`: the email, messaging and meeting surfaces of a window and the
 * window titles seen on them. Titles only: message bodies are never read.
 *
 * @module
 */

import type { Frame } from "../../compile/document.ts";
import { minutes } from "../../compile/mod.ts";
import { windowSchema, withDocDefs } from "../_doc_schema.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { fitPage } from "../_pager.ts";
import {
  compileWindow,
  DAY_ARG,
  HOURS_ARG,
  resolveToolWindow,
  windowRequest,
} from "../_window_args.ts";
import { COMM_KINDS, commEntities, type CommKind, commKindOf } from "../communications.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";

const NAME = "get_communications";

interface Surface {
  kind: CommKind;
  app: string;
  site?: string;
  minutes: number;
  frames: number;
}

const KIND_SCHEMA = { type: "string", enum: COMM_KINDS };

/** The `get_communications` tool. */
export const GET_COMMUNICATIONS: ToolSpec = {
  name: NAME,
  title: "Email, messaging and meetings",
  description:
    "Where the user communicated in a day or window: email, messaging (Slack, Teams, Messages, …) and meeting surfaces (Zoom, Meet, …) with minutes per surface, then each communication frame with its time, the window titles seen (channel, thread or meeting names) and typed entities. Titles only: message bodies are never captured or read, so this tells who/where, not what was said. Use it for 'who did I talk to', 'how much time in meetings', 'which channels did I check'. Paged: when next_cursor is present, call again with the same arguments and that cursor. " +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: {
      day: DAY_ARG,
      hours: HOURS_ARG,
      kind: {
        type: "string",
        description: "Only this kind of surface: email, messaging or meeting. Default: all three.",
        enum: COMM_KINDS,
      },
      cursor: CURSOR_ARG,
    },
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["window", "surfaces", "frames", "page"],
    properties: {
      window: windowSchema(),
      kind: KIND_SCHEMA,
      surfaces: {
        type: "array",
        description: "Minutes per surface (kind, app, site), most first",
        items: {
          type: "object",
          required: ["kind", "app", "minutes", "frames"],
          properties: {
            kind: KIND_SCHEMA,
            app: { type: "string" },
            site: { type: "string" },
            minutes: { type: "number", minimum: 0 },
            frames: { type: "integer", minimum: 0 },
          },
          additionalProperties: false,
        },
      },
      frames: {
        type: "array",
        description: "Communication frames in time order",
        items: {
          type: "object",
          required: ["id", "kind", "app", "start", "end", "duration_min", "titles", "entities"],
          properties: {
            id: { type: "string" },
            kind: KIND_SCHEMA,
            app: { type: "string" },
            site: { type: "string" },
            start: { $ref: "#/$defs/time" },
            end: { $ref: "#/$defs/time" },
            duration_min: { type: "number", minimum: 0 },
            titles: { type: "array", items: { type: "string" } },
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
    const { args, cursor } = resumeCall(NAME, raw, GET_COMMUNICATIONS.input);
    const only = typeof args.kind === "string" ? args.kind as CommKind : undefined;
    const window = cursor?.windows[0] ?? resolveToolWindow(windowRequest(args), ctx);
    const { doc } = await compileWindow(window, ctx);
    const rows = communicationFrames(doc.frames, only);
    const structured = fitPage(
      {
        window: doc.window,
        ...(only !== undefined ? { kind: only } : {}),
        surfaces: surfaces(rows),
      },
      [{ key: "frames", items: rows.map(({ row }) => row) }],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [window], offset }),
      },
    );
    return { structured };
  },
};

interface CommRow {
  kind: CommKind;
  frame: Frame;
  row: Record<string, unknown>;
}

function communicationFrames(frames: readonly Frame[], only: CommKind | undefined): CommRow[] {
  const out: CommRow[] = [];
  for (const f of frames) {
    const kind = commKindOf(f);
    if (kind === undefined || (only !== undefined && kind !== only)) continue;
    out.push({
      kind,
      frame: f,
      row: {
        id: f.id,
        kind,
        app: f.app,
        ...(f.site !== undefined ? { site: f.site } : {}),
        start: f.start,
        end: f.end,
        duration_min: f.duration_min,
        titles: f.windows,
        entities: commEntities(f, kind),
      },
    });
  }
  return out;
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function surfaces(rows: readonly CommRow[]): Surface[] {
  const by = new Map<string, Surface & { ms: number }>();
  for (const { kind, frame } of rows) {
    const key = `${kind}\u0000${frame.app}\u0000${frame.site ?? ""}`;
    let s = by.get(key);
    if (!s) {
      s = {
        kind,
        app: frame.app,
        ...(frame.site !== undefined ? { site: frame.site } : {}),
        minutes: 0,
        frames: 0,
        ms: 0,
      };
      by.set(key, s);
    }
    s.ms += Math.round(frame.duration_min * 60_000);
    s.frames++;
  }
  return [...by.values()]
    .sort((a, b) =>
      b.ms - a.ms || byText(a.app, b.app) || byText(a.site ?? "", b.site ?? "") ||
      byText(a.kind, b.kind)
    )
    .map(({ ms, ...s }) => ({ ...s, minutes: minutes(ms) }));
}
