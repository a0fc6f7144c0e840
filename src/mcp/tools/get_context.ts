/**
 * `get_context`: the compact, token-budgeted context block of a day or window.
 *
 * @module
 */

import { DEFAULT_CONTEXT_BUDGET } from "../../compile/rules.ts";
import { emitContext } from "../../emit/context.ts";
import { windowSchema, withDocDefs } from "../_doc_schema.ts";
import { jsonTokens } from "../_pager.ts";
import { ToolError } from "../_result.ts";
import {
  compileWindow,
  DAY_ARG,
  HOURS_ARG,
  resolveToolWindow,
  windowRequest,
} from "../_window_args.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { countTokensCached as countTokens } from "../../text/token_count.ts";

/** The `get_context` tool. */
export const GET_CONTEXT: ToolSpec = {
  name: "get_context",
  title: "Activity context block",
  description:
    "What the user did on their computer on a day (or in the last N hours), as one compact text block measured from screen capture: coverage (first and last activity, active minutes), every app and every site with minutes, away periods, then the longest activity frames (time, app/site, pages or window title) within a token budget. Use it first when a question depends on what the user was doing, working on or looking at; use get_activity for every frame with details, get_day_summary for exact per-app/per-site numbers, search_activity to find when something was seen. " +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: {
      day: DAY_ARG,
      hours: HOURS_ARG,
      budget: {
        type: "integer",
        description:
          `Token budget of the block (cl100k); the app and site lists are always complete, frames fill the rest. Default: the configured budget (${DEFAULT_CONTEXT_BUDGET}).`,
        minimum: 50,
        maximum: 32000,
      },
    },
    additionalProperties: false,
  },
  output: withDocDefs({
    type: "object",
    required: ["window", "budget", "tokens", "context"],
    properties: {
      window: windowSchema(),
      budget: { type: "integer", description: "The token budget the block was built for" },
      tokens: { type: "integer", description: "cl100k tokens of the block" },
      context: { type: "string", description: "The context block (also the text content)" },
    },
    additionalProperties: false,
  }),
  async run(args, ctx) {
    const budget = typeof args.budget === "number" ? args.budget : ctx.settings.budget;
    if (budget > ctx.maxTokens) {
      throw new ToolError(
        `Invalid argument "budget": at most ${ctx.maxTokens} (this server's cap per result)`,
      );
    }
    const window = resolveToolWindow(windowRequest(args), ctx);
    const { doc } = await compileWindow(window, ctx);
    const context = emitContext(doc, { budget });
    const tokens = countTokens(context);
    const structured = { window: doc.window, budget, tokens, context };
    if (jsonTokens(structured) > ctx.maxTokens) {
      throw new ToolError(
        `Cannot fit the context block in ${ctx.maxTokens} tokens: the complete app and site lists alone are larger; use get_day_summary, which pages them`,
      );
    }
    return { structured, text: context };
  },
};
