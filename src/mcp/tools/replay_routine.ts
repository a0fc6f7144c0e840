/**
 * `replay_routine`: run a guarded routine plan in a real Chromium for an agent. A dry run
 * unless the operator started the server with `--allow-replay`; destructive steps are
 * refused unless the operator also gave `--allow-destructive-replay`. The agent never picks
 * the browser: it is the operator's (FRAMES_BROWSER, CHROMIUM or the usual paths).
 *
 * @module
 */

import {
  NEEDS_ALL_PERMISSIONS,
  parsePlan,
  parseUrlMapping,
  renderTable,
  replay,
  type ReplayReport,
  resolveSteps,
} from "../../replay/mod.ts";
import type { McpBackend } from "../backend.ts";
import { ToolError } from "../_result.ts";
import { type ToolContext, type ToolSpec, UNTRUSTED_TEXT } from "../tool.ts";

/** What the operator allowed when starting the server; absent means dry runs only. */
export interface ReplayPolicy {
  /** `--allow-replay`: calls may click and type (`mode: "execute"`). */
  allowExecute: boolean;
  /** `--allow-destructive-replay`: calls may run destructive steps. */
  allowDestructive: boolean;
}

/** A backend that carries the operator's replay policy. */
export interface ReplayBackend extends McpBackend {
  replay?: ReplayPolicy;
}

/** The policy in force for a call: the backend's, or dry runs only. */
export function replayPolicy(ctx: ToolContext): ReplayPolicy {
  const p = (ctx.backend as ReplayBackend).replay;
  return { allowExecute: p?.allowExecute === true, allowDestructive: p?.allowDestructive === true };
}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ToolError(`Invalid argument "${what}": not JSON: ${(err as Error).message}`);
  }
}

function slotValues(text: string | undefined): Record<string, string> {
  if (text === undefined) return {};
  const v = parseJson(text, "slots");
  if (
    v === null || typeof v !== "object" || Array.isArray(v) ||
    !Object.values(v).every((x) => typeof x === "string")
  ) {
    throw new ToolError(
      'Invalid argument "slots": expected a JSON object of slot names to string values, e.g. {"status": "Done"}',
    );
  }
  return v as Record<string, string>;
}

function checkedInput(args: Record<string, unknown>, policy: ReplayPolicy) {
  let plan;
  try {
    plan = parsePlan(parseJson(args.plan as string, "plan"));
  } catch (err) {
    if (err instanceof ToolError) throw err;
    throw new ToolError(`Invalid argument "plan": ${(err as Error).message}`);
  }
  const slots = slotValues(args.slots as string | undefined);
  try {
    resolveSteps(plan, slots);
  } catch (err) {
    throw new ToolError(
      `Invalid argument "slots": ${(err as Error).message.replace(/--slot /g, "")}`,
    );
  }
  const execute = args.mode === "execute";
  if (execute && !policy.allowExecute) {
    throw new ToolError(
      'Cannot execute: this server runs dry runs only (the operator did not start it with --allow-replay); call again with mode "dry-run" to check the plan\'s guards without acting',
    );
  }
  const destructive = args.destructive === "allow";
  if (destructive && !policy.allowDestructive) {
    throw new ToolError(
      'Cannot allow destructive steps: the operator did not start the server with --allow-destructive-replay; call again with destructive "refuse" (such steps are then refused and reported)',
    );
  }
  let urlMap;
  try {
    urlMap = String(args.url_map ?? "").split(/\s+/).filter((s) => s !== "").map(parseUrlMapping);
  } catch (err) {
    throw new ToolError((err as Error).message.replace("--url-map", 'argument "url_map"'));
  }
  return { plan, slots, execute, destructive, urlMap };
}

/** The `replay_routine` tool. */
export const REPLAY_ROUTINE: ToolSpec = {
  name: "replay_routine",
  title: "Replay a routine plan (guarded)",
  description:
    'Runs a guarded routine plan (the JSON "frames routines plan" writes) in a real browser. Use it to check a mined routine against the live site (dry run) or to run it instead of re-deriving it click by click. Reports each step: checked (guards held, nothing done), done, refused (destructive), aborted (a guard failed: which step, what was expected, what was found) or skipped. Before each step the page URL must match the step\'s template and exactly one element with its role and exact name must be present; the first mismatch stops the run. mode "dry-run" (the default) clicks and types nothing; "execute" acts only when the operator started the server with --allow-replay; destructive steps run only with destructive "allow" and the operator\'s --allow-destructive-replay. ' +
    UNTRUSTED_TEXT,
  // It drives a browser on live pages and, when the operator allows it, acts there.
  hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  input: {
    type: "object",
    properties: {
      plan: {
        type: "string",
        description: "The plan as JSON text (schema routine-plan v1).",
        minLength: 1,
        maxLength: 200_000,
      },
      slots: {
        type: "string",
        description:
          'Slot values as a JSON object, e.g. {"status": "In Progress"}; every slot of the plan is required.',
        maxLength: 20_000,
      },
      mode: {
        type: "string",
        description: "dry-run (default: check every guard, act on nothing) or execute.",
        enum: ["dry-run", "execute"],
      },
      destructive: {
        type: "string",
        description: "refuse (default) or allow destructive steps (send, pay, delete …).",
        enum: ["refuse", "allow"],
      },
      url_map: {
        type: "string",
        description:
          "URL prefix rewrites FROM=TO separated by spaces, e.g. https://app.example.com=http://127.0.0.1:8080",
        maxLength: 4000,
      },
      timeout_s: {
        type: "integer",
        description: "Hard deadline for the run in seconds (default 60).",
        minimum: 5,
        maximum: 300,
      },
    },
    required: ["plan"],
    additionalProperties: false,
  },
  output: {
    type: "object",
    required: ["outcome", "mode", "allow_destructive", "message", "steps"],
    properties: {
      report_version: { type: "integer" },
      routine: { type: "object" },
      mode: { type: "string", enum: ["dry-run", "execute"] },
      allow_destructive: { type: "boolean" },
      browser: { type: "object" },
      outcome: { type: "string" },
      stopped_at: { type: ["integer", "null"] },
      message: { type: "string" },
      browser_start_ms: { type: "number" },
      first_step_ms: { type: ["number", "null"] },
      total_ms: { type: "number" },
      final: { type: ["object", "null"] },
      screenshots_dir: { type: ["string", "null"] },
      steps: { type: "array", items: { type: "object" } },
    },
  },
  async run(args, ctx) {
    const input = checkedInput(args, replayPolicy(ctx));
    let report: ReplayReport;
    try {
      report = await replay(input.plan, {
        slots: input.slots,
        execute: input.execute,
        allowDestructive: input.destructive,
        urlMap: input.urlMap,
        timeoutMs: ((args.timeout_s as number | undefined) ?? 60) * 1000,
      });
    } catch (err) {
      const message = (err as Error).message;
      if (message === NEEDS_ALL_PERMISSIONS) {
        throw new ToolError(
          "Cannot start replay: the operator must start frames mcp with -A (playwright-core needs all permissions)",
        );
      }
      if (err instanceof RangeError) throw new ToolError(message);
      throw err;
    }
    return { structured: report as unknown as Record<string, unknown>, text: renderTable(report) };
  },
};
