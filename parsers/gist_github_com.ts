/**
 * GitHub Gist (gist.github.com): a gist's entity is `user/id`.
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
  if (first === undefined) return ref("snippet");
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "discover" || first === "auth" || first === "mine") return null;
  if (first === "starred") return ref("dashboard", "starred");
  if (second === undefined) {
    return /^[0-9a-f]{20,}$/.test(first) ? ref("snippet", first) : ref("user", decode(first));
  }
  return ref("snippet", `${decode(first)}/${second}`);
}

export default {
  hosts: ["gist.github.com"],
  parse,
  examples: [
    ["https://gist.github.com/octocat/6cad326836d38bd3a7ae", {
      kind: "snippet",
      entity: "octocat/6cad326836d38bd3a7ae",
    }],
    ["https://gist.github.com/octocat", { kind: "user", entity: "octocat" }],
    ["https://gist.github.com/", { kind: "snippet" }],
    ["https://gist.github.com/search?q=deno", { kind: "search", entity: "deno" }],
    ["https://gist.github.com/discover", null],
  ],
} satisfies SiteParser;
