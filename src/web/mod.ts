/**
 * The web door: a local, server-rendered view of the day — timeline, ledger, coverage,
 * each frame's audit trail, the context block, routines and a range at a glance — served
 * on 127.0.0.1 only, behind the shared listener guard and a token. No bundler, no CDN:
 * the pages, their stylesheet and their script are all in the program.
 *
 * @example
 * ```ts
 * import { serveWeb } from "./src/web/mod.ts";
 * const web = await serveWeb(backend, { port: 0, token: "a-long-random-token" });
 * console.log(`${web.url}?token=a-long-random-token`);
 * ```
 *
 * @module
 */

export { type WebApp, webApp, type WebAppOptions } from "./app.ts";
export { cookieName } from "./auth.ts";
export type {
  CompiledDay,
  RoutinesReport,
  RoutineView,
  WebBackend,
  WebSettings,
} from "./backend.ts";
export { DayCache, type DayCacheOptions } from "./cache.ts";
export { colourMap, PALETTE, type Swatch, swatchOf, THEME } from "./palette.ts";
export { DEFAULT_WEB_PORT, serveWeb, type ServeWebOptions, type WebServing } from "./serve.ts";
export type { TokenSource } from "../http/mod.ts";
// Types the signatures above mention, re-exported so this module's API is complete.
export type * from "../model.ts";
export type * from "../compile/document.ts";
export type { PageRef } from "../entities/mod.ts";
