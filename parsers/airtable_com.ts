/**
 * Airtable (airtable.com): bases, tables and views by id (`appX/tblY`), shared views.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url);
  if (first === undefined) return null;
  if (/^app\w+$/.test(first)) {
    return ref("table", second && /^tbl\w+$/.test(second) ? `${first}/${second}` : first);
  }
  if (/^shr\w+$/.test(first)) return ref("table", first);
  if (first === "login" || first === "signup") return ref("sign_in");
  if (first === "workspaces" || first === "account") return ref("dashboard", first);
  return null;
}

export default {
  hosts: ["airtable.com"],
  parse,
  examples: [
    ["https://airtable.com/appAbC123/tblXyZ456/viwQrs789", {
      kind: "table",
      entity: "appAbC123/tblXyZ456",
    }],
    ["https://airtable.com/appAbC123/tblXyZ456/viwQrs789/recTuv012", {
      kind: "table",
      entity: "appAbC123/tblXyZ456",
    }],
    ["https://airtable.com/appAbC123", { kind: "table", entity: "appAbC123" }],
    ["https://airtable.com/shrAbC123", { kind: "table", entity: "shrAbC123" }],
    ["https://airtable.com/login", { kind: "sign_in" }],
    ["https://airtable.com/templates", null],
  ],
} satisfies SiteParser;
