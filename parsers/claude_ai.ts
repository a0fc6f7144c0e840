/**
 * Claude (claude.ai): conversations and projects by id.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url);
  switch (first) {
    case undefined:
    case "new":
      return ref("ai_chat");
    case "chat":
    case "share":
      return ref("ai_chat", second);
    case "project":
      return ref("project", second);
    case "projects":
    case "recents":
    case "settings":
    case "artifacts":
      return ref("dashboard", first);
    case "login":
    case "logout":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["claude.ai"],
  parse,
  examples: [
    ["https://claude.ai/chat/0f8e7d6c-5b4a-4321-9876-abcdef012345", {
      kind: "ai_chat",
      entity: "0f8e7d6c-5b4a-4321-9876-abcdef012345",
    }],
    ["https://claude.ai/new", { kind: "ai_chat" }],
    ["https://claude.ai/project/01234567-89ab-cdef-0123-456789abcdef", {
      kind: "project",
      entity: "01234567-89ab-cdef-0123-456789abcdef",
    }],
    ["https://claude.ai/recents", { kind: "dashboard", entity: "recents" }],
    ["https://claude.ai/login", { kind: "sign_in" }],
    ["https://claude.ai/download", null],
  ],
} satisfies SiteParser;
