/**
 * The generic layers of SPEC §6 (search parameter, heuristics, fallback) and the entity
 * hygiene every layer shares.
 */

import assert from "node:assert/strict";
import { buildRegistry, KINDS, typePage, typePageDetailed } from "../src/entities/mod.ts";

Deno.test("typePage() reads a generic search parameter as a search", () => {
  assert.deepEqual(typePage("https://example.com/?q=hello"), { kind: "search", entity: "hello" });
  assert.deepEqual(typePage("https://shop.test/list?query=red+shoes"), {
    kind: "search",
    entity: "red shoes",
  });
  assert.deepEqual(typePage("https://x.test/results?search_query=a%20b"), {
    kind: "search",
    entity: "a b",
  });
  assert.deepEqual(typePage("https://x.test/?keywords=cto"), { kind: "search", entity: "cto" });
  assert.deepEqual(typePage("https://x.test/?q=%20%20"), { kind: "page" });
});

Deno.test("typePage() reads p as a query only on search pages", () => {
  assert.deepEqual(typePage("https://search.yahoo.com/search?p=deno"), {
    kind: "search",
    entity: "deno",
  });
  assert.deepEqual(typePage("https://blog.example.com/list?p=2").kind, "article");
  assert.deepEqual(typePage("https://x.test/forum?p=2"), { kind: "page", entity: "forum" });
});

Deno.test("typePage() applies the subdomain and path heuristics", () => {
  const cases: [string, string, string?][] = [
    ["https://accounts.example.com/login", "sign_in"],
    ["https://example.com/users/sign_in", "sign_in"],
    ["https://sso.corp.example.co.uk/", "sign_in"],
    ["https://mail.example.org/", "email"],
    ["https://example.org/u/inbox", "email"],
    ["https://calendar.example.org/week", "calendar"],
    ["https://meet.example.org/room-1", "meeting"],
    ["https://app.example.com/projects", "dashboard", "projects"],
    ["https://example.com/settings/profile", "dashboard", "settings"],
    ["https://docs.deno.com/runtime/", "docs", "runtime"],
    ["https://example.com/docs/install", "docs", "install"],
    ["https://blog.example.com/2024/05/my-first-post", "article", "my first post"],
    ["https://example.com/search", "search"],
  ];
  for (const [url, kind, entity] of cases) {
    const typed = typePageDetailed(url);
    assert.equal(typed.layer, "heuristic", url);
    assert.deepEqual([typed.kind, typed.entity], [kind, entity], url);
  }
});

Deno.test("typePage() falls back to page with the first path segment", () => {
  assert.deepEqual(typePage("https://www.bbc.co.uk/news/world"), { kind: "page", entity: "news" });
  assert.deepEqual(typePage("https://example.com/caf%C3%A9"), { kind: "page", entity: "café" });
  assert.deepEqual(typePage("https://example.com/%E0%A4%A"), { kind: "page", entity: "%E0%A4%A" });
  assert.deepEqual(typePage("https://example.com/"), { kind: "page" });
});

Deno.test("typePage() gives non-web URLs a bare page, never their contents", () => {
  for (
    const url of [
      "about:blank",
      "javascript:alert(document.cookie)",
      "data:text/html,<b>secret</b>",
      "file:///home/jane/diary.txt",
      "chrome://settings/passwords",
      "not a url",
      "",
    ]
  ) {
    assert.deepEqual(typePage(url), { kind: "page" }, url);
  }
});

Deno.test("typePage() leaves opaque ids and tokens out of fallback entities", () => {
  assert.deepEqual(typePage("https://example.com/a1b2c3d4e5f6a7b8c9d0e1f2a3b4"), { kind: "page" });
  assert.deepEqual(typePage("https://example.com/reset/abc"), { kind: "page", entity: "reset" });
  assert.deepEqual(
    typePage("https://example.com/my-very-long-article-title-from-2024"),
    { kind: "page", entity: "my-very-long-article-title-from-2024" },
  );
});

Deno.test("typePageDetailed() drops an entity that repeats a sensitive value", () => {
  assert.deepEqual(typePageDetailed("https://example.com/?q=abc123&token=abc123"), {
    kind: "search",
    layer: "search",
  });
  assert.deepEqual(typePageDetailed("https://example.com/abcdef#access_token=abcdef"), {
    kind: "page",
    layer: "fallback",
  });
  const registry = buildRegistry([{
    file: "leaky_site.ts",
    module: {
      default: {
        hosts: ["leaky.test"],
        parse: (url: URL) => ({ kind: "post", entity: `id ${url.searchParams.get("code")}` }),
        examples: [["https://leaky.test/a", { kind: "post" }], ["https://leaky.test/", null]],
      },
    },
  }]);
  assert.deepEqual(typePageDetailed("https://leaky.test/x?code=zz9plural", registry), {
    kind: "post",
    layer: "parser",
    parser: "leaky_site.ts",
  });
});

Deno.test("typePageDetailed() makes entities single-line and bounded", () => {
  const typed = typePageDetailed("https://example.com/?q=" + encodeURIComponent(" a\n\tb\u0000c "));
  assert.equal(typed.entity, "a b c");
  const long = typePageDetailed("https://example.com/?q=" + "x".repeat(1000));
  assert.equal(long.entity?.length, 160);
  assert.ok(long.entity?.endsWith("…"));
  const emoji = typePageDetailed("https://example.com/?q=" + "😀".repeat(200));
  assert.ok(!/[\ud800-\udbff]…$/.test(emoji.entity ?? ""), "split surrogate pair");
});

Deno.test("KINDS lists unique snake_case names in order, each with a one-line meaning", () => {
  const names = KINDS.map((k) => k.name);
  assert.equal(new Set(names).size, names.length);
  assert.deepEqual(names, [...names].sort());
  for (const kind of KINDS) {
    assert.match(kind.name, /^[a-z][a-z_]*$/);
    assert.ok(kind.meaning.length > 5 && !kind.meaning.includes("\n"), kind.name);
    assert.ok(!kind.meaning.endsWith("."), kind.name);
  }
  for (const needed of ["page", "search", "sign_in", "dashboard", "email", "calendar", "meeting"]) {
    assert.ok(names.includes(needed), needed);
  }
});
