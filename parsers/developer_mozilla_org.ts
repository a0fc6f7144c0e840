/**
 * MDN Web Docs (developer.mozilla.org): the entity is the docs path after the locale.
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
  const s = segments(url).map(decode);
  const rest = /^[a-z]{2}(?:-[A-Za-z]{2,4})?$/.test(s[0] ?? "") ? s.slice(1) : s;
  const [section] = rest;
  if (section === "docs" && rest.length > 1) return ref("docs", rest.slice(1).join("/"));
  if (section === "search") return ref("search", param(url, "q"));
  if (section === "blog" && rest[1]) return ref("article", words(rest[1]));
  if (section === "play" || section === "plus") return ref("dashboard", section);
  return null;
}

export default {
  hosts: ["developer.mozilla.org"],
  parse,
  examples: [
    ["https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API", {
      kind: "docs",
      entity: "Web/API/Fetch_API",
    }],
    ["https://developer.mozilla.org/fr/docs/Web/CSS/display", {
      kind: "docs",
      entity: "Web/CSS/display",
    }],
    ["https://developer.mozilla.org/en-US/search?q=flexbox", { kind: "search", entity: "flexbox" }],
    ["https://developer.mozilla.org/en-US/blog/css-nesting/", {
      kind: "article",
      entity: "css nesting",
    }],
    ["https://developer.mozilla.org/en-US/", null],
  ],
} satisfies SiteParser;
