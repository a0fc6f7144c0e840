/**
 * A body limit for listeners that read small JSON bodies whole: refused by its declared
 * length before reading, and by its real length after (a chunked body declares none).
 *
 * @module
 */

import type { Middleware, Refusal } from "./refusal.ts";

/** Options of {@linkcode bodyLimit}. */
export interface BodyLimitOptions {
  /** Largest body accepted, in bytes of `Content-Length` and characters of the text read. */
  max: number;
  /** Builds the answer to a body over the limit (reason `"body"`, 413). */
  refuse: (refusal: Refusal) => Response;
}

/** Hono middleware that refuses a body over `opts.max`; the handler reads the text hono kept. */
export function bodyLimit(opts: BodyLimitOptions): Middleware {
  return async (c, next) => {
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > opts.max) return opts.refuse({ reason: "body", status: 413 });
    if ((await c.req.text()).length > opts.max) {
      return opts.refuse({ reason: "body", status: 413 });
    }
    await next();
  };
}
