/**
 * YouTube (youtube.com, m.youtube.com, youtu.be): videos, channels, playlists, searches.
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
  const [first, second] = segments(url);
  if (url.hostname === "youtu.be") return first ? ref("video", first) : null;
  if (first === undefined) return ref("feed", "home");
  if (first.startsWith("@")) return ref("channel", decode(first));
  switch (first) {
    case "watch":
      return ref("video", param(url, "v"));
    case "shorts":
    case "live":
    case "embed":
      return ref("video", second);
    case "channel":
    case "c":
    case "user":
      return second ? ref("channel", decode(second)) : null;
    case "playlist":
      return ref("playlist", param(url, "list"));
    case "results":
      return ref("search", param(url, "search_query"));
    case "feed":
      return ref("feed", second);
    case "account":
      return ref("dashboard", "account");
    default:
      return null;
  }
}

export default {
  hosts: ["youtube.com", "m.youtube.com", "youtu.be"],
  parse,
  examples: [
    ["https://www.youtube.com/@fireship", { kind: "channel", entity: "@fireship" }],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", { kind: "video", entity: "dQw4w9WgXcQ" }],
    ["https://youtu.be/dQw4w9WgXcQ", { kind: "video", entity: "dQw4w9WgXcQ" }],
    ["https://m.youtube.com/shorts/abc123", { kind: "video", entity: "abc123" }],
    ["https://www.youtube.com/playlist?list=PL123", { kind: "playlist", entity: "PL123" }],
    ["https://www.youtube.com/results?search_query=deno+fresh", {
      kind: "search",
      entity: "deno fresh",
    }],
    ["https://www.youtube.com/channel/UC123", { kind: "channel", entity: "UC123" }],
    ["https://www.youtube.com/feed/subscriptions", { kind: "feed", entity: "subscriptions" }],
    ["https://www.youtube.com/", { kind: "feed", entity: "home" }],
    ["https://www.youtube.com/premium", null],
  ],
} satisfies SiteParser;
