/**
 * GitHub Docs (docs.github.com): the entity is the article path without the locale.
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
  const s = segments(url).map(decode);
  const rest = /^[a-z]{2}(?:-[a-z]{2})?$/i.test(s[0] ?? "") ? s.slice(1) : s;
  if (rest[0] === "search") return ref("search", param(url, "query"));
  if (rest.length === 0) return null;
  return ref("docs", rest.slice(0, 3).join("/"));
}

export default {
  hosts: ["docs.github.com"],
  parse,
  examples: [
    ["https://docs.github.com/en/actions/using-workflows/about-workflows", {
      kind: "docs",
      entity: "actions/using-workflows/about-workflows",
    }],
    ["https://docs.github.com/en/rest", { kind: "docs", entity: "rest" }],
    ["https://docs.github.com/en/search?query=codeowners", {
      kind: "search",
      entity: "codeowners",
    }],
    ["https://docs.github.com/en", null],
  ],
} satisfies SiteParser;
