/**
 * `get_patterns`: the pattern detectors of `src/patterns/` over the last N local days.
 *
 * @module
 */

import { addDays } from "../../compile/time.ts";
import { analyseDay, detectPatterns } from "../../patterns/mod.ts";
import { type Capture, captureSteps, mineRoutines } from "../../routines/mod.ts";
import { encodeCursor, resumeCall } from "../_cursor.ts";
import { fitPage } from "../_pager.ts";
import { DAY_ARG, resolveToolWindow } from "../_window_args.ts";
import type { JsonObjectSchema } from "../_schema.ts";
import { type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";
import { CURSOR_ARG, PAGE_SCHEMA } from "./_paging.ts";

const NAME = "get_patterns";

/** The default and largest number of days looked at. */
export const PATTERN_DAYS = { default: 7, max: 31 } as const;

const DETECTORS = [
  "repeated_clicks",
  "action_sequences",
  "daily_habits",
  "url_templates",
  "app_switches",
  "temporal_rhythms",
] as const;

const EVIDENCE = {
  type: "array",
  items: { type: "string" },
  description: "Frame ids (routines: start times of the first occurrences)",
};

function list(required: string[], properties: Record<string, unknown>): JsonObjectSchema {
  return {
    type: "array",
    items: {
      type: "object",
      required: [...required, "evidence"],
      properties: { ...properties, evidence: EVIDENCE },
    },
  };
}

/** The `get_patterns` tool. */
export const GET_PATTERNS: ToolSpec = {
  name: NAME,
  title: "Patterns over recent days",
  description:
    `Recurring behaviour over the last N local days (default ${PATTERN_DAYS.default}, ending today or on until): repeated clicks on the same element, action sequences that recur inside one app, daily habits (apps and sites used on most days, typical start), URL templates visited with different ids, frequent app-to-app switches, temporal rhythms (an app in the same half hour on most days), and routines: step sequences of one app/site seen 3+ times with named targets, slots for varying names, with h (their share of all clicks and typed runs) and R (agent cost over plan cost); get a routine's guarded plan with get_routine_plan. Each pattern has counts and evidence (frame ids; occurrence start times for routines). Use it for routines, habits and 'what do I keep doing'. Typed text is never read. Paged: when next_cursor is present, call again with the same arguments and that cursor. ` +
    UNTRUSTED_TEXT,
  input: {
    type: "object",
    properties: {
      days: {
        type: "integer",
        description:
          `How many local days to look at, ending with until. Default ${PATTERN_DAYS.default}.`,
        minimum: 1,
        maximum: PATTERN_DAYS.max,
      },
      until: {
        ...DAY_ARG,
        description: "The last day looked at (a day word as for day). Default: today.",
      },
      min_count: {
        type: "integer",
        description:
          "Least repeats for a click, sequence or switch to count as a pattern. Default 3.",
        minimum: 2,
        maximum: 1000,
      },
      cursor: CURSOR_ARG,
    },
    additionalProperties: false,
  },
  output: {
    type: "object",
    required: ["tz", "days", "active_days", "routine_figures", ...DETECTORS, "routines", "page"],
    properties: {
      tz: { type: "string" },
      days: { type: "array", items: { type: "string" } },
      active_days: { type: "integer", minimum: 0 },
      notes: {
        type: "array",
        items: { type: "string" },
        description: "Per day, how clicks were placed: display geometry inferred, or why not",
      },
      repeated_clicks: list(["app", "target", "count", "days"], {
        app: { type: "string" },
        site: { type: "string" },
        target: {
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" }, role: { type: "string" } },
        },
        count: { type: "integer" },
        days: { type: "integer" },
      }),
      action_sequences: list(["app", "steps", "count", "frames"], {
        app: { type: "string" },
        site: { type: "string" },
        steps: { type: "array", items: { type: "string" } },
        count: { type: "integer" },
        frames: { type: "integer" },
      }),
      daily_habits: list(["kind", "name", "days", "of_days", "avg_minutes", "typical_start"], {
        kind: { type: "string", enum: ["app", "site"] },
        name: { type: "string" },
        days: { type: "integer" },
        of_days: { type: "integer" },
        avg_minutes: { type: "number" },
        typical_start: { type: "string" },
      }),
      url_templates: list(["site", "template", "visits", "distinct_urls", "days"], {
        site: { type: "string" },
        template: { type: "string" },
        visits: { type: "integer" },
        distinct_urls: { type: "integer" },
        days: { type: "integer" },
      }),
      app_switches: list(["from", "to", "count", "days"], {
        from: { type: "string" },
        to: { type: "string" },
        count: { type: "integer" },
        days: { type: "integer" },
      }),
      routine_figures: {
        type: "object",
        required: ["h", "h_raw", "action_steps"],
        properties: {
          h: { type: "number", description: "Share of action steps inside the routines" },
          h_raw: { type: "number", description: "Share inside any recurring n-gram (naive)" },
          action_steps: { type: "integer" },
        },
      },
      routines: list(["id", "title", "app", "steps", "occurrences", "R_info", "R_inject"], {
        id: { type: "string", description: "Pass to get_routine_plan with the same days/until" },
        title: { type: "string" },
        app: { type: "string" },
        site: { type: ["string", "null"] },
        steps: {
          type: "array",
          items: {
            type: "object",
            required: ["op", "name", "role", "url", "slot"],
            properties: {
              op: { type: "string", enum: ["click", "type", "navigate"] },
              name: { type: ["string", "null"] },
              role: { type: ["string", "null"] },
              url: { type: ["string", "null"] },
              slot: { type: "boolean" },
              optional: { type: "boolean" },
              slot_name: { type: "string" },
            },
          },
        },
        occurrences: { type: "integer" },
        R_info: { type: "number" },
        R_inject: { type: "number" },
      }),
      temporal_rhythms: list(["app", "slot", "days", "of_days", "avg_minutes"], {
        app: { type: "string" },
        slot: { type: "string" },
        days: { type: "integer" },
        of_days: { type: "integer" },
        avg_minutes: { type: "number" },
      }),
      page: PAGE_SCHEMA,
      next_cursor: { type: "string" },
    },
    additionalProperties: false,
  },
  async run(raw, ctx) {
    const { args, cursor } = resumeCall(NAME, raw, GET_PATTERNS.input);
    const count = typeof args.days === "number" ? args.days : PATTERN_DAYS.default;
    const last = cursor?.windows[0] ??
      resolveToolWindow({ day: typeof args.until === "string" ? args.until : "today" }, ctx);
    const tz = ctx.settings.tz;
    const analysed = [];
    const captures: Capture[] = [];
    for (let back = count - 1; back >= 0; back--) {
      const day = addDays(last.day!, -back);
      const capture = await ctx.backend.read(ctx.backend.resolveWindow({ day }, ctx.now));
      analysed.push(analyseDay(capture, { day, tz, minMinutes: ctx.settings.minMinutes }));
      captures.push(capture);
    }
    const minCount = typeof args.min_count === "number" ? args.min_count : undefined;
    const report = detectPatterns(analysed, { minCount });
    // Routines, as get_routine_plan mines them for the same days (typed text never loaded).
    const { steps, unplaced, displays, notes } = captureSteps(captures);
    const mined = mineRoutines(steps, {
      tz,
      minOccurrences: minCount,
      unplaced,
      displays,
      notes,
    }).report;
    const routines = mined.routines.map((r) => ({
      id: r.id,
      title: r.title,
      app: r.app,
      site: r.site,
      steps: r.steps,
      occurrences: r.occurrences.length,
      R_info: r.R_info,
      R_inject: r.R_inject,
      evidence: r.occurrences.slice(0, 5).map((o) => o.start),
    }));
    const figures = { h: mined.h, h_raw: mined.h_raw, action_steps: mined.action_steps };
    const structured = fitPage(
      {
        tz,
        days: report.days,
        active_days: report.active_days,
        ...(report.notes.length > 0 ? { notes: report.notes } : {}),
        routine_figures: figures,
      },
      [
        ...DETECTORS.map((key) => ({ key, items: report[key] as readonly unknown[] })),
        { key: "routines", items: routines },
      ],
      {
        offset: cursor?.offset ?? 0,
        maxTokens: ctx.maxTokens,
        cursorFor: (offset) => encodeCursor({ tool: NAME, args, windows: [last], offset }),
      },
    );
    return { structured };
  },
};
