/**
 * Bearer tokens: the one constant-time comparison, and the middleware that asks every
 * request for `Authorization: Bearer <token>`.
 *
 * @module
 */

import type { Middleware, Refusal } from "./refusal.ts";
import type { TokenSource } from "./token_file.ts";

const encoder = new TextEncoder();

/**
 * Whether two tokens are equal, in time independent of where they differ (it depends
 * only on the expected token's length), so a caller cannot guess a token byte by byte.
 */
export function tokensEqual(got: string, want: string): boolean {
  const a = encoder.encode(got);
  const b = encoder.encode(want);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i];
  return diff === 0;
}

/** The token of an `Authorization: Bearer <token>` header, or `undefined`. */
export function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1];
}

/** Options of {@linkcode bearerAuth}. */
export interface BearerAuthOptions {
  /** The token every request must carry, or where to read it per request (it may rotate). */
  token: string | TokenSource;
  /** Builds the answer to a request without the right token (reason `"token"`, 401). */
  refuse: (refusal: Refusal) => Response;
}

/** Hono middleware that refuses every request whose bearer token is not `opts.token`'s. */
export function bearerAuth(opts: BearerAuthOptions): Middleware {
  const current = typeof opts.token === "string"
    ? () => Promise.resolve(opts.token as string)
    : opts.token;
  return async (c, next) => {
    const got = bearerToken(c.req.header("authorization"));
    const want = await current();
    if (got === undefined || want === undefined || !tokensEqual(got, want)) {
      return opts.refuse({ reason: "token", status: 401 });
    }
    await next();
  };
}
