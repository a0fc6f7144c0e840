/**
 * Perplexity (perplexity.ai): threads by question (the slug without its id), pages,
 * Spaces, the library.
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

// Thread and page slugs end in a 22-character id: `what-is-deno-Xk3jTQ0nS8m6bqC3H4A2ZQ`.
const THREAD_ID = /-?[A-Za-z0-9_.]{20,24}$/;

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url).map(decode);
  switch (first) {
    case undefined:
      return ref("ai_chat", param(url, "q"));
    case "search":
      return second
        ? ref("ai_chat", words(second.replace(THREAD_ID, "")) || second)
        : ref("ai_chat", param(url, "q"));
    case "page":
      return second ? ref("article", words(second.replace(THREAD_ID, "")) || second) : null;
    case "spaces":
    case "collections":
      return second
        ? ref("space", words(second.replace(THREAD_ID, "")) || second)
        : ref("dashboard", "spaces");
    case "library":
    case "discover":
    case "settings":
      return ref("dashboard", first);
    default:
      return null;
  }
}

export default {
  hosts: ["perplexity.ai"],
  parse,
  examples: [
    ["https://www.perplexity.ai/search/what-is-deno-Xk3jTQ0nS8m6bqC3H4A2ZQ", {
      kind: "ai_chat",
      entity: "what is deno",
    }],
    ["https://www.perplexity.ai/?q=sqlite+wal", { kind: "ai_chat", entity: "sqlite wal" }],
    ["https://www.perplexity.ai/", { kind: "ai_chat" }],
    ["https://www.perplexity.ai/page/the-state-of-ai-Ab3dEf6hIj9kLm2nOp5qRs", {
      kind: "article",
      entity: "the state of ai",
    }],
    ["https://www.perplexity.ai/library", { kind: "dashboard", entity: "library" }],
    ["https://www.perplexity.ai/hub/faq", null],
  ],
} satisfies SiteParser;
