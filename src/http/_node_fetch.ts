/**
 * The bridge between node:http and a fetch handler (a hono app's `app.fetch`): a request
 * whose body streams as the handler reads it (so a limit can stop reading), and a response
 * written with backpressure (so a long MCP stream is not buffered).
 *
 * @module
 */

import type { IncomingMessage, ServerResponse } from "node:http";

/** A handler of web requests, as `app.fetch` is. */
export type FetchHandler = (req: Request) => Response | Promise<Response>;

/** The body of `req` as a stream that reads from the socket only when pulled. */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.pause();
      req.on("data", (chunk: Uint8Array) => {
        controller.enqueue(new Uint8Array(chunk));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.once("end", () => controller.close());
      req.once("error", (err) => controller.error(err));
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.pause();
    },
  });
}

/** The web request of `req`, addressed to `base` (the Host header stays for the guard). */
export function toRequest(req: IncomingMessage, base: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  // Origin-form only ("/path?query"); an absolute URL in the request line names no other host.
  const target = req.url?.startsWith("/") ? req.url : "/";
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : bodyStream(req);
  return new Request(new URL(target, base), {
    method,
    headers,
    body,
    signal,
    duplex: "half",
  } as RequestInit);
}

/**
 * Writes `response` to `res`. A response sent before the request body was read whole
 * (a refusal, a 413) closes the connection: its unread rest is never read.
 */
export async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  if (!req.complete) headers["connection"] = "close";
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // A stream (server-sent events) must reach the client before its first event.
  res.flushHeaders();
  const reader = response.body.getReader();
  res.once("close", () => reader.cancel().catch(() => {}));
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          res.once("close", resolve);
        });
      }
      if (res.destroyed) return;
    }
    res.end();
  } catch {
    res.destroy();
  }
}
