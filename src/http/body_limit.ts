/**
 * A body limit for listeners that read small JSON bodies whole: refused by its declared
 * length before reading, and while streaming otherwise (a chunked body declares none), so
 * no more than the limit and one chunk is ever held, and an endless body is not waited for.
 *
 * @module
 */

import type { Middleware, Refusal } from "./refusal.ts";

/** Options of {@linkcode bodyLimit}. */
export interface BodyLimitOptions {
  /** Largest body accepted, in bytes. */
  max: number;
  /** Builds the answer to a body over the limit (reason `"body"`, 413). */
  refuse: (refusal: Refusal) => Response;
}

/** The whole stream when it holds at most `max` bytes; `undefined` (and cancelled) past it. */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Hono middleware that refuses a body over `opts.max` without reading past it; the route
 * gets the request with the body it read, whole.
 */
export function bodyLimit(opts: BodyLimitOptions): Middleware {
  return async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared !== undefined && !(Number(declared) <= opts.max)) {
      return opts.refuse({ reason: "body", status: 413 });
    }
    const raw = c.req.raw;
    if (raw.body !== null) {
      const bytes = await readAtMost(raw.body, opts.max);
      if (bytes === undefined) return opts.refuse({ reason: "body", status: 413 });
      c.req.raw = new Request(raw.url, {
        method: raw.method,
        headers: raw.headers,
        body: bytes,
        signal: raw.signal,
      });
    }
    await next();
  };
}
