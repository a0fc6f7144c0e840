/**
 * monday.com (account.monday.com): boards, items (pulses) and docs.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (url.hostname.startsWith("auth.") || s[0] === "auth" || s[0] === "login") {
    return ref("sign_in");
  }
  const [first, id, sub, subId] = s;
  switch (first) {
    case "boards":
      if (!id) return null;
      return sub === "pulses" && subId ? ref("task", subId) : ref("board", id);
    case "docs":
      return id ? ref("doc", id) : null;
    case "workspaces":
    case "my_work":
    case "inbox":
    case "dashboards":
      return ref("dashboard", first);
    default:
      return null;
  }
}

export default {
  hosts: ["*.monday.com"],
  parse,
  examples: [
    ["https://acme.monday.com/boards/123456789", { kind: "board", entity: "123456789" }],
    ["https://acme.monday.com/boards/123456789/pulses/987654321", {
      kind: "task",
      entity: "987654321",
    }],
    ["https://acme.monday.com/boards/123456789/views/555", { kind: "board", entity: "123456789" }],
    ["https://acme.monday.com/docs/4242", { kind: "doc", entity: "4242" }],
    ["https://acme.monday.com/my_work", { kind: "dashboard", entity: "my_work" }],
    ["https://auth.monday.com/login", { kind: "sign_in" }],
    ["https://acme.monday.com/", null],
  ],
} satisfies SiteParser;
