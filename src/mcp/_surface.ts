/**
 * What the resource, prompt and completion handlers share: the options they run with, the
 * tool context of one request (its backend observed for logging), and protocol errors.
 *
 * @module
 */

import { ProtocolError, ProtocolErrorCode, type ServerContext } from "@modelcontextprotocol/server";
import type { McpBackend } from "./backend.ts";
import { type LogSink, observedBackend, SLOW_READ_MS } from "./_observed.ts";
import type { ToolContext } from "./tool.ts";

/** Options every request handler of the server runs with. */
export interface SurfaceOptions {
  /** Settings, windows and the compile pipeline. */
  backend: McpBackend;
  /** Hard cap on each result in cl100k tokens. */
  maxTokens: number;
  /** A read slower than this (ms) is logged to the client. */
  slowReadMs?: number;
  /** Receives unexpected errors (bugs, broken sources). */
  onerror?: (error: Error) => void;
}

/** The client's log channel for one request (filtered by the level it set). */
export function requestLog(ctx: ServerContext | undefined): LogSink {
  return (level, data) => {
    void ctx?.mcpReq.log(level, data, "frames").catch(() => {});
  };
}

/** The tool context of one request, its backend observed for slow reads and rejected rows. */
export function requestContext(opts: SurfaceOptions, ctx?: ServerContext): ToolContext {
  const backend = observedBackend(opts.backend, requestLog(ctx), opts.slowReadMs ?? SLOW_READ_MS);
  return {
    backend,
    settings: backend.settings(),
    now: backend.now(),
    maxTokens: opts.maxTokens,
  };
}

/** A `-32602 Invalid params` error whose message says what would work. */
export function invalidParams(message: string, data?: Record<string, unknown>): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message, data);
}

/** How many of the most recent capture days an error message names. */
const NAMED_DAYS = 5;

/** "days with capture: a, b, c" for an error message, or a hint when there are none. */
export function captureDaysHint(days: string[]): string {
  if (days.length === 0) return "the source holds no capture yet";
  const more = days.length > NAMED_DAYS ? `, … (${days.length} in all)` : "";
  return `days with capture: ${days.slice(0, NAMED_DAYS).join(", ")}${more}`;
}
