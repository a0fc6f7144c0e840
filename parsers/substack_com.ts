/**
 * Substack (substack.com and publication subdomains): posts by title, publications,
 * profiles, the reader.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  param,
  ref,
  segments,
  type SiteParser,
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second, third] = segments(url).map(decode);
  const host = url.hostname;
  if (host !== "substack.com") {
    const pub = host.slice(0, host.indexOf("."));
    if (first === "p" && second) return ref("article", words(second));
    if (first === undefined || first === "archive" || first === "about") {
      return ref("publication", pub);
    }
    if (first === "account" || first === "sign-in") return ref("sign_in");
    return null;
  }
  if (first?.startsWith("@")) {
    if (second === "p" && third) return ref("article", words(third));
    if (second?.startsWith("note")) return ref("post", second);
    return ref("profile", first);
  }
  if (first === "home" || first === "inbox" || first === "notes") return ref("feed", first);
  if (first === "search") return ref("search", param(url, "query") ?? param(url, "q"));
  if (first === "sign-in") return ref("sign_in");
  if (first === "settings" || first === "publish") return ref("dashboard", first);
  return null;
}

export default {
  hosts: ["substack.com", "*.substack.com"],
  parse,
  examples: [
    ["https://stratechery.substack.com/p/the-ai-unbundling", {
      kind: "article",
      entity: "the ai unbundling",
    }],
    ["https://stratechery.substack.com/", { kind: "publication", entity: "stratechery" }],
    ["https://substack.com/@jane", { kind: "profile", entity: "@jane" }],
    ["https://substack.com/@jane/p-1234", { kind: "profile", entity: "@jane" }],
    ["https://substack.com/home", { kind: "feed", entity: "home" }],
    ["https://substack.com/search/deno?query=deno", { kind: "search", entity: "deno" }],
    ["https://substack.com/sign-in", { kind: "sign_in" }],
    ["https://substack.com/", null],
  ],
} satisfies SiteParser;
