/**
 * The web view's token: the URL printed at start carries `?token=…`; the first request
 * with it sets an HttpOnly, SameSite=Strict cookie and redirects to the same address
 * without it, so the token leaves the address bar and history. Every later request
 * carries the cookie (or, for scripts, `Authorization: Bearer …`); the comparison is the
 * listener guard's constant-time one.
 *
 * @module
 */

import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { bearerToken, tokensEqual, type TokenSource } from "../http/mod.ts";

/** The cookie's name on a listener at `port` (cookies ignore ports, so it names it). */
export function cookieName(port: number): string {
  return `frames_web_${port}`;
}

/** Options of {@linkcode webAuth}. */
export interface WebAuthOptions {
  /** The token, or where to read it per request. */
  token: string | TokenSource;
  /** The bound port (known only after listening). */
  port: () => number;
  /** The answer to a request without a valid token. */
  refuse: (c: Context) => Response | Promise<Response>;
}

/** Hono middleware: the token from the URL once (then a cookie), or the cookie, or a bearer header. */
export function webAuth(opts: WebAuthOptions): MiddlewareHandler {
  const current = typeof opts.token === "string"
    ? () => Promise.resolve(opts.token as string)
    : opts.token;
  return async (c, next) => {
    const want = await current();
    const ok = (got: string | undefined) =>
      got !== undefined && want !== undefined && tokensEqual(got, want);
    const url = new URL(c.req.url);
    const given = url.searchParams.get("token");
    if (given !== null) {
      if (!ok(given)) return opts.refuse(c);
      url.searchParams.delete("token");
      const name = cookieName(opts.port());
      return new Response(null, {
        status: 303,
        headers: {
          location: url.pathname + url.search,
          "set-cookie": `${name}=${given}; HttpOnly; SameSite=Strict; Path=/`,
          "cache-control": "no-store",
          "referrer-policy": "no-referrer",
        },
      });
    }
    if (
      ok(getCookie(c, cookieName(opts.port()))) || ok(bearerToken(c.req.header("authorization")))
    ) {
      await next();
      return;
    }
    return opts.refuse(c);
  };
}
