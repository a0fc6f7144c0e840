/**
 * Tool results: structured content with its text mirror, and errors a model can act on.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/server";
import { jsonText, safeLine, terminalText } from "../text/sanitize.ts";
import { FENCE_OPEN, untrustedBlock } from "../text/untrusted.ts";

/** A mistake in a tool call; the message says how to fix the call. */
export class ToolError extends Error {
  /** Creates a tool error; `message` is shown to the model as is. */
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

/**
 * A successful result: `structured` as structured content, `text` (default: its JSON) as
 * the mirror. The mirror is captured text, so it is fenced as untrusted data (the context
 * block comes fenced already) and holds no control or bidi character.
 */
export function toolResult(structured: Record<string, unknown>, text?: string): CallToolResult {
  const mirror = text === undefined
    ? untrustedBlock(jsonText(structured, 0))
    : text.includes(FENCE_OPEN)
    ? terminalText(text)
    : untrustedBlock(terminalText(text));
  return { content: [{ type: "text", text: mirror }], structuredContent: structured };
}

/** An `isError` result carrying one actionable message, on one line, with no control character. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: safeLine(message) }], isError: true };
}
