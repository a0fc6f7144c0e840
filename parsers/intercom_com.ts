/**
 * Intercom (app.intercom.com and regional hosts): inbox conversations, users, companies.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (s[0] === "admins" || s[0] === "login") return ref("sign_in");
  if (s[0] !== "a") return null;
  const c = s.indexOf("conversation");
  if (c >= 0 && s[c + 1]) return ref("ticket", s[c + 1]);
  if (s[1] === "inbox") return ref("dashboard", "inbox");
  const section = s[3];
  if (section === "users" && s[4] && s[4] !== "segments") return ref("contact", s[4]);
  if (section === "companies" && s[4] && s[4] !== "segments") return ref("company", s[4]);
  if (section === "articles" || section === "knowledge-hub") return ref("docs", "articles");
  return ref("dashboard", section);
}

export default {
  hosts: ["app.intercom.com", "app.eu.intercom.com", "app.au.intercom.com"],
  parse,
  examples: [
    ["https://app.intercom.com/a/inbox/abc123/inbox/shared/all/conversation/215", {
      kind: "ticket",
      entity: "215",
    }],
    ["https://app.intercom.com/a/inbox/abc123/inbox/admin/42", {
      kind: "dashboard",
      entity: "inbox",
    }],
    ["https://app.intercom.com/a/apps/abc123/users/5f1e/all-conversations", {
      kind: "contact",
      entity: "5f1e",
    }],
    ["https://app.intercom.com/a/apps/abc123/companies/77", { kind: "company", entity: "77" }],
    ["https://app.intercom.com/a/apps/abc123/reports", { kind: "dashboard", entity: "reports" }],
    ["https://app.intercom.com/admins/sign_in", { kind: "sign_in" }],
    ["https://app.intercom.com/", null],
  ],
} satisfies SiteParser;
