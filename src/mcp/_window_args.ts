/**
 * The window arguments tools share (`day`, `hours`, `start`/`end`) and their resolution in
 * the configured timezone, with errors that say how to fix the call.
 *
 * @module
 */

import { localDay } from "../compile/time.ts";
import type { Compiled, ResolvedWindow, WindowRequest } from "./backend.ts";
import type { ArgSchema } from "./_schema.ts";
import { ToolError } from "./_result.ts";
import type { ToolContext } from "./tool.ts";

/** The `day` argument. */
export const DAY_ARG: ArgSchema = {
  type: "string",
  description:
    "The local day: today, yesterday, a weekday name (its most recent occurrence, today included) or YYYY-MM-DD. Default: today.",
  minLength: 1,
  maxLength: 40,
};

/** The `hours` argument. */
export const HOURS_ARG: ArgSchema = {
  type: "number",
  description: "Instead of a day: the last N hours up to now (e.g. 2 or 0.5).",
  minimum: 0.05,
  maximum: 744,
};

/** The `start` argument. */
export const START_ARG: ArgSchema = {
  type: "string",
  description:
    "Instead of a day: the local start time, YYYY-MM-DD or YYYY-MM-DDTHH:MM (use with end; end defaults to now).",
  minLength: 1,
  maxLength: 40,
};

/** The `end` argument. */
export const END_ARG: ArgSchema = {
  type: "string",
  description:
    "The local end time for start: YYYY-MM-DD (that whole day included) or YYYY-MM-DDTHH:MM.",
  minLength: 1,
  maxLength: 40,
};

/** Picks the window arguments out of a call's arguments. */
export function windowRequest(args: Record<string, unknown>): WindowRequest {
  const req: WindowRequest = {};
  if (typeof args.day === "string") req.day = args.day;
  if (typeof args.hours === "number") req.hours = args.hours;
  if (typeof args.start === "string") req.start = args.start;
  if (typeof args.end === "string") req.end = args.end;
  return req;
}

/** A human label of a window: its day, or its local start and end. */
export function windowLabel(window: ResolvedWindow, tz: string): string {
  if (window.day !== undefined) return window.day;
  return `${localDay(window.start, tz)} ${clock(window.start, tz)} to ${localDay(window.end, tz)} ${
    clock(window.end, tz)
  }`;
}

function clock(ms: number, tz: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(ms);
}

/** Resolves a call's window; conflicting, malformed or future windows are {@linkcode ToolError}s. */
export function resolveToolWindow(req: WindowRequest, ctx: ToolContext): ResolvedWindow {
  const given = [
    req.day !== undefined,
    req.hours !== undefined,
    req.start !== undefined || req.end !== undefined,
  ]
    .filter(Boolean).length;
  if (given > 1) {
    throw new ToolError(
      "Conflicting arguments: pass one of day, hours, or start/end (they all choose the window)",
    );
  }
  if (req.end !== undefined && req.start === undefined) {
    throw new ToolError('Missing argument "start": end needs a start time (YYYY-MM-DDTHH:MM)');
  }
  let window: ResolvedWindow;
  try {
    window = ctx.backend.resolveWindow(req, ctx.now);
  } catch (err) {
    throw new ToolError((err as Error).message);
  }
  const tz = ctx.settings.tz;
  if (window.start >= ctx.now) {
    const what = window.day !== undefined ? `day "${window.day}"` : `start "${req.start}"`;
    throw new ToolError(
      `Invalid ${what}: it is in the future (today is ${
        localDay(ctx.now, tz)
      } in ${tz}); ask about today or an earlier day`,
    );
  }
  return window;
}

/** The error for a window with no capture at all. */
export function emptyWindowError(window: ResolvedWindow, tz: string): ToolError {
  const label = window.day !== undefined ? window.day : windowLabel(window, tz);
  return new ToolError(
    `No activity captured on ${label} (${tz}): the source has no rows in that window; ask about another day (today, yesterday, a weekday name or YYYY-MM-DD) or a wider window, and check that the recorder was running`,
  );
}

/** Compiles a window for a tool; a window without any capture is a {@linkcode ToolError}. */
export async function compileWindow(
  window: ResolvedWindow,
  ctx: ToolContext,
  opts: { minMinutes?: number } = {},
): Promise<Compiled> {
  const compiled = await ctx.backend.compile(window, opts);
  if (compiled.doc.coverage.snapshots === 0) throw emptyWindowError(window, ctx.settings.tz);
  return compiled;
}
