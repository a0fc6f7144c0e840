/**
 * The engine's local ingest endpoint for the browser extension (hono on 127.0.0.1 only):
 * `POST /v1/tab` with `{url, title, incognito}` reports the active tab. Every request must
 * carry the per-install token (`Authorization: Bearer …`), name the loopback host in
 * `Host`, and come from an extension origin (or none); anything else is refused, so a web
 * page cannot feed the engine. An incognito tab's URL is dropped on arrival.
 *
 * @example
 * ```ts
 * const token = ingestTokenFile(paths.token); // re-read per request, so rotation takes
 * const ingest = await startIngest({ port: 47631, token, onTab: (t) => engine.reportTab(t) });
 * await ingest.close();
 * ```
 *
 * @module
 */

import { Hono } from "hono";
import {
  bearerAuth,
  bodyLimit,
  loopbackGuard,
  type Refusal,
  serveLoopback,
  type TokenSource,
} from "../src/http/mod.ts";
import type { TabReport } from "./_recorder.ts";

/** Options for {@linkcode startIngest}. */
export interface IngestOptions {
  /** Loopback port (0 = any free port). */
  port: number;
  /** The per-install token the extension sends, or where to read it per request. */
  token: string | TokenSource;
  onTab: (tab: TabReport) => void;
}

/** A running ingest endpoint. */
export interface Ingest {
  port: number;
  close(): Promise<void>;
}

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9.-]+$/i;
const MAX_BODY = 16 * 1024;

const REFUSED: Record<Refusal["reason"], string> = {
  host: "host not allowed",
  origin: "origin not allowed",
  token: "bad token",
  body: "body too large",
};

function refuse(r: Refusal): Response {
  return Response.json({ error: REFUSED[r.reason] }, { status: r.status });
}

/** The hono app (exported for tests that call `app.request`). */
export function ingestApp(opts: Omit<IngestOptions, "port"> & { port: () => number }): Hono {
  const app = new Hono();
  // Only the browser extension may call: no web page origin, ever.
  const allowOrigin = (origin: string) => EXTENSION_ORIGIN.test(origin);
  app.use("*", loopbackGuard({ port: opts.port, allowOrigin, refuse }));
  app.use("*", bearerAuth({ token: opts.token, refuse }));
  app.get("/v1/ping", (c) => c.json({ ok: true }));
  app.post("/v1/tab", bodyLimit({ max: MAX_BODY, refuse }), async (c) => {
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ error: "body is not JSON" }, 400);
    }
    const tab = parseTab(body, Date.now());
    if (typeof tab === "string") return c.json({ error: tab }, 400);
    opts.onTab(tab);
    return c.json({ ok: true });
  });
  return app;
}

/** Validate a tab report; returns the reason when it is malformed. */
export function parseTab(body: unknown, at: number): TabReport | string {
  if (typeof body !== "object" || body === null) return "expected an object";
  const b = body as Record<string, unknown>;
  if (typeof b.url !== "string" || b.url.length > 8192) return "url must be a string";
  if (b.title !== undefined && (typeof b.title !== "string" || b.title.length > 4096)) {
    return "title must be a string";
  }
  if (b.incognito !== undefined && typeof b.incognito !== "boolean") {
    return "incognito must be true or false";
  }
  const incognito = b.incognito === true;
  if (!incognito) {
    try {
      new URL(b.url);
    } catch {
      return "url is not a URL";
    }
  }
  // A private tab's address is not kept, not even in memory.
  const tab: TabReport = { url: incognito ? "" : b.url, incognito, at };
  if (typeof b.title === "string") tab.title = b.title;
  return tab;
}

/** Listen on 127.0.0.1; throws a clear Error when the port is taken. */
export async function startIngest(opts: IngestOptions): Promise<Ingest> {
  let port = opts.port;
  const app = ingestApp({ ...opts, port: () => port });
  try {
    const server = await serveLoopback(app.fetch, {
      port: opts.port,
      onError: () => new Response("internal error", { status: 500 }),
    });
    port = server.addr.port;
    return { port, close: () => server.shutdown() };
  } catch (err) {
    if (err instanceof Deno.errors.AddrInUse) {
      throw new Error(`port ${opts.port} on 127.0.0.1 is in use (set ingest_port or --port)`);
    }
    throw err;
  }
}
