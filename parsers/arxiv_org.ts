/**
 * arXiv (arxiv.org): papers by id (the version suffix dropped, so abstract, PDF and HTML
 * views of one paper agree), listings, searches.
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

const VIEWS = new Set(["abs", "pdf", "html", "format"]);

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, second] = s;
  if (first !== undefined && VIEWS.has(first) && second) {
    // Old-style ids keep their archive: `hep-th/9901001`.
    const id =
      (s.length > 2 && /^[a-z-]+(?:\.[A-Z]{2})?$/.test(second) ? `${second}/${s[2]}` : second)
        .replace(/\.pdf$/, "").replace(/v\d+$/, "");
    return ref("paper", id);
  }
  if (first === "list") return second ? ref("topic", second) : null;
  if (first === "search") return ref("search", param(url, "query"));
  if (first === "a" && second) return ref("profile", second);
  if (first === "login") return ref("sign_in");
  return null;
}

export default {
  hosts: ["arxiv.org", "export.arxiv.org"],
  parse,
  examples: [
    ["https://arxiv.org/abs/2401.12345", { kind: "paper", entity: "2401.12345" }],
    ["https://arxiv.org/pdf/2401.12345v2", { kind: "paper", entity: "2401.12345" }],
    ["https://arxiv.org/pdf/2401.12345v3.pdf", { kind: "paper", entity: "2401.12345" }],
    ["https://arxiv.org/abs/hep-th/9901001v1", { kind: "paper", entity: "hep-th/9901001" }],
    ["https://arxiv.org/list/cs.AI/recent", { kind: "topic", entity: "cs.AI" }],
    ["https://arxiv.org/search/?query=activity+frames&searchtype=all", {
      kind: "search",
      entity: "activity frames",
    }],
    ["https://arxiv.org/", null],
  ],
} satisfies SiteParser;
