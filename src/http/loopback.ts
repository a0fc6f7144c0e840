/**
 * Loopback only: the address every listener binds, and the Host/Origin check that keeps
 * a web page (through DNS rebinding or a cross-site request) from reaching it.
 *
 * @module
 */

import type { Middleware, Refusal } from "./refusal.ts";

/** The address every listener binds; there is deliberately no option to change it. */
export const LOOPBACK_HOSTNAME = "127.0.0.1";

/** The `Host` values (and Origin authorities) a listener on `port` answers to. */
export function loopbackAuthorities(port: number): string[] {
  return [`${LOOPBACK_HOSTNAME}:${port}`, `localhost:${port}`];
}

/** Whether `origin` is a page served by this listener itself (`http://127.0.0.1:port`). */
export function isLoopbackOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((a) => origin.toLowerCase() === `http://${a}`);
}

/** Options of {@linkcode loopbackGuard}. */
export interface LoopbackGuardOptions {
  /** The bound port; read per request because port 0 is only known after listening. */
  port: () => number;
  /** Whether a request's `Origin` may call; a request without `Origin` always may. */
  allowOrigin: (origin: string, allowed: readonly string[]) => boolean;
  /** Builds the answer to a refused request (reason `"host"` or `"origin"`, 403). */
  refuse: (refusal: Refusal) => Response;
}

/** Hono middleware that refuses a request whose Host is not loopback or whose Origin is foreign. */
export function loopbackGuard(opts: LoopbackGuardOptions): Middleware {
  return async (c, next) => {
    const allowed = loopbackAuthorities(opts.port());
    const host = (c.req.header("host") ?? "").toLowerCase();
    if (!allowed.includes(host)) {
      return opts.refuse({ reason: "host", status: 403, host, allowed });
    }
    const origin = c.req.header("origin");
    if (origin !== undefined && !opts.allowOrigin(origin, allowed)) {
      return opts.refuse({ reason: "origin", status: 403, origin, allowed });
    }
    await next();
  };
}
