/**
 * `get_activity`: the activity document of a window — coverage and every frame — paged
 * under the size cap.
 *
 * @module
 */

import { DEFAULT_MIN_MINUTES } from "../../compile/rules.ts";
import { docRef, windowSchema, withDocDefs } from "../_doc_schema.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { fitPage } from "../_pager.ts";
import {
  compileWindow,
  DAY_ARG,
  END_ARG,
  HOURS_ARG,
  resolveToolWindow,
  START_ARG,
  windowRequest,
} from "../_window_args.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";

const NAME = "get_activity";

/** The `get_activity` tool. */
export const GET_ACTIVITY: ToolSpec = {
  name: NAME,
  title: "Activity frames",
  description:
    "Every activity frame of a day or window, in time order: a bounded episode on one app (and site) with start, end, active minutes, up to three window titles, typed pages (kind + entity, e.g. pull_request acme/api#412), input counts, short detours folded in as interruptions, and evidence row ids — plus the window's coverage and blind spots. Use it when you need details the context block leaves out, or frame ids for get_evidence. Results are paged: when next_cursor is present, call again with the same arguments and cursor set to it. " +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: {
      day: DAY_ARG,
      hours: HOURS_ARG,
      start: START_ARG,
      end: END_ARG,
      min_minutes: {
        type: "number",
        description:
          `Leave frames shorter than this many minutes out of the list (their time stays in coverage). Default: the configured value (${DEFAULT_MIN_MINUTES}).`,
        minimum: 0,
        maximum: 1440,
      },
      cursor: CURSOR_ARG,
    },
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["window", "coverage", "blind_spots", "frames", "page"],
    properties: {
      window: windowSchema(),
      coverage: docRef("coverage"),
      blind_spots: { type: "array", items: { type: "string" } },
      frames: { type: "array", items: docRef("frame") },
      page: PAGE_SCHEMA,
      next_cursor: { type: "string" },
    },
    additionalProperties: false,
  }),
  async run(raw, ctx) {
    const { args, cursor } = resumeCall(NAME, raw, GET_ACTIVITY.input);
    const window = cursor?.windows[0] ?? resolveToolWindow(windowRequest(args), ctx);
    const minMinutes = typeof args.min_minutes === "number" ? args.min_minutes : undefined;
    const { doc } = await compileWindow(window, ctx, { minMinutes });
    const structured = fitPage(
      { window: doc.window, coverage: doc.coverage, blind_spots: doc.blind_spots },
      [{ key: "frames", items: doc.frames }],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [window], offset }),
      },
    );
    return { structured };
  },
};
