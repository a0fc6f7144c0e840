/**
 * ClickUp (app.clickup.com): tasks (`/t/…`), list and board views, docs, spaces.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

const VIEW_KINDS: Record<string, string> = {
  l: "board",
  li: "board",
  b: "board",
  dc: "doc",
  s: "space",
  f: "project",
};

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (s[0] === "login" || s[0] === "signup") return ref("sign_in");
  const t = s.indexOf("t");
  if (t >= 0 && t <= 1 && s[t + 1]) return ref("task", s.at(-1));
  const v = s.indexOf("v");
  if (v >= 0 && s[v + 1] && Object.hasOwn(VIEW_KINDS, s[v + 1])) {
    return ref(VIEW_KINDS[s[v + 1]], s[v + 2]);
  }
  if (s[1] === "home" || s[1] === "inbox" || s[1] === "dashboards") return ref("dashboard", s[1]);
  return null;
}

export default {
  hosts: ["app.clickup.com"],
  parse,
  examples: [
    ["https://app.clickup.com/t/86abc123", { kind: "task", entity: "86abc123" }],
    ["https://app.clickup.com/t/9012345/ENG-42", { kind: "task", entity: "ENG-42" }],
    ["https://app.clickup.com/9012345/v/li/901234567", { kind: "board", entity: "901234567" }],
    ["https://app.clickup.com/9012345/v/dc/abcd-123/abcd-456", { kind: "doc", entity: "abcd-123" }],
    ["https://app.clickup.com/9012345/home", { kind: "dashboard", entity: "home" }],
    ["https://app.clickup.com/login", { kind: "sign_in" }],
    ["https://app.clickup.com/", null],
  ],
} satisfies SiteParser;
