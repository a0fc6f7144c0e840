/**
 * Netflix (netflix.com): what is playing, titles, browsing and searches.
 *
 * @module
 */

import { type PageRef, param, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second, third] = segments(url);
  switch (first) {
    case "watch":
      return ref("video", second);
    case "title":
      return ref("show", second);
    case "browse":
      return second === "genre" && third ? ref("topic", `genre ${third}`) : ref("feed", "browse");
    case "search":
      return ref("search", param(url, "q"));
    case "login":
      return ref("sign_in");
    case "YourAccount":
    case "account":
      return ref("dashboard", "account");
    default:
      return null;
  }
}

export default {
  hosts: ["netflix.com"],
  parse,
  examples: [
    ["https://www.netflix.com/watch/80100172?trackId=1", { kind: "video", entity: "80100172" }],
    ["https://www.netflix.com/title/80100172", { kind: "show", entity: "80100172" }],
    ["https://www.netflix.com/browse", { kind: "feed", entity: "browse" }],
    ["https://www.netflix.com/browse/genre/83", { kind: "topic", entity: "genre 83" }],
    ["https://www.netflix.com/search?q=dark", { kind: "search", entity: "dark" }],
    ["https://www.netflix.com/login", { kind: "sign_in" }],
    ["https://www.netflix.com/", null],
  ],
} satisfies SiteParser;
