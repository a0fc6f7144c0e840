/**
 * The engine's local ingest endpoint for the browser extension (hono on 127.0.0.1 only):
 * `POST /v1/tab` with `{url, title, incognito}` reports the active tab. Every request must
 * carry the per-install token (`Authorization: Bearer …`), name the loopback host in
 * `Host`, and come from an extension origin (or none); anything else is refused, so a web
 * page cannot feed the engine. An incognito tab's URL is dropped on arrival.
 *
 * @example
 * ```ts
 * const ingest = await startIngest({ port: 47631, token, onTab: (t) => engine.reportTab(t) });
 * await ingest.close();
 * ```
 *
 * @module
 */

import { Hono } from "hono";
import type { TabReport } from "./_recorder.ts";

/** Options for {@linkcode startIngest}. */
export interface IngestOptions {
  /** Loopback port (0 = any free port). */
  port: number;
  /** The per-install token the extension sends. */
  token: string;
  onTab: (tab: TabReport) => void;
}

/** A running ingest endpoint. */
export interface Ingest {
  port: number;
  close(): Promise<void>;
}

const EXTENSION_ORIGIN = /^(chrome-extension|moz-extension|safari-web-extension):\/\/[a-z0-9.-]+$/i;
const MAX_BODY = 16 * 1024;

/** The hono app (exported for tests that call `app.request`). */
export function ingestApp(opts: Omit<IngestOptions, "port"> & { port: () => number }): Hono {
  const app = new Hono();
  const want = new TextEncoder().encode(opts.token);
  app.use("*", async (c, next) => {
    const port = opts.port();
    const host = c.req.header("host") ?? "";
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
      return c.json({ error: "host not allowed" }, 403);
    }
    const origin = c.req.header("origin");
    if (origin !== undefined && !EXTENSION_ORIGIN.test(origin)) {
      return c.json({ error: "origin not allowed" }, 403);
    }
    const auth = c.req.header("authorization") ?? "";
    const got = new TextEncoder().encode(auth.replace(/^Bearer\s+/i, ""));
    if (!sameBytes(got, want)) return c.json({ error: "bad token" }, 401);
    await next();
  });
  app.get("/v1/ping", (c) => c.json({ ok: true }));
  app.post("/v1/tab", async (c) => {
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > MAX_BODY) return c.json({ error: "body too large" }, 413);
    const text = await c.req.text();
    if (text.length > MAX_BODY) return c.json({ error: "body too large" }, 413);
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

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i];
  return diff === 0;
}

/** Listen on 127.0.0.1; throws a clear Error when the port is taken. */
export function startIngest(opts: IngestOptions): Promise<Ingest> {
  let port = opts.port;
  const app = ingestApp({ ...opts, port: () => port });
  return new Promise((resolveStart, reject) => {
    try {
      const server = Deno.serve({
        hostname: "127.0.0.1",
        port: opts.port,
        onListen: (addr) => {
          port = addr.port;
          resolveStart({ port, close: () => server.shutdown() });
        },
        onError: () => new Response("internal error", { status: 500 }),
      }, app.fetch);
    } catch (err) {
      if (err instanceof Deno.errors.AddrInUse) {
        reject(new Error(`port ${opts.port} on 127.0.0.1 is in use (set ingest_port or --port)`));
      } else reject(err);
    }
  });
}
