/**
 * The MCP server (SPEC §7): the activity tools and day resources over stdio or Streamable
 * HTTP, on the official MCP TypeScript SDK (v2), speaking the 2026-07-28 protocol and the
 * 2025 revisions clients still default to. A thin door onto `compile/` and `emit/`: the
 * program supplies a {@linkcode McpBackend} (settings, windows, the compile pipeline).
 *
 * @example
 * ```ts
 * import { createServerFactory, serveStdioServer } from "./src/mcp/mod.ts";
 * const serving = serveStdioServer(createServerFactory({ backend }));
 * await serving.closed;
 * ```
 *
 * @module
 */

export type {
  BackendSettings,
  Compiled,
  McpBackend,
  ResolvedWindow,
  WindowRequest,
} from "./backend.ts";
export { createServerFactory, SERVER_INSTRUCTIONS } from "./server.ts";
export type { ServerFactory, ServerFactoryOptions } from "./server.ts";
export { serveStdioServer } from "./stdio.ts";
export type { StdioServing } from "./stdio.ts";
export { DEFAULT_HTTP_PORT, HTTP_HOSTNAME, MCP_PATH, serveHttp } from "./http.ts";
export type { HttpServeOptions, HttpServing } from "./http.ts";
export { loadToken, TOKEN_FILE, watchToken } from "./token.ts";
export type { StoredToken } from "./token.ts";
export type { TokenSource } from "../http/mod.ts";
export { MIN_MAX_TOKENS } from "./_pager.ts";
export { DEFAULT_MAX_TOKENS } from "../compile/rules.ts";
export { ToolError } from "./_result.ts";
export {
  type ToolContext,
  type ToolHints,
  type ToolOutput,
  type ToolSpec,
  UNTRUSTED_TEXT,
} from "./tool.ts";
export { CORE_TOOLS } from "./tools/mod.ts";
export type { ArgSchema, InputSchema, JsonObjectSchema } from "./_schema.ts";
// Types the signatures above mention, re-exported so this module's API is complete.
export type * from "../model.ts";
export type * from "../compile/document.ts";
