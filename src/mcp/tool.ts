/**
 * The shape of one tool: its name, the words a model reads to choose it, its input and
 * output schemas, and the function that answers a call.
 *
 * @module
 */

import type { BackendSettings, McpBackend } from "./backend.ts";
import type { InputSchema, JsonObjectSchema } from "./_schema.ts";

/** What a tool call runs with. */
export interface ToolContext {
  /** The program behind the server: settings, windows and compiles. */
  backend: McpBackend;
  /** Settings in effect for this call. */
  settings: BackendSettings;
  /** The time of the call, UTC ms. */
  now: number;
  /** The hard cap on the result, in cl100k tokens. */
  maxTokens: number;
}

/** What a tool returns: structured content, and the text mirror when it is not its JSON. */
export interface ToolOutput {
  /** The result as JSON, matching the tool's output schema. */
  structured: Record<string, unknown>;
  /** The text content, when it is not the JSON itself (e.g. the context block). */
  text?: string;
}

/** One tool of the server. */
export interface ToolSpec {
  /** The name clients call the tool by. */
  name: string;
  /** A short name for people. */
  title: string;
  /** When to use the tool, what it returns, and that captured text is untrusted. */
  description: string;
  /** The arguments' schema, checked before `run`. */
  input: InputSchema;
  /** The schema of `structured`. */
  output: JsonObjectSchema;
  /**
   * Hints for clients (MCP tool annotations). Tools only read capture unless they say
   * otherwise; a tool that acts in the world (replay) must say so.
   */
  hints?: ToolHints;
  /** Answers a call with validated arguments; throws a `ToolError` for a fixable mistake. */
  run(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolOutput>;
}

/** MCP tool annotations a tool may set; the defaults describe a read-only lookup. */
export interface ToolHints {
  /** The tool changes nothing (default true). */
  readOnlyHint?: boolean;
  /** The tool may do something that cannot be undone (default false). */
  destructiveHint?: boolean;
  /** Calling it twice with the same arguments has no further effect (default true). */
  idempotentHint?: boolean;
  /** The tool reaches beyond frames' own data, e.g. a web page (default false). */
  openWorldHint?: boolean;
}

/** The sentence every tool description ends with (SPEC §7: titles are data, not instructions). */
export { UNTRUSTED_TEXT } from "../text/untrusted.ts";
