/**
 * Property tests of the typer over generated hostile input: 120k seeded nasty URLs and
 * fast-check URLs and strings. The typer never throws, always returns a registered kind,
 * never leaks a secret into an entity, and gives the same output on a second run.
 */

import assert from "node:assert/strict";
import fc from "fast-check";
import {
  isKind,
  loadParsers,
  redactUrl,
  type TypedPage,
  typePage,
  typePageDetailed,
} from "../src/entities/mod.ts";

const registry = await loadParsers();
const MARK = "S3CR3TMARK";
const LAYERS = new Set(["parser", "search", "heuristic", "fallback"]);

/** A small seeded generator (mulberry32), so every run tests the same URLs. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function nastyUrls(count: number, seed: number): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const claimed = registry.parsers.flatMap((p) => p.hosts).map((h) => h.replace("*.", "acme."));
  const schemes = [
    "https://",
    "http://",
    "HTTPS://",
    "javascript:",
    "data:text/html;base64,",
    "file:///",
    "about:",
    "chrome://",
    "blob:https://",
    "ftp://",
    "ws://",
    "",
    "http:/",
    "https:///",
    " https://",
    "\thttp://",
    "mailto:",
    "view-source:https://",
  ];
  const hosts = [
    ...claimed,
    "example.com",
    "www.example.co.uk",
    "bücher.de",
    "例え.テスト",
    "xn--bcher-kva.de",
    "[::1]",
    "[2001:db8::1]",
    "127.0.0.1",
    "0.0.0.0",
    "192.168.1.20",
    "localhost",
    "a",
    "accounts.example.com",
    "mail.example.org",
    "app.example.io",
    "-bad-.com",
    "a..b",
    "",
    "x".repeat(300) + ".com",
    "%zz.com",
    "WWW.GITHUB.COM",
    "github.com.",
    "user:pass@github.com",
    `${MARK}@example.com`,
    "😀.example",
    "co.uk",
    "github.com:8443",
    "exa mple.com",
  ];
  const segs = [
    "",
    "a",
    "@",
    "@user",
    "%",
    "%E0%A4%A",
    "%zz",
    "%00",
    "..",
    ".",
    "pull",
    "issues",
    "d",
    "c",
    "r",
    "comments",
    "status",
    "channels",
    "wiki",
    "search",
    "-",
    "dp",
    "in",
    "blob",
    "tree",
    "1",
    "0",
    "999999999999999999999",
    "ENG-1",
    "x".repeat(2000),
    "ü",
    "日本",
    "\u202e",
    "a b",
    "a\u0000b",
    "Special:Search",
    "login",
    "settings",
    "%F0%9F%98%80",
    "~u",
    "0123456789abcdef0123456789abcdef",
    "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5",
    "__proto__",
    "constructor",
    "hasOwnProperty",
  ];
  const names = [
    "q",
    "query",
    "search",
    "keywords",
    "p",
    "v",
    "list",
    "id",
    "k",
    "jql",
    "ss",
    "_nkw",
    "file",
    "selectedIssue",
    "__proto__",
  ];
  const secrets = [
    "token",
    "code",
    "key",
    "secret",
    "signature",
    "sig",
    "session",
    "password",
    "auth",
    "access_token",
    "api_key",
    "X-Amz-Signature",
    "PWD",
    "rlkey",
    "sessionid",
  ];
  const values = [
    "",
    "a",
    "hello world",
    "%",
    "%zz",
    "+",
    "a+b",
    "日本",
    "x".repeat(500),
    "javascript:alert(1)",
    "\u0007",
    "ENG-7",
    "B08KTZ8249",
  ];
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const scheme = pick(schemes);
    let host = pick(hosts);
    // Without a scheme, or inside a data: URL, text before "@" is not user info.
    if (host.startsWith(MARK) && (scheme === "" || scheme.startsWith("data:"))) {
      host = "example.com";
    }
    let url = scheme + host;
    if (r() < 0.2) url += `:${Math.floor(r() * 70000)}`;
    const n = Math.floor(r() * 6);
    for (let j = 0; j < n; j++) url += "/" + pick(segs);
    if (r() < 0.1) url += "/".repeat(Math.floor(r() * 4)) + "y".repeat(Math.floor(r() * 20000));
    const params: string[] = [];
    const m = Math.floor(r() * 4);
    for (let j = 0; j < m; j++) params.push(`${pick(names)}=${pick(values)}`);
    if (r() < 0.3) params.push(`${pick(secrets)}=${MARK}${i}`);
    if (params.length > 0) url += "?" + params.join(pick(["&", "&", ";", "&&"]));
    if (r() < 0.3) {
      url += pick([
        "#",
        "#/",
        "#inbox",
        "#/functions/x",
        "#search/a+b",
        "#access_token=" + MARK + i,
        "#%zz",
        "#conversations/19:a@thread",
      ]);
    }
    if (r() < 0.05) url = url.slice(0, Math.floor(r() * url.length));
    urls.push(url);
  }
  return urls;
}

function checkTyped(url: string, typed: TypedPage): void {
  assert.ok(isKind(typed.kind), `unregistered kind ${typed.kind} for ${url}`);
  assert.ok(LAYERS.has(typed.layer), url);
  assert.equal(typed.layer === "parser", typed.parser !== undefined, url);
  if (typed.entity !== undefined) {
    assert.equal(typeof typed.entity, "string");
    assert.ok(typed.entity.length > 0 && typed.entity.length <= 160, url);
    assert.ok(
      // deno-lint-ignore no-control-regex
      !/[\u0000-\u001f\u007f]/.test(typed.entity),
      `control character in entity for ${url}`,
    );
    assert.ok(!typed.entity.includes(MARK), `secret in entity for ${url}`);
  }
}

const URLS = nastyUrls(120_000, 20260704);

Deno.test("typePageDetailed() types 120k nasty URLs without throwing, with registered kinds", () => {
  assert.equal(new Set(URLS).size > 50_000, true);
  for (const url of URLS) checkTyped(url, typePageDetailed(url, registry));
});

Deno.test("typePageDetailed() gives identical output on a second run and with a fresh registry", async () => {
  const first = URLS.map((url) => JSON.stringify(typePageDetailed(url, registry)));
  const again = await loadParsers();
  const second = URLS.map((url) => JSON.stringify(typePageDetailed(url, again)));
  assert.deepEqual(second, first);
});

Deno.test("redactUrl() removes every generated secret and never throws", () => {
  for (const url of URLS) {
    const out = redactUrl(url);
    assert.equal(typeof out, "string");
    assert.ok(!out.includes(MARK), `secret survived in ${out.slice(0, 200)}`);
  }
});

Deno.test("typePageDetailed() holds its invariants for fast-check web URLs", () => {
  fc.assert(
    fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
      const a = typePageDetailed(url, registry);
      checkTyped(url, a);
      assert.deepEqual(typePageDetailed(url, registry), a);
    }),
    { numRuns: 20_000, seed: 42 },
  );
});

Deno.test("typePage() and redactUrl() never throw on arbitrary strings", () => {
  fc.assert(
    fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
      checkTyped(text, { ...typePage(text), layer: "fallback" });
      checkTyped(text, typePageDetailed("https://" + text, registry));
      assert.equal(typeof redactUrl(text), "string");
    }),
    { numRuns: 20_000, seed: 7 },
  );
});

Deno.test("typePageDetailed() never throws for values that are not strings", () => {
  for (const value of [undefined, null, 42, {}, [], Symbol.iterator]) {
    const typed = typePageDetailed(value as unknown as string, registry);
    assert.deepEqual(typed, { kind: "page", layer: "fallback" });
  }
});
