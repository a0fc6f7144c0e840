/**
 * Medium (medium.com and user subdomains): stories by title (the trailing post id
 * dropped), authors, publications, tags.
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
  wordSet,
} from "../src/entities/parser_kit.ts";

const POST_ID = /-[0-9a-f]{10,12}$/;
const RESERVED = wordSet("about creators jobs-at-medium membership plans policy");

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, second] = s;
  const last = s.at(-1);
  if (last !== undefined && POST_ID.test(last)) {
    return ref("article", words(last.replace(POST_ID, "")));
  }
  if (first === undefined) {
    return url.hostname === "medium.com" ? null : ref("profile", url.hostname.split(".")[0]);
  }
  if (first === "tag") return second ? ref("topic", second) : null;
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "me") return ref("dashboard", second ?? "me");
  if (first === "m" && second === "signin") return ref("sign_in");
  if (first.startsWith("@")) return ref("profile", first);
  if (RESERVED.has(first) || first === "m") return null;
  return ref("publication", first);
}

export default {
  hosts: ["medium.com", "*.medium.com"],
  parse,
  examples: [
    ["https://medium.com/@jane/how-we-cut-latency-in-half-1a2b3c4d5e6f", {
      kind: "article",
      entity: "how we cut latency in half",
    }],
    ["https://medium.com/better-programming/why-deno-0123456789ab", {
      kind: "article",
      entity: "why deno",
    }],
    ["https://jane.medium.com/a-story-abcdef123456", { kind: "article", entity: "a story" }],
    ["https://medium.com/@jane", { kind: "profile", entity: "@jane" }],
    ["https://medium.com/better-programming", {
      kind: "publication",
      entity: "better-programming",
    }],
    ["https://medium.com/tag/typescript", { kind: "topic", entity: "typescript" }],
    ["https://medium.com/search?q=sqlite", { kind: "search", entity: "sqlite" }],
    ["https://medium.com/", null],
    ["https://medium.com/membership", null],
  ],
} satisfies SiteParser;
