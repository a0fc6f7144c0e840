/**
 * `get_routine_plan`: the guarded plan of one routine mined over the last N local days
 * (schema/routine-plan.schema.json), what a replayer runs instead of an agent re-deriving
 * the routine step by step. Typed text is never served over MCP.
 *
 * @module
 */

import schema from "../../../schema/routine-plan.schema.json" with { type: "json" };
import { addDays } from "../../compile/time.ts";
import {
  type Capture,
  captureSteps,
  type MinedRoutines,
  mineRoutines,
  planOf,
} from "../../routines/mod.ts";
import { ToolError } from "../_result.ts";
import { DAY_ARG, resolveToolWindow } from "../_window_args.ts";
import { type ToolContext, type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";

const NAME = "get_routine_plan";

/** The default and largest number of days routines are mined over. */
export const ROUTINE_DAYS = { default: 28, max: 31 } as const;

/**
 * Routines mined over `count` local days ending with `until`, read day by day; typed text
 * is never loaded (the backend reads without it).
 */
export async function recentRoutines(
  ctx: ToolContext,
  count: number,
  until: string,
  minOccurrences?: number,
): Promise<MinedRoutines> {
  const last = resolveToolWindow({ day: until }, ctx);
  const captures: Capture[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const day = addDays(last.day!, -back);
    captures.push(await ctx.backend.read(ctx.backend.resolveWindow({ day }, ctx.now)));
  }
  // The same steps, screen and notes as `frames routines` over these days.
  const { steps, unplaced, displays, notes } = captureSteps(captures);
  return mineRoutines(steps, { tz: ctx.settings.tz, minOccurrences, unplaced, displays, notes });
}

const { $schema: _s, $id: _i, ...PLAN_SCHEMA } = schema;

/** The `get_routine_plan` tool. */
export const GET_ROUTINE_PLAN: ToolSpec = {
  name: NAME,
  title: "Guarded plan of a routine",
  description:
    `The guarded plan of one routine found by get_patterns (its routines list gives the ids), mined over the same days (default ${ROUTINE_DAYS.default}, ending today or on until): per step the op (click, type, navigate), the target by ARIA role and accessible name, the slot that fills a varying name or typed value, guards that must hold before acting (app, URL template with * for varying parts, the element), keys pressed after, and destructive: true for steps that send, pay, submit, delete, approve or publish. Use it to hand a routine to a guarded replayer (frames replay) instead of re-deriving it click by click; never run destructive steps without the user's say. Typed text is never included. ` +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: {
      id: {
        type: "string",
        description: "The routine id (r-…) from get_patterns' routines.",
        minLength: 3,
        maxLength: 40,
      },
      days: {
        type: "integer",
        description:
          `How many local days the routine was mined over, ending with until (as for get_patterns). Default ${ROUTINE_DAYS.default}.`,
        minimum: 1,
        maximum: ROUTINE_DAYS.max,
      },
      until: {
        ...DAY_ARG,
        description: "The last day mined (a day word as for day). Default: today.",
      },
    },
    required: ["id"],
    additionalProperties: false,
  },
  output: PLAN_SCHEMA,
  async run(args, ctx) {
    const count = typeof args.days === "number" ? args.days : ROUTINE_DAYS.default;
    const until = typeof args.until === "string" ? args.until : "today";
    const mined = await recentRoutines(ctx, count, until);
    const plan = planOf(mined, String(args.id));
    if (plan === undefined) {
      const ids = mined.report.routines.slice(0, 10).map((r) => r.id);
      throw new ToolError(
        `Unknown routine "${args.id}": no routine of the ${count} days ending ${until} has that id; call get_patterns with the same days and until for the ids${
          ids.length > 0 ? ` (${ids.join(", ")})` : " (none found there)"
        }`,
      );
    }
    return { structured: plan as unknown as Record<string, unknown> };
  },
};
