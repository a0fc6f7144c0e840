/**
 * `get_day_summary`: coverage, the app ledger and the site roll-up of a day.
 *
 * @module
 */

import { docRef, windowSchema, withDocDefs } from "../_doc_schema.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { fitPage } from "../_pager.ts";
import { compileWindow, DAY_ARG, resolveToolWindow, windowRequest } from "../_window_args.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";

const NAME = "get_day_summary";

/** The `get_day_summary` tool. */
export const GET_DAY_SUMMARY: ToolSpec = {
  name: NAME,
  title: "Day summary: coverage, apps, sites",
  description:
    "The numbers of one day: coverage (first and last activity, active, focused and presence minutes, away gaps, per display), the app ledger (every app with minutes deduplicated across displays, frame count, longest frame, top window titles) and the site roll-up (minutes and frames per site). Use it for 'how long did I spend in X', 'when did my day start', 'which apps/sites did I use'. Lists are paged: when next_cursor is present, call again with the same day and that cursor. " +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: { day: DAY_ARG, cursor: CURSOR_ARG },
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["window", "coverage", "blind_spots", "ledger", "sites", "page"],
    properties: {
      window: windowSchema(),
      coverage: docRef("coverage"),
      blind_spots: { type: "array", items: { type: "string" } },
      ledger: { type: "array", items: docRef("ledger_entry") },
      sites: { type: "array", items: docRef("site_entry") },
      page: PAGE_SCHEMA,
      next_cursor: { type: "string" },
    },
    additionalProperties: false,
  }),
  async run(raw, ctx) {
    const { args, cursor } = resumeCall(NAME, raw, GET_DAY_SUMMARY.input);
    const window = cursor?.windows[0] ?? resolveToolWindow(windowRequest(args), ctx);
    const { doc } = await compileWindow(window, ctx);
    const structured = fitPage(
      { window: doc.window, coverage: doc.coverage, blind_spots: doc.blind_spots },
      [{ key: "ledger", items: doc.ledger }, { key: "sites", items: doc.sites }],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [window], offset }),
      },
    );
    return { structured };
  },
};
