/**
 * Zendesk (*.zendesk.com): agent tickets, users, organisations, views and the Help Center.
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
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, section, id] = s;
  if (first === "access" || first === "auth") return ref("sign_in");
  if (first === "hc") {
    const a = s.indexOf("articles");
    if (a >= 0 && s[a + 1]) return ref("docs", words(s[a + 1].replace(/^\d+-?/, "")) || s[a + 1]);
    return ref("docs", "help center");
  }
  if (first !== "agent") return null;
  switch (section) {
    case "tickets":
      return id ? ref("ticket", id) : ref("dashboard", "tickets");
    case "users":
      return id ? ref("contact", id) : ref("dashboard", "users");
    case "organizations":
      return id ? ref("company", id) : ref("dashboard", "organizations");
    case "search":
      return ref("search");
    default:
      return ref("dashboard", section ?? "agent");
  }
}

export default {
  hosts: ["*.zendesk.com"],
  parse,
  examples: [
    ["https://acme.zendesk.com/agent/tickets/123", { kind: "ticket", entity: "123" }],
    ["https://acme.zendesk.com/agent/users/456/requested_tickets", {
      kind: "contact",
      entity: "456",
    }],
    ["https://acme.zendesk.com/agent/filters/360001", { kind: "dashboard", entity: "filters" }],
    ["https://acme.zendesk.com/hc/en-us/articles/360001-How-to-reset-a-password", {
      kind: "docs",
      entity: "How to reset a password",
    }],
    ["https://acme.zendesk.com/access/unauthenticated", { kind: "sign_in" }],
    ["https://acme.zendesk.com/", null],
  ],
} satisfies SiteParser;
