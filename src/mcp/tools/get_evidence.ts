/**
 * `get_evidence`: the raw capture rows behind a frame, for auditing what a frame claims.
 *
 * @module
 */

import { fromRuns } from "../../compile/runs.ts";
import { formatLocal } from "../../compile/time.ts";
import { redactUrl } from "../../entities/redact.ts";
import type { InputEvent, Snapshot } from "../../model.ts";
import { docRef, withDocDefs } from "../_doc_schema.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { fitPage } from "../_pager.ts";
import { DAY_ARG } from "../_window_args.ts";
import { findFrame, FRAME_LOOKBACK_DAYS } from "../find_frame.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";

const NAME = "get_evidence";

/** The frame-id argument shared by the frame tools. */
export const FRAME_ARG = {
  type: "string",
  description: 'A frame id exactly as get_activity returned it, e.g. "monitor_0:1234".',
  minLength: 1,
  maxLength: 200,
} as const;

/** The day argument of the frame tools. */
export const FRAME_DAY_ARG = {
  ...DAY_ARG,
  description:
    `The day the frame is from (as in the get_activity call that returned it). Default: search the last ${FRAME_LOOKBACK_DAYS} days.`,
};

const TIME = { $ref: "#/$defs/time" };

/** The `get_evidence` tool. */
export const GET_EVIDENCE: ToolSpec = {
  name: NAME,
  title: "Evidence rows of a frame",
  description:
    "The exact capture rows a frame was compiled from, for auditing it: every screen snapshot (time, display, app, window title, URL with secrets redacted, why it was recorded, focus) and every input event attributed to it (time, kind, target element, typed-run length — never the typed text), including its folded-in detours. Use it to verify or explain a frame from get_activity, not for summaries. Paged: when next_cursor is present, call again with the same frame and that cursor. " +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: { frame: FRAME_ARG, day: FRAME_DAY_ARG, cursor: CURSOR_ARG },
    required: ["frame"],
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["day", "frame", "snapshots", "events", "page"],
    properties: {
      day: { type: "string" },
      frame: docRef("frame"),
      snapshots: {
        type: "array",
        items: {
          type: "object",
          required: ["ref", "at", "display", "app"],
          properties: {
            ref: { type: "integer" },
            at: TIME,
            display: { type: "string" },
            app: { type: "string" },
            title: { type: "string" },
            url: { type: "string" },
            trigger: { type: "string" },
            focused: { type: "boolean" },
          },
          additionalProperties: false,
        },
      },
      events: {
        type: "array",
        items: {
          type: "object",
          required: ["ref", "at", "kind"],
          properties: {
            ref: { type: "integer" },
            at: TIME,
            kind: { type: "string" },
            display: { type: "string" },
            app: { type: "string" },
            title: { type: "string" },
            url: { type: "string" },
            element: {
              type: "object",
              properties: {
                name: { type: "string" },
                role: { type: "string" },
                automation_id: { type: "string" },
              },
              additionalProperties: false,
            },
            x: { type: "number" },
            y: { type: "number" },
            chars: { type: "integer" },
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
    const { args, cursor } = resumeCall(NAME, raw, GET_EVIDENCE.input);
    const day = cursor?.windows[0]?.day ?? (typeof args.day === "string" ? args.day : undefined);
    const { frame, window, compiled } = await findFrame(String(args.frame), ctx, { day });
    const tz = ctx.settings.tz;
    const snapRefs = new Set(fromRuns(frame.evidence.snapshots));
    const eventRefs = new Set(fromRuns(frame.evidence.events));
    const snapshots = compiled.capture.snapshots
      .filter((s) => snapRefs.has(s.ref) && s.display === frame.display)
      .sort((a, b) => a.at - b.at || a.ref - b.ref)
      .map((s) => snapshotRow(s, tz));
    const events = compiled.capture.events
      .filter((e) => eventRefs.has(e.ref))
      .sort((a, b) => a.at - b.at || a.ref - b.ref)
      .map((e) => eventRow(e, tz));
    const structured = fitPage(
      { day: window.day, frame },
      [{ key: "snapshots", items: snapshots }, { key: "events", items: events }],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [window], offset }),
      },
    );
    return { structured };
  },
};

function snapshotRow(s: Snapshot, tz: string): Record<string, unknown> {
  return {
    ref: s.ref,
    at: formatLocal(s.at, tz),
    display: s.display,
    app: s.app,
    ...(s.title !== undefined && s.title !== "" ? { title: s.title } : {}),
    ...(s.url !== undefined && s.url !== "" ? { url: redactUrl(s.url) } : {}),
    ...(s.trigger !== undefined ? { trigger: s.trigger } : {}),
    ...(s.focused !== undefined ? { focused: s.focused } : {}),
  };
}

function eventRow(e: InputEvent, tz: string): Record<string, unknown> {
  const el = e.element;
  const element = el === undefined ? undefined : {
    ...(el.name !== undefined ? { name: el.name } : {}),
    ...(el.role !== undefined ? { role: el.role } : {}),
    ...(el.automationId !== undefined ? { automation_id: el.automationId } : {}),
  };
  // Typed text is never part of evidence, even when the operator loaded it elsewhere.
  return {
    ref: e.ref,
    at: formatLocal(e.at, tz),
    kind: e.kind,
    ...(e.display !== undefined ? { display: e.display } : {}),
    ...(e.app !== undefined ? { app: e.app } : {}),
    ...(e.title !== undefined && e.title !== "" ? { title: e.title } : {}),
    ...(e.url !== undefined && e.url !== "" ? { url: redactUrl(e.url) } : {}),
    ...(element !== undefined && Object.keys(element).length > 0 ? { element } : {}),
    ...(e.x !== undefined ? { x: e.x } : {}),
    ...(e.y !== undefined ? { y: e.y } : {}),
    ...(e.chars !== undefined ? { chars: e.chars } : {}),
  };
}
