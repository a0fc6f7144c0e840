/**
 * Every tool, in the order clients list them: the six memory tools named as in the
 * published reference (so agent prompts carry over), then the audit tools.
 *
 * @module
 */

import type { ToolSpec } from "../tool.ts";
import { GET_ACTIVITY } from "./get_activity.ts";
import { GET_COMMUNICATIONS } from "./get_communications.ts";
import { GET_CONTEXT } from "./get_context.ts";
import { GET_DAY_SUMMARY } from "./get_day_summary.ts";
import { GET_EVIDENCE } from "./get_evidence.ts";
import { GET_PATTERNS } from "./get_patterns.ts";
import { GET_ROUTINE_PLAN } from "./get_routine_plan.ts";
import { GET_STEPS } from "./get_steps.ts";
import { SEARCH_ACTIVITY } from "./search_activity.ts";
import { REPLAY_ROUTINE } from "./replay_routine.ts";

// The shape of every tool and what it mentions, re-exported so this module's API is complete.
export type { ToolContext, ToolHints, ToolOutput, ToolSpec } from "../tool.ts";
export type {
  BackendSettings,
  Compiled,
  McpBackend,
  ResolvedWindow,
  WindowRequest,
} from "../backend.ts";
export type { ArgSchema, InputSchema, JsonObjectSchema } from "../_schema.ts";
export type * from "../../compile/document.ts";
export type * from "../../model.ts";

/** The server's tools. */
export const CORE_TOOLS: readonly ToolSpec[] = [
  GET_CONTEXT,
  GET_ACTIVITY,
  GET_DAY_SUMMARY,
  GET_PATTERNS,
  GET_COMMUNICATIONS,
  GET_STEPS,
  SEARCH_ACTIVITY,
  GET_EVIDENCE,
  GET_ROUTINE_PLAN,
  REPLAY_ROUTINE,
];
