/**
 * `get_steps`: the click-by-click script behind a frame (the steps view of `src/steps/`).
 *
 * @module
 */

import { loadTyper } from "../../entities/mod.ts";
import { frameSteps } from "../../steps/mod.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { withDocDefs } from "../_doc_schema.ts";
import { fitPage } from "../_pager.ts";
import { ToolError } from "../_result.ts";
import { findFrame } from "../find_frame.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";
import { FRAME_ARG, FRAME_DAY_ARG } from "./get_evidence.ts";

const NAME = "get_steps";

const STEP_KINDS = [
  "focus",
  "url",
  "click",
  "type",
  "paste",
  "copy",
  "keys",
  "scroll",
  "switch",
  "other",
];

/** The `get_steps` tool. */
export const GET_STEPS: ToolSpec = {
  name: NAME,
  title: "Steps of a frame",
  description:
    "The click-by-click script behind one frame from get_activity: in time order, focus and URL changes (URLs with secrets redacted, typed pages), clicks with the element they hit (name, role, and how it was resolved: native, exact, tolerance, zone or none, with a confidence), typed runs as character counts (never the text), pastes, copies, key and scroll runs, and detours. Use it to see how the user did something in a frame, e.g. to repeat or explain a procedure. Paged: when next_cursor is present, call again with the same frame and that cursor. " +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: { frame: FRAME_ARG, day: FRAME_DAY_ARG, cursor: CURSOR_ARG },
    required: ["frame"],
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["day", "frame", "include_text", "steps", "page"],
    properties: {
      day: { type: "string" },
      frame: {
        type: "object",
        required: ["id", "display", "app", "start", "end", "duration_min"],
        properties: {
          id: { type: "string" },
          display: { type: "string" },
          app: { type: "string" },
          site: { type: "string" },
          start: { $ref: "#/$defs/time" },
          end: { $ref: "#/$defs/time" },
          duration_min: { type: "number", minimum: 0 },
        },
      },
      include_text: { const: false, description: "Typed text is never served over MCP" },
      steps: {
        type: "array",
        items: {
          type: "object",
          description: "One step; see the tool description for the kinds",
          required: ["at", "kind"],
          properties: {
            at: { type: "string", description: "Local HH:MM:SS" },
            kind: { type: "string", enum: STEP_KINDS },
            events: { type: "string", description: "Source event rows, run form" },
            snapshot: { type: "integer" },
            app: { type: "string" },
            title: { type: "string" },
            url: { type: "string" },
            page: {
              type: "object",
              required: ["kind"],
              properties: { kind: { type: "string" }, entity: { type: "string" } },
            },
            target: {
              type: "object",
              required: ["resolution", "confidence"],
              properties: {
                resolution: { type: "string" },
                confidence: { type: "number" },
                name: { type: "string" },
                role: { type: "string" },
                zone: { type: "string" },
              },
            },
            chars: { type: "integer", minimum: 0 },
            count: { type: "integer", minimum: 0 },
            detour: { type: "string" },
          },
          not: { required: ["text"] },
        },
      },
      notes: {
        type: "array",
        items: { type: "string" },
        description:
          "How this display's clicks were placed when neither the source nor the operator gave its geometry: inferred from the capture's clicks, or why not",
      },
      page: PAGE_SCHEMA,
      next_cursor: { type: "string" },
    },
    additionalProperties: false,
  }),
  async run(raw, ctx) {
    const { args, cursor } = resumeCall(NAME, raw, GET_STEPS.input);
    const day = cursor?.windows[0]?.day ?? (typeof args.day === "string" ? args.day : undefined);
    const id = String(args.frame).trim();
    const { window, compiled } = await findFrame(id, ctx, { day });
    let script;
    try {
      // Typed text stays out (SPEC §9): the server never opts in.
      script = frameSteps(compiled.capture, id, {
        tz: ctx.settings.tz,
        typer: await loadTyper(),
        includeText: false,
      });
    } catch (err) {
      if (err instanceof RangeError) throw new ToolError(err.message);
      throw err;
    }
    const structured = fitPage(
      {
        day: window.day,
        frame: script.frame,
        include_text: false,
        ...(script.notes !== undefined ? { notes: script.notes } : {}),
      },
      [{ key: "steps", items: script.steps }],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [window], offset }),
      },
    );
    return { structured };
  },
};
