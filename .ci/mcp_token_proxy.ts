/**
 * A loopback proxy for the MCP conformance suite, which cannot send headers: it forwards
 * every request to `frames mcp --http` and adds `Authorization: Bearer <token>`. A Host
 * (or Origin) naming the proxy itself is rewritten to name the server, as a client talking
 * to the server directly would send; every other Host and Origin passes through untouched,
 * so the server's DNS-rebinding checks still judge what the suite sent. CI only: the
 * product has no way to switch the token off.
 *
 * Usage: deno run --allow-net=127.0.0.1 --allow-read .ci/mcp_token_proxy.ts UPSTREAM_PORT TOKEN_FILE
 * Prints `proxy listening on http://127.0.0.1:PORT/mcp` on stderr once it listens.
 *
 * @module
 */

import { request } from "node:http";
import { createServer } from "node:http";

const [upstreamPort, tokenFile] = Deno.args;
if (!upstreamPort || !tokenFile) {
  console.error("usage: mcp_token_proxy.ts UPSTREAM_PORT TOKEN_FILE");
  Deno.exit(2);
}

let ownPort = 0;

/** `authority` as the server's own when it names this proxy; otherwise unchanged. */
function toUpstream(authority: string): string {
  const own = [`127.0.0.1:${ownPort}`, `localhost:${ownPort}`];
  return own.includes(authority.toLowerCase()) ? `127.0.0.1:${upstreamPort}` : authority;
}

const server = createServer((req, res) => {
  // Re-read per request, as the server does, so a rotated token never strands the proxy.
  const token = Deno.readTextFileSync(tokenFile).trim();
  const headers = { ...req.headers, authorization: `Bearer ${token}` };
  if (typeof req.headers.host === "string") headers.host = toUpstream(req.headers.host);
  const origin = req.headers.origin;
  if (typeof origin === "string" && origin.startsWith("http://")) {
    headers.origin = `http://${toUpstream(origin.slice("http://".length))}`;
  }
  const up = request({
    host: "127.0.0.1",
    port: Number(upstreamPort),
    method: req.method,
    path: req.url,
    headers,
  }, (upRes) => {
    res.writeHead(upRes.statusCode ?? 502, upRes.headers);
    upRes.pipe(res);
  });
  up.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`proxy: ${err.message}`);
  });
  // A client that goes away (an SSE stream closed) closes the upstream exchange too.
  res.on("close", () => up.destroy());
  req.pipe(up);
});

server.listen(0, "127.0.0.1", () => {
  const addr = server.address();
  ownPort = typeof addr === "object" && addr ? addr.port : 0;
  console.error(`proxy listening on http://127.0.0.1:${ownPort}/mcp`);
});
