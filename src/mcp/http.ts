/**
 * Streamable HTTP transport: bound to 127.0.0.1 only, with Host and Origin checks against
 * DNS rebinding and cross-site requests, and a bearer token on every request. Both
 * protocol eras are served from one endpoint, `/mcp`. A new day in the source is published
 * to every open 2026-07-28 `subscriptions/listen` stream; 2025-era HTTP is served
 * stateless (one server per request, no standalone stream), so it has no stream to tell.
 *
 * @module
 */

import { createMcpHandler } from "@modelcontextprotocol/server";
import { factoryParts, type ServerFactory } from "./server.ts";
import { Hono } from "hono";
import {
  bearerAuth,
  bodyLimit,
  isLoopbackOrigin,
  LOOPBACK_HOSTNAME,
  loopbackGuard,
  type Refusal,
  serveLoopback,
  type TokenSource,
} from "../http/mod.ts";

/** The loopback address the server binds; there is deliberately no option to change it. */
export const HTTP_HOSTNAME: string = LOOPBACK_HOSTNAME;

/** The default port of `frames mcp --http`. */
export const DEFAULT_HTTP_PORT = 7749;

/** The endpoint path. */
export const MCP_PATH = "/mcp";

/** The largest request body, in bytes: JSON-RPC calls with small arguments, far under it. */
export const MCP_MAX_BODY = 1024 * 1024;

/** Options of {@linkcode serveHttp}. */
export interface HttpServeOptions {
  /** Port on 127.0.0.1 (default 7749; 0 picks a free one). */
  port?: number;
  /** The bearer token every request must carry, or where to read it per request. */
  token: string | TokenSource;
  /** Receives unexpected errors. */
  onerror?: (error: Error) => void;
}

/** A running HTTP server. */
export interface HttpServing {
  /** The endpoint URL, e.g. `http://127.0.0.1:7749/mcp`. */
  url: string;
  /** The bound address, always 127.0.0.1. */
  hostname: string;
  /** The bound port (the one picked when 0 was asked for). */
  port: number;
  /** Resolves once the server has stopped. */
  finished: Promise<void>;
  /** Stops accepting requests and closes open exchanges. */
  shutdown(): Promise<void>;
}

function jsonRpcError(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status, headers },
  );
}

/** The guard's refusals, worded as JSON-RPC errors that say how to get it right. */
function refuse(r: Refusal): Response {
  switch (r.reason) {
    case "host":
      return jsonRpcError(
        403,
        `Forbidden: Host "${r.host}" is not this server (expected ${r.allowed.join(" or ")})`,
      );
    case "origin":
      return jsonRpcError(
        403,
        `Forbidden: Origin "${r.origin}" may not call this server (only http://${r.allowed[0]})`,
      );
    case "token":
      return jsonRpcError(
        401,
        `Unauthorized: send "Authorization: Bearer <token>"; "frames mcp token" prints the token`,
        { "WWW-Authenticate": 'Bearer realm="frames"' },
      );
    case "body":
      return jsonRpcError(413, `Payload too large: a request body may hold ${MCP_MAX_BODY} bytes`);
  }
}

/** Options of {@linkcode mcpApp}. */
export interface McpAppOptions {
  /** The bound port; read per request because port 0 is only known after listening. */
  port: () => number;
  /** The bearer token every request must carry, or where to read it per request. */
  token: string | TokenSource;
  /** Receives unexpected errors. */
  onerror?: (error: Error) => void;
}

/**
 * The hono app of the transport (exported for tests that call `app.request`): the loopback
 * guard on every path, then the endpoint (unknown paths are 404 before any token is asked
 * for), then the token, then the body limit, then the SDK.
 */
export function mcpApp(
  handler: { fetch: (req: Request) => Promise<Response> },
  opts: McpAppOptions,
): Hono {
  const app = new Hono();
  app.use("*", loopbackGuard({ port: opts.port, allowOrigin: isLoopbackOrigin, refuse }));
  app.all(
    MCP_PATH,
    bearerAuth({ token: opts.token, refuse }),
    bodyLimit({ max: MCP_MAX_BODY, refuse }),
    // The request's signal aborts only when the client goes away (src/http/serve.ts).
    (c) => handler.fetch(c.req.raw),
  );
  app.notFound(() => jsonRpcError(404, `Not found: the MCP endpoint is ${MCP_PATH}`));
  app.onError((err) => {
    opts.onerror?.(err);
    return jsonRpcError(500, "Internal server error");
  });
  return app;
}

/**
 * Serves the MCP factory over Streamable HTTP on 127.0.0.1.
 *
 * @example
 * ```ts
 * const http = await serveHttp(factory, { port: 0, token });
 * console.error(`serving ${http.url}`);
 * await http.finished;
 * ```
 */
export async function serveHttp(
  factory: ServerFactory,
  opts: HttpServeOptions,
): Promise<HttpServing> {
  const parts = factoryParts(factory);
  const handler = createMcpHandler(parts.build(), { onerror: opts.onerror });
  let port = -1;
  const app = mcpApp(handler, { port: () => port, token: opts.token, onerror: opts.onerror });
  const server = await serveLoopback(app.fetch, {
    port: opts.port ?? DEFAULT_HTTP_PORT,
    onError: (err) => {
      opts.onerror?.(err instanceof Error ? err : new Error(String(err)));
      return jsonRpcError(500, "Internal server error");
    },
  });
  port = server.addr.port;
  const stopWatch = parts.watch(() => handler.notify.resourcesChanged());
  const finished = server.finished.then(stopWatch);
  return {
    url: `http://${HTTP_HOSTNAME}:${port}${MCP_PATH}`,
    hostname: server.addr.hostname,
    port,
    finished,
    async shutdown() {
      await stopWatch();
      await handler.close();
      await server.shutdown();
    },
  };
}
