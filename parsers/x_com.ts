/**
 * X, formerly Twitter (x.com, twitter.com): a post's entity is its status id, a profile's
 * the `@handle`.
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
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet(
  "about compose download explore hashtag home i intent jobs login logout messages",
  "notifications privacy search settings share signup tos",
);

function parse(url: URL): PageRef | null {
  const [first, second, third, fourth] = segments(url);
  if (first === undefined) return null;
  if (second === "status" && third && /^\d+$/.test(third)) return ref("post", third);
  switch (first) {
    case "home":
    case "explore":
      return ref("feed", first);
    case "search":
      return ref("search", param(url, "q"));
    case "hashtag":
      return second ? ref("topic", `#${decode(second)}`) : null;
    case "messages":
      return ref("messaging");
    case "notifications":
    case "settings":
      return ref("dashboard", first);
    case "login":
    case "logout":
    case "signup":
      return ref("sign_in");
    case "i":
      if (second === "flow" && (third === "login" || third === "signup")) return ref("sign_in");
      if (second === "lists" && third) return ref("feed", `list ${third}`);
      if (second === "bookmarks") return ref("feed", "bookmarks");
      if (second === "web" && third === "status" && fourth) return ref("post", fourth);
      return null;
  }
  if (RESERVED.has(first) || !/^\w{1,15}$/.test(first)) return null;
  return ref("profile", `@${first}`);
}

export default {
  hosts: ["x.com", "twitter.com", "mobile.twitter.com", "mobile.x.com"],
  parse,
  examples: [
    ["https://x.com/jack/status/20", { kind: "post", entity: "20" }],
    ["https://twitter.com/denoland/status/1790000000000000000?s=20", {
      kind: "post",
      entity: "1790000000000000000",
    }],
    ["https://x.com/denoland", { kind: "profile", entity: "@denoland" }],
    ["https://x.com/denoland/with_replies", { kind: "profile", entity: "@denoland" }],
    ["https://x.com/home", { kind: "feed", entity: "home" }],
    ["https://x.com/search?q=deno%202&src=typed_query", { kind: "search", entity: "deno 2" }],
    ["https://x.com/hashtag/rustlang", { kind: "topic", entity: "#rustlang" }],
    ["https://x.com/messages/123-456", { kind: "messaging" }],
    ["https://x.com/i/flow/login", { kind: "sign_in" }],
    ["https://x.com/", null],
    ["https://x.com/i/grok", null],
  ],
} satisfies SiteParser;
