/**
 * Serving a hono app on loopback through node:http, whose server bounds what a peer may
 * hold: a header timeout, a request timeout, a keep-alive timeout and a connection cap
 * (Deno.serve has none of them, and 1,500 silent connections crashed it at 1,024 files).
 *
 * @module
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { ConnectionPool } from "./_connections.ts";
import { type FetchHandler, toRequest, writeResponse } from "./_node_fetch.ts";
import { LISTENER_LIMITS, type ListenerLimits } from "./limits.ts";
import { LOOPBACK_HOSTNAME } from "./loopback.ts";

export type { FetchHandler };

/** Options of {@linkcode serveLoopback}. */
export interface ServeLoopbackOptions {
  /** Port on 127.0.0.1 (0 picks a free one). */
  port: number;
  /** Aborting it stops the server. */
  signal?: AbortSignal;
  /** Answers a request whose handler threw outside the app's own error handling. */
  onError?: (error: unknown) => Response | Promise<Response>;
  /** Overrides of {@linkcode LISTENER_LIMITS}. */
  limits?: Partial<ListenerLimits>;
}

/** A running loopback server. */
export interface LoopbackServer {
  /** The bound address: always 127.0.0.1, and the port picked when 0 was asked for. */
  addr: Deno.NetAddr;
  /** Resolves once the server has stopped. */
  finished: Promise<void>;
  /** Stops accepting, closes every connection (open streams too) and waits for the stop. */
  shutdown(): Promise<void>;
}

function internalError(): Response {
  return new Response("internal error", { status: 500 });
}

/**
 * Serves `fetch` (a hono app's `app.fetch`) on 127.0.0.1 only; rejects when the port is
 * taken (`Deno.errors.AddrInUse`) or cannot be bound.
 */
export function serveLoopback(
  fetch: FetchHandler,
  opts: ServeLoopbackOptions,
): Promise<LoopbackServer> {
  const limits = { ...LISTENER_LIMITS, ...opts.limits };
  const pool = new ConnectionPool(limits.maxConnections);
  let base = "";
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    pool.busy(socket);
    res.once("close", () => pool.idle(socket));
    // Aborts only when the client goes away before the answer is complete.
    const gone = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) gone.abort();
    });
    let response: Response;
    try {
      response = await fetch(toRequest(req, base, gone.signal));
    } catch (err) {
      response = await (opts.onError ?? internalError)(err);
    }
    await writeResponse(req, res, response);
  };
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // How often the timeouts above are checked (node's default is 30 s).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  }, (req, res) => void answer(req, res));
  server.on("connection", (socket: Socket) => pool.admit(socket));
  const finished = new Promise<void>((resolve) => server.once("close", () => resolve()));
  const shutdown = async () => {
    if (server.listening) {
      server.close();
      server.closeAllConnections();
    }
    await finished;
  };
  return new Promise((resolve, reject) => {
    const failed = (err: Error & { code?: string }) => {
      reject(
        err.code === "EADDRINUSE" ? new Deno.errors.AddrInUse(err.message) : err,
      );
    };
    server.once("error", failed);
    server.listen(opts.port, LOOPBACK_HOSTNAME, () => {
      server.off("error", failed);
      // Later errors (a failed accept) must not end the process: the server keeps serving.
      server.on("error", () => {});
      const { port } = server.address() as AddressInfo;
      base = `http://${LOOPBACK_HOSTNAME}:${port}`;
      opts.signal?.addEventListener("abort", () => void shutdown(), { once: true });
      resolve({
        addr: { transport: "tcp", hostname: LOOPBACK_HOSTNAME, port },
        finished,
        shutdown,
      });
    });
  });
}
