/**
 * Semantic Scholar (semanticscholar.org): papers by title, authors, searches.
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
  const [first, a, b] = s;
  if (first === "paper" && a) return ref("paper", b ? words(a) : a);
  if (first === "author" && a) return ref("profile", b ? words(a) : a);
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "me") return ref("dashboard", a ?? "me");
  if (first === "sign-in") return ref("sign_in");
  return null;
}

export default {
  hosts: ["semanticscholar.org"],
  parse,
  examples: [
    [
      "https://www.semanticscholar.org/paper/Attention-is-All-you-Need-Vaswani-Shazeer/204e3073870fae3d05bcbc2f6a8e263d9b72e776",
      { kind: "paper", entity: "Attention is All you Need Vaswani Shazeer" },
    ],
    ["https://www.semanticscholar.org/paper/204e3073870fae3d05bcbc2f6a8e263d9b72e776", {
      kind: "paper",
      entity: "204e3073870fae3d05bcbc2f6a8e263d9b72e776",
    }],
    ["https://www.semanticscholar.org/author/Ashish-Vaswani/40348417", {
      kind: "profile",
      entity: "Ashish Vaswani",
    }],
    ["https://www.semanticscholar.org/search?q=activity%20frames", {
      kind: "search",
      entity: "activity frames",
    }],
    ["https://www.semanticscholar.org/me/library", { kind: "dashboard", entity: "library" }],
    ["https://www.semanticscholar.org/", null],
  ],
} satisfies SiteParser;
