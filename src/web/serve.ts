/**
 * Serving the web view on 127.0.0.1 through the shared listener guard's server (header,
 * request and keep-alive timeouts, a connection cap).
 *
 * @module
 */

import { LOOPBACK_HOSTNAME, serveLoopback, type TokenSource } from "../http/mod.ts";
import { webApp } from "./app.ts";
import type { WebBackend } from "./backend.ts";

/** The default port of `frames serve`. */
export const DEFAULT_WEB_PORT = 7750;

/** Options of {@linkcode serveWeb}. */
export interface ServeWebOptions {
  /** Port on 127.0.0.1 (default 7750; 0 picks a free one). */
  port?: number;
  /** The token the opening URL carries. */
  token: string | TokenSource;
  /** Receives unexpected errors. */
  onerror?: (error: Error) => void;
}

/** A running web view. */
export interface WebServing {
  /** The address to open, without the token: `http://127.0.0.1:PORT/`. */
  url: string;
  /** The bound port. */
  port: number;
  /** Resolves once the server has stopped. */
  finished: Promise<void>;
  /** Stops the server. */
  shutdown(): Promise<void>;
}

/**
 * Serves the web view of `backend` on 127.0.0.1.
 *
 * @example
 * ```ts
 * const web = await serveWeb(backend, { port: 0, token });
 * console.error(`open ${web.url}?token=${token}`);
 * ```
 */
export async function serveWeb(backend: WebBackend, opts: ServeWebOptions): Promise<WebServing> {
  let port = -1;
  const app = webApp(backend, { port: () => port, token: opts.token, onerror: opts.onerror });
  const server = await serveLoopback(app.fetch, {
    port: opts.port ?? DEFAULT_WEB_PORT,
    onError: (err) => {
      opts.onerror?.(err instanceof Error ? err : new Error(String(err)));
      return new Response("internal error", { status: 500 });
    },
  });
  port = server.addr.port;
  return {
    url: `http://${LOOPBACK_HOSTNAME}:${port}/`,
    port,
    finished: server.finished,
    shutdown: () => server.shutdown(),
  };
}
