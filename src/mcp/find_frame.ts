/**
 * Finding a frame by id: ids are `<display>:<first row id>` and stable across windows, so
 * the frame is looked up in its day (given, or searched from today backwards).
 *
 * @module
 */

import type { Frame } from "../compile/document.ts";
import { addDays, localDay } from "../compile/time.ts";
import type { Compiled, ResolvedWindow } from "./backend.ts";
import { ToolError } from "./_result.ts";
import { compileWindow, resolveToolWindow } from "./_window_args.ts";
import type { ToolContext } from "./tool.ts";

/** How many days back a frame id is searched for when no day is given. */
export const FRAME_LOOKBACK_DAYS = 14;

/** A frame and the compiled day it belongs to. */
export interface FoundFrame {
  frame: Frame;
  window: ResolvedWindow;
  compiled: Compiled;
}

const FRAME_ID = /^(.+):(\d+)$/;

/** Checks the shape of a frame id; a malformed one is a {@linkcode ToolError}. */
export function checkFrameId(id: string): void {
  if (!FRAME_ID.test(id.trim())) {
    throw new ToolError(
      `Invalid frame id "${id}": use an id exactly as get_activity returns it, such as "monitor_0:1234" (display, a colon, the first row id)`,
    );
  }
}

/** Finds frame `id` in `day` (a day word), or in the last {@linkcode FRAME_LOOKBACK_DAYS} days. */
export async function findFrame(
  id: string,
  ctx: ToolContext,
  opts: { day?: string } = {},
): Promise<FoundFrame> {
  checkFrameId(id);
  const wanted = id.trim();
  if (opts.day !== undefined) {
    const window = resolveToolWindow({ day: opts.day }, ctx);
    // Every frame, short ones included: ids from a call with a higher min_minutes still work.
    const compiled = await compileWindow(window, ctx, { minMinutes: 0 });
    const frame = compiled.doc.frames.find((f) => f.id === wanted);
    if (!frame) {
      throw new ToolError(
        `Unknown frame "${wanted}" on ${window.day}: no frame of that day has this id; take ids from get_activity for the same day, or leave day out to search the last ${FRAME_LOOKBACK_DAYS} days`,
      );
    }
    return { frame, window, compiled };
  }
  const today = localDay(ctx.now, ctx.settings.tz);
  for (let back = 0; back < FRAME_LOOKBACK_DAYS; back++) {
    const day = addDays(today, -back);
    const window = resolveToolWindow({ day }, ctx);
    const compiled = await ctx.backend.compile(window, { minMinutes: 0 });
    const frame = compiled.doc.frames.find((f) => f.id === wanted);
    if (frame) return { frame, window, compiled };
  }
  throw new ToolError(
    `Unknown frame "${wanted}": no frame with this id in the last ${FRAME_LOOKBACK_DAYS} days (${
      addDays(today, 1 - FRAME_LOOKBACK_DAYS)
    } to ${today}); take ids from get_activity, and pass its day for older frames`,
  );
}
