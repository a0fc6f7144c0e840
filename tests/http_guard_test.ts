import { deepEqual, equal, throws } from "node:assert/strict";
import { Hono } from "hono";
import {
  bearerAuth,
  bearerToken,
  bodyLimit,
  decodeBase64Url,
  encodeBase64Url,
  isLoopbackOrigin,
  loopbackGuard,
  type Refusal,
  serveLoopback,
  tokensEqual,
} from "../src/http/mod.ts";

// The one guard every listener puts in front of its routes (the capture ingest, MCP HTTP).

const refusals: Refusal[] = [];
function refuse(r: Refusal): Response {
  refusals.push(r);
  return Response.json({ reason: r.reason }, { status: r.status });
}

function guarded(): Hono {
  const app = new Hono();
  app.use("*", loopbackGuard({ port: () => 4000, allowOrigin: isLoopbackOrigin, refuse }));
  app.use("*", bearerAuth({ token: "s3cret", refuse }));
  app.post("/echo", bodyLimit({ max: 10, refuse }), async (c) => c.text(await c.req.text()));
  return app;
}

const GOOD = { host: "127.0.0.1:4000", authorization: "Bearer s3cret" };

async function status(headers: Record<string, string>, body = "hi"): Promise<number> {
  const res = await guarded().request("http://x/echo", { method: "POST", headers, body });
  await res.body?.cancel();
  return res.status;
}

Deno.test("loopbackGuard() admits only the listener's loopback Host and its own Origin", async () => {
  equal(await status(GOOD), 200);
  equal(await status({ ...GOOD, host: "LOCALHOST:4000" }), 200, "host names ignore case");
  equal(await status({ ...GOOD, host: "evil.example:4000" }), 403, "rebinding host");
  equal(await status({ ...GOOD, host: "127.0.0.1:4001" }), 403, "another port");
  equal(await status({ ...GOOD, host: "" }), 403, "no host");
  equal(await status({ ...GOOD, origin: "http://127.0.0.1:4000" }), 200);
  equal(await status({ ...GOOD, origin: "https://evil.example" }), 403);
  equal(await status({ ...GOOD, origin: "null" }), 403);
  refusals.length = 0;
  await status({ ...GOOD, host: "Evil:4000" });
  deepEqual(refusals, [{
    reason: "host",
    status: 403,
    host: "evil:4000",
    allowed: ["127.0.0.1:4000", "localhost:4000"],
  }]);
});

Deno.test("bearerAuth() asks every request for the exact bearer token", async () => {
  equal(await status({ host: GOOD.host }), 401, "no token");
  equal(await status({ host: GOOD.host, authorization: "s3cret" }), 401, "no scheme");
  equal(await status({ host: GOOD.host, authorization: "Basic s3cret" }), 401, "other scheme");
  equal(await status({ host: GOOD.host, authorization: "Bearer s3cre" }), 401, "a prefix");
  equal(await status({ host: GOOD.host, authorization: "Bearer s3crett" }), 401, "longer");
  equal(await status({ host: GOOD.host, authorization: "bearer   s3cret" }), 200);
  equal(bearerToken("Bearer a b"), undefined, "one token, no spaces");
});

Deno.test("tokensEqual() is equality, whatever the lengths", () => {
  equal(tokensEqual("abc", "abc"), true);
  equal(tokensEqual("", ""), true);
  equal(tokensEqual("abd", "abc"), false);
  equal(tokensEqual("ab", "abc"), false);
  equal(tokensEqual("abcd", "abc"), false);
  equal(tokensEqual("é", "e"), false);
});

Deno.test("bodyLimit() refuses a body over the limit, declared or real", async () => {
  equal(await status(GOOD, "0123456789"), 200);
  equal(await status(GOOD, "0123456789x"), 413);
  equal(await status({ ...GOOD, "content-length": "11" }, "0123456789x"), 413);
  const res = await guarded().request("http://x/echo", {
    method: "POST",
    headers: GOOD,
    body: "short",
  });
  equal(await res.text(), "short", "the route reads the body the limit read");
});

Deno.test("encodeBase64Url() round-trips every byte without padding", () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
  const text = encodeBase64Url(bytes);
  equal(/^[A-Za-z0-9_-]+$/.test(text), true, text);
  deepEqual(decodeBase64Url(text), bytes);
  equal(encodeBase64Url(new Uint8Array([0xfb, 0xff])), "-_8");
  throws(() => decodeBase64Url("not base64!"));
});

Deno.test("serveLoopback() binds 127.0.0.1 only", async () => {
  const server = await serveLoopback(() => new Response("ok"), { port: 0 });
  try {
    equal(server.addr.hostname, "127.0.0.1");
    const res = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    equal(await res.text(), "ok");
  } finally {
    await server.shutdown();
  }
});
