/**
 * DEV Community (dev.to): articles by title, authors, tags, searches.
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

const RESERVED = wordSet(
  "about code-of-conduct faq latest listings new notifications podcasts pod privacy",
  "readinglist settings tags terms top videos",
);

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url).map(decode);
  if (first === undefined) return ref("feed", "home");
  if (first === "t") return second ? ref("topic", second) : null;
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "enter" || first === "users") return ref("sign_in");
  if (first === "dashboard" || first === "settings" || first === "notifications") {
    return ref("dashboard", first);
  }
  if (RESERVED.has(first)) return null;
  // Article slugs end in a short random suffix: `my-first-post-3kf9`.
  if (second) return ref("article", words(second.replace(/-[0-9a-z]{4,6}$/, "")));
  return ref("profile", first);
}

export default {
  hosts: ["dev.to"],
  parse,
  examples: [
    ["https://dev.to/jane/building-a-cli-in-deno-3kf9", {
      kind: "article",
      entity: "building a cli in deno",
    }],
    ["https://dev.to/jane", { kind: "profile", entity: "jane" }],
    ["https://dev.to/t/typescript", { kind: "topic", entity: "typescript" }],
    ["https://dev.to/search?q=sqlite", { kind: "search", entity: "sqlite" }],
    ["https://dev.to/", { kind: "feed", entity: "home" }],
    ["https://dev.to/enter", { kind: "sign_in" }],
    ["https://dev.to/faq", null],
  ],
} satisfies SiteParser;
