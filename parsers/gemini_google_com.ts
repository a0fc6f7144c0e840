/**
 * Gemini (gemini.google.com): conversations and Gems.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, id] = segments(url);
  switch (first) {
    case "app":
    case "share":
      return ref("ai_chat", id);
    case "gem":
      return ref("ai_chat", id ? `gem/${id}` : undefined);
    case "gems":
      return ref("dashboard", "gems");
    case undefined:
      return ref("ai_chat");
    default:
      return null;
  }
}

export default {
  hosts: ["gemini.google.com"],
  parse,
  examples: [
    ["https://gemini.google.com/app", { kind: "ai_chat" }],
    ["https://gemini.google.com/app/3f2a9c", { kind: "ai_chat", entity: "3f2a9c" }],
    ["https://gemini.google.com/gem/coding-partner", {
      kind: "ai_chat",
      entity: "gem/coding-partner",
    }],
    ["https://gemini.google.com/gems/view", { kind: "dashboard", entity: "gems" }],
    ["https://gemini.google.com/faq", null],
  ],
} satisfies SiteParser;
