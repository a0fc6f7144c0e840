/**
 * The guard's vocabulary: why it refused a request (each listener words its own answer —
 * the ingest a small JSON error, MCP a JSON-RPC error — so the guard hands over the reason
 * and its status), and the middleware shape hono's `app.use` takes.
 *
 * @module
 */

/** A refused request: the reason, the status to answer with, and what was seen. */
export type Refusal =
  | {
    /** `Host` names neither loopback authority of this listener (DNS rebinding). */
    reason: "host";
    status: 403;
    /** The `Host` header as seen, lower-cased. */
    host: string;
    /** The authorities this listener answers to, `127.0.0.1:port` first. */
    allowed: readonly string[];
  }
  | {
    /** `Origin` is one this listener does not serve (a web page calling it). */
    reason: "origin";
    status: 403;
    /** The `Origin` header as sent. */
    origin: string;
    /** The authorities this listener answers to, `127.0.0.1:port` first. */
    allowed: readonly string[];
  }
  | {
    /** The bearer token is missing or wrong. */
    reason: "token";
    status: 401;
  }
  | {
    /** The body is over the listener's limit. */
    reason: "body";
    status: 413;
  };

/** What the guard uses of hono's request context: headers, and the raw request. */
export interface GuardContext {
  /** The request. */
  req: {
    /** One header's value, or `undefined`. */
    header(name: string): string | undefined;
    /** The web request; the body limit replaces it with one holding the body it read. */
    raw: Request;
  };
}

/** A hono middleware: refuses with a `Response` or passes the request on with `next()`. */
export type Middleware = (c: GuardContext, next: () => Promise<void>) => Promise<Response | void>;
