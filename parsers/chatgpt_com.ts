/**
 * ChatGPT (chatgpt.com, chat.openai.com): conversations by id, custom GPTs, projects.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const c = s.indexOf("c");
  if (c >= 0 && s[c + 1]) return ref("ai_chat", s[c + 1]);
  const [first, second] = s;
  switch (first) {
    case undefined:
      return ref("ai_chat");
    case "share":
      return ref("ai_chat", second);
    case "g":
      return second?.startsWith("g-p-") ? ref("project", second) : ref("ai_chat", second);
    case "gpts":
    case "codex":
    case "library":
    case "images":
      return ref("dashboard", first);
    case "auth":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["chatgpt.com", "chat.openai.com"],
  parse,
  examples: [
    ["https://chatgpt.com/c/6790a1b2-0c3d-8000-9e4f-1a2b3c4d5e6f", {
      kind: "ai_chat",
      entity: "6790a1b2-0c3d-8000-9e4f-1a2b3c4d5e6f",
    }],
    ["https://chatgpt.com/g/g-abc123-code-helper/c/6790a1b2-0000", {
      kind: "ai_chat",
      entity: "6790a1b2-0000",
    }],
    ["https://chatgpt.com/g/g-abc123-code-helper", {
      kind: "ai_chat",
      entity: "g-abc123-code-helper",
    }],
    ["https://chatgpt.com/g/g-p-6790abc-research/project", {
      kind: "project",
      entity: "g-p-6790abc-research",
    }],
    ["https://chatgpt.com/", { kind: "ai_chat" }],
    ["https://chat.openai.com/auth/login", { kind: "sign_in" }],
    ["https://chatgpt.com/pricing", null],
  ],
} satisfies SiteParser;
