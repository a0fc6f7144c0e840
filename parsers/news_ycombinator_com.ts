/**
 * Hacker News (news.ycombinator.com): items, users and the front-page lists.
 *
 * @module
 */

import { type PageRef, param, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

const FEEDS = new Set([
  "news",
  "newest",
  "front",
  "best",
  "ask",
  "show",
  "jobs",
  "active",
  "classic",
  "pool",
]);

function parse(url: URL): PageRef | null {
  const [first] = segments(url);
  if (first === undefined) return ref("feed", "news");
  if (first === "item") return ref("post", param(url, "id"));
  if (first === "user" || first === "submitted" || first === "threads") {
    return ref("profile", param(url, "id"));
  }
  if (FEEDS.has(first)) return ref("feed", first);
  if (first === "from") return ref("feed", param(url, "site"));
  if (first === "login") return ref("sign_in");
  return null;
}

export default {
  hosts: ["news.ycombinator.com"],
  parse,
  examples: [
    ["https://news.ycombinator.com/item?id=42", { kind: "post", entity: "42" }],
    ["https://news.ycombinator.com/user?id=pg", { kind: "profile", entity: "pg" }],
    ["https://news.ycombinator.com/", { kind: "feed", entity: "news" }],
    ["https://news.ycombinator.com/newest", { kind: "feed", entity: "newest" }],
    ["https://news.ycombinator.com/login?goto=news", { kind: "sign_in" }],
    ["https://news.ycombinator.com/submit", null],
  ],
} satisfies SiteParser;
