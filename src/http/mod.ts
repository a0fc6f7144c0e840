/**
 * One guard for every listener (the capture ingest, the MCP HTTP transport): bound to
 * 127.0.0.1 only, a Host and Origin check against DNS rebinding and cross-site requests, a
 * bearer token compared in constant time and re-read from its file when it rotates, a body
 * limit enforced while streaming, and a server with header, request and keep-alive
 * timeouts and a connection cap. Hono middleware, so each listener is a hono app that puts
 * the guard in front of its routes.
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { bearerAuth, loopbackGuard, type Refusal, serveLoopback } from "./src/http/mod.ts";
 *
 * let port = 0;
 * const refuse = (r: Refusal) => Response.json({ error: r.reason }, { status: r.status });
 * const app = new Hono();
 * app.use("*", loopbackGuard({ port: () => port, allowOrigin: () => false, refuse }));
 * app.use("*", bearerAuth({ token, refuse }));
 * app.get("/v1/ping", (c) => c.json({ ok: true }));
 * const server = await serveLoopback(app.fetch, { port: 0 });
 * port = server.addr.port;
 * ```
 *
 * @module
 */

export { decodeBase64Url, encodeBase64Url } from "./base64url.ts";
export { bodyLimit, type BodyLimitOptions } from "./body_limit.ts";
export {
  isLoopbackOrigin,
  LOOPBACK_HOSTNAME,
  loopbackAuthorities,
  loopbackGuard,
  type LoopbackGuardOptions,
} from "./loopback.ts";
export type { GuardContext, Middleware, Refusal } from "./refusal.ts";
export { LISTENER_LIMITS, type ListenerLimits } from "./limits.ts";
export {
  type FetchHandler,
  type LoopbackServer,
  serveLoopback,
  type ServeLoopbackOptions,
} from "./serve.ts";
export { bearerAuth, type BearerAuthOptions, bearerToken, tokensEqual } from "./token.ts";
export { tokenFile, type TokenSource } from "./token_file.ts";
