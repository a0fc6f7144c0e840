/**
 * Reddit (reddit.com, old./new./np./m. and sh.reddit.com): posts, subreddits, users.
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
  const [first, second, third, fourth, fifth] = segments(url);
  switch (first) {
    case undefined:
    case "best":
    case "hot":
    case "new":
    case "top":
    case "rising":
      return ref("feed", first ?? "home");
    case "r":
      if (!second) return null;
      if (third === "comments" && fourth) return ref("post", fifth ? words(fifth) : fourth);
      if (third === "search") return ref("search", param(url, "q"));
      return ref("community", `r/${decode(second)}`);
    case "user":
    case "u":
      return second ? ref("profile", `u/${decode(second)}`) : null;
    case "comments":
      return second ? ref("post", third ? words(third) : second) : null;
    case "search":
      return ref("search", param(url, "q"));
    case "message":
    case "chat":
      return ref("messaging");
    case "settings":
    case "notifications":
      return ref("dashboard", first);
    case "login":
    case "register":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: [
    "reddit.com",
    "old.reddit.com",
    "new.reddit.com",
    "np.reddit.com",
    "m.reddit.com",
    "sh.reddit.com",
  ],
  parse,
  examples: [
    ["https://www.reddit.com/r/rust/comments/abc/why_is_rust_hard/", {
      kind: "post",
      entity: "why is rust hard",
    }],
    ["https://old.reddit.com/r/rust/comments/abc/", { kind: "post", entity: "abc" }],
    ["https://www.reddit.com/r/rust/", { kind: "community", entity: "r/rust" }],
    ["https://www.reddit.com/r/rust/search/?q=async", { kind: "search", entity: "async" }],
    ["https://www.reddit.com/user/spez/", { kind: "profile", entity: "u/spez" }],
    ["https://www.reddit.com/search/?q=deno", { kind: "search", entity: "deno" }],
    ["https://www.reddit.com/", { kind: "feed", entity: "home" }],
    ["https://www.reddit.com/premium", null],
  ],
} satisfies SiteParser;
