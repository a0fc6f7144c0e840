/**
 * Wikipedia (every language, desktop and mobile): articles by title, and searches.
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
  if (first === "wiki" && second) {
    const title = decode(second).replace(/_/g, " ");
    if (title === "Special:Search") return ref("search", param(url, "search"));
    return ref("article", title);
  }
  if (first === "w") {
    const search = param(url, "search");
    if (search) return ref("search", search);
    const title = param(url, "title");
    return title ? ref("article", title.replace(/_/g, " ")) : null;
  }
  return null;
}

export default {
  hosts: ["wikipedia.org", "*.wikipedia.org"],
  parse,
  examples: [
    ["https://en.wikipedia.org/wiki/Rust_(programming_language)", {
      kind: "article",
      entity: "Rust (programming language)",
    }],
    ["https://de.m.wikipedia.org/wiki/Berlin", { kind: "article", entity: "Berlin" }],
    ["https://en.wikipedia.org/wiki/Caf%C3%A9", { kind: "article", entity: "Café" }],
    ["https://en.wikipedia.org/wiki/Special:Search?search=deno", {
      kind: "search",
      entity: "deno",
    }],
    ["https://en.wikipedia.org/w/index.php?search=sqlite+wal&title=Special%3ASearch", {
      kind: "search",
      entity: "sqlite wal",
    }],
    ["https://en.wikipedia.org/w/index.php?title=Deno_(software)&action=history", {
      kind: "article",
      entity: "Deno (software)",
    }],
    ["https://www.wikipedia.org/", null],
  ],
} satisfies SiteParser;
