/**
 * Serving a hono app on loopback: the bind itself, and the request signal a long-lived
 * exchange (a streamed MCP response) should watch.
 *
 * @module
 */

import { LOOPBACK_HOSTNAME } from "./loopback.ts";

/** Options of {@linkcode serveLoopback}. */
export interface ServeLoopbackOptions {
  /** Port on 127.0.0.1 (0 picks a free one). */
  port: number;
  /** Aborting it stops the server. */
  signal?: AbortSignal;
  /** Called once listening (the default would print to stdout). */
  onListen?: (addr: Deno.NetAddr) => void;
  /** Answers a request whose handler threw outside the app's own error handling. */
  onError?: (error: unknown) => Response | Promise<Response>;
}

/** Serves `fetch` (a hono app's `app.fetch`) on 127.0.0.1 only; throws as `Deno.serve` does. */
export function serveLoopback(
  fetch: Deno.ServeHandler<Deno.NetAddr>,
  opts: ServeLoopbackOptions,
): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({
    hostname: LOOPBACK_HOSTNAME,
    port: opts.port,
    signal: opts.signal,
    onListen: opts.onListen ?? (() => {}),
    onError: opts.onError,
  }, fetch);
}

/**
 * The request with a signal that aborts only when the client goes away (`completed`
 * rejects). Deno's own `request.signal` also aborts after every successful response
 * (and warns when read), which would cut a streamed answer short.
 */
export function untilClientGone(req: Request, completed: Promise<void>): Request {
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
