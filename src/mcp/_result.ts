/**
 * Tool results: structured content with its text mirror, and errors a model can act on.
 *
 * @module
 */

import type { CallToolResult } from "@modelcontextprotocol/server";

/** A mistake in a tool call; the message says how to fix the call. */
export class ToolError extends Error {
  /** Creates a tool error; `message` is shown to the model as is. */
  constructor(message: string) {
    super(message);
    this.name = "ToolError";
  }
}

/** A successful result: `structured` as structured content, `text` (default: its JSON) as the mirror. */
export function toolResult(structured: Record<string, unknown>, text?: string): CallToolResult {
  return {
    content: [{ type: "text", text: text ?? JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/** An `isError` result carrying one actionable message. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}
