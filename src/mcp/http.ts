/**
 * Streamable HTTP transport: bound to 127.0.0.1 only, with Host and Origin checks against
 * DNS rebinding and cross-site requests, and a bearer token on every request. Both
 * protocol eras are served from one endpoint, `/mcp`.
 *
 * @module
 */

import { createMcpHandler, type McpServerFactory } from "@modelcontextprotocol/server";
import { tokensEqual } from "./token.ts";

/** The loopback address the server binds; there is deliberately no option to change it. */
export const HTTP_HOSTNAME = "127.0.0.1";

/** The default port of `frames mcp --http`. */
export const DEFAULT_HTTP_PORT = 7749;

/** The endpoint path. */
export const MCP_PATH = "/mcp";

/** Options of {@linkcode serveHttp}. */
export interface HttpServeOptions {
  /** Port on 127.0.0.1 (default 7749; 0 picks a free one). */
  port?: number;
  /** The bearer token every request must carry. */
  token: string;
  /** Receives unexpected errors. */
  onerror?: (error: Error) => void;
}

/** A running HTTP server. */
export interface HttpServing {
  /** The endpoint URL, e.g. `http://127.0.0.1:7749/mcp`. */
  url: string;
  hostname: string;
  port: number;
  /** Resolves once the server has stopped. */
  finished: Promise<void>;
  /** Stops accepting requests and closes open exchanges. */
  shutdown(): Promise<void>;
}

function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status, headers },
  );
}

/** The Host and Origin values this server answers to on `port`. */
function allowedAuthorities(port: number): string[] {
  return [`${HTTP_HOSTNAME}:${port}`, `localhost:${port}`];
}

/** Checks Host, Origin, path and token; returns the refusal, or undefined to proceed. */
export function guardRequest(
  req: Request,
  opts: { port: number; token: string },
): Response | undefined {
  const allowed = allowedAuthorities(opts.port);
  const host = (req.headers.get("host") ?? "").toLowerCase();
  if (!allowed.includes(host)) {
    return refuse(
      403,
      `Forbidden: Host "${host}" is not this server (expected ${allowed.join(" or ")})`,
    );
  }
  const origin = req.headers.get("origin");
  if (origin !== null && !allowed.some((a) => origin.toLowerCase() === `http://${a}`)) {
    return refuse(
      403,
      `Forbidden: Origin "${origin}" may not call this server (only http://${allowed[0]})`,
    );
  }
  if (new URL(req.url).pathname !== MCP_PATH) {
    return refuse(404, `Not found: the MCP endpoint is ${MCP_PATH}`);
  }
  const auth = req.headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!m || !tokensEqual(m[1], opts.token)) {
    return refuse(
      401,
      `Unauthorized: send "Authorization: Bearer <token>"; "frames mcp token" prints the token`,
      { "WWW-Authenticate": 'Bearer realm="frames"' },
    );
  }
  return undefined;
}

/**
 * The request with a signal that aborts only when the client goes away. Deno's own
 * `request.signal` also aborts after every successful response (and warns when read).
 */
function detached(req: Request, completed: Promise<void>): Request {
  const gone = new AbortController();
  completed.catch(() => gone.abort());
  return new Request(req.url, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    signal: gone.signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * Serves the MCP factory over Streamable HTTP on 127.0.0.1.
 *
 * @example
 * ```ts
 * const http = serveHttp(factory, { port: 0, token });
 * console.error(`serving ${http.url}`);
 * await http.finished;
 * ```
 */
export function serveHttp(factory: McpServerFactory, opts: HttpServeOptions): HttpServing {
  const handler = createMcpHandler(factory, { onerror: opts.onerror });
  const controller = new AbortController();
  let port = -1;
  const server = Deno.serve(
    {
      hostname: HTTP_HOSTNAME,
      port: opts.port ?? DEFAULT_HTTP_PORT,
      signal: controller.signal,
      onListen: () => {}, // the default prints to stdout
      onError: (err) => {
        opts.onerror?.(err instanceof Error ? err : new Error(String(err)));
        return refuse(500, "Internal server error");
      },
    },
    (req, info) =>
      guardRequest(req, { port, token: opts.token }) ??
        handler.fetch(detached(req, info.completed)),
  );
  port = server.addr.port;
  return {
    url: `http://${HTTP_HOSTNAME}:${port}${MCP_PATH}`,
    hostname: server.addr.hostname,
    port,
    finished: server.finished,
    async shutdown() {
      await handler.close();
      controller.abort();
      await server.finished;
    },
  };
}
