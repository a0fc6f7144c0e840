/**
 * Trello (trello.com): boards and cards by name.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser, words } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, id, slug] = segments(url);
  if (first === "b" && id) return ref("board", slug ? words(slug) : id);
  if (first === "c" && id) return ref("task", slug ? words(slug.replace(/^\d+-/, "")) : id);
  if (first === "u" || first === "w") {
    return ref("dashboard", first === "u" ? "boards" : "workspace");
  }
  if (first === "login" || first === "signup") return ref("sign_in");
  return null;
}

export default {
  hosts: ["trello.com"],
  parse,
  examples: [
    ["https://trello.com/b/AbCd1234/product-roadmap", { kind: "board", entity: "product roadmap" }],
    ["https://trello.com/c/XyZ98765/42-fix-login-bug", { kind: "task", entity: "fix login bug" }],
    ["https://trello.com/c/XyZ98765", { kind: "task", entity: "XyZ98765" }],
    ["https://trello.com/u/jdoe/boards", { kind: "dashboard", entity: "boards" }],
    ["https://trello.com/login", { kind: "sign_in" }],
    ["https://trello.com/", null],
  ],
} satisfies SiteParser;
