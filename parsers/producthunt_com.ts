/**
 * Product Hunt (producthunt.com): launches and products, makers, topics, leaderboards.
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
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url).map(decode);
  if (first === undefined) return ref("feed", "home");
  if ((first === "posts" || first === "products") && second) return ref("product", second);
  if (first.startsWith("@")) return ref("profile", first);
  if (first === "topics" && second) return ref("topic", second);
  if (first === "leaderboard") return ref("feed", "leaderboard");
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "login") return ref("sign_in");
  return null;
}

export default {
  hosts: ["producthunt.com"],
  parse,
  examples: [
    ["https://www.producthunt.com/posts/acme-ai", { kind: "product", entity: "acme-ai" }],
    ["https://www.producthunt.com/products/acme", { kind: "product", entity: "acme" }],
    ["https://www.producthunt.com/@jane", { kind: "profile", entity: "@jane" }],
    ["https://www.producthunt.com/topics/developer-tools", {
      kind: "topic",
      entity: "developer-tools",
    }],
    ["https://www.producthunt.com/leaderboard/daily/2026/7/4", {
      kind: "feed",
      entity: "leaderboard",
    }],
    ["https://www.producthunt.com/", { kind: "feed", entity: "home" }],
    ["https://www.producthunt.com/about", null],
  ],
} satisfies SiteParser;
