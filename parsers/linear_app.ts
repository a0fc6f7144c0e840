/**
 * Linear (linear.app): issues by identifier (`ENG-123`), projects, team boards, views.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
  words,
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet(
  "about blog careers changelog contact customers developers download features homepage",
  "integrations legal method now pricing readme security startups",
);

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [ws, section, id, tab] = s;
  if (ws === undefined) return null;
  if (ws === "login" || ws === "signup") return ref("sign_in");
  if (ws === "docs") return ref("docs", section);
  if (RESERVED.has(ws)) return null;
  switch (section) {
    case undefined:
      return ref("dashboard", ws);
    case "issue":
      return id ? ref("issue", id.toUpperCase()) : null;
    case "project":
      return id ? ref("project", words(id.replace(/-[0-9a-f]{8,}$/, ""))) : null;
    case "team":
      return id ? ref("board", tab ? `${id}/${tab}` : id) : null;
    case "view":
      return id ? ref("board", words(id.replace(/-[0-9a-f]{8,}$/, ""))) : null;
    case "inbox":
    case "my-issues":
    case "settings":
      return ref("dashboard", section);
    default:
      return ref("dashboard", ws);
  }
}

export default {
  hosts: ["linear.app"],
  parse,
  examples: [
    ["https://linear.app/acme/issue/ENG-123/fix-bug", { kind: "issue", entity: "ENG-123" }],
    ["https://linear.app/acme/project/mobile-app-3f2a9c1b7d4e", {
      kind: "project",
      entity: "mobile app",
    }],
    ["https://linear.app/acme/team/ENG/active", { kind: "board", entity: "ENG/active" }],
    ["https://linear.app/acme/inbox", { kind: "dashboard", entity: "inbox" }],
    ["https://linear.app/acme", { kind: "dashboard", entity: "acme" }],
    ["https://linear.app/login", { kind: "sign_in" }],
    ["https://linear.app/pricing", null],
    ["https://linear.app/", null],
  ],
} satisfies SiteParser;
