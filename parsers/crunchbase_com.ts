/**
 * Crunchbase (crunchbase.com): organisations, people, searches and lists.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url).map(decode);
  switch (first) {
    case "organization":
      return second ? ref("company", second) : null;
    case "person":
      return second ? ref("profile", second) : null;
    case "discover":
    case "search":
      return ref("search", second);
    case "lists":
      return ref("table", second);
    case "home":
      return ref("dashboard", "home");
    case "login":
    case "register":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["crunchbase.com"],
  parse,
  examples: [
    ["https://www.crunchbase.com/organization/acme", { kind: "company", entity: "acme" }],
    ["https://www.crunchbase.com/person/jane-doe", { kind: "profile", entity: "jane-doe" }],
    ["https://www.crunchbase.com/discover/organization.companies", {
      kind: "search",
      entity: "organization.companies",
    }],
    ["https://www.crunchbase.com/login", { kind: "sign_in" }],
    ["https://www.crunchbase.com/", null],
  ],
} satisfies SiteParser;
