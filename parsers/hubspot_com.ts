/**
 * HubSpot (app.hubspot.com and its regional hosts): contacts, companies, deals, tickets.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

// HubSpot's object type ids in `/record/0-N/…`.
const OBJECTS: Record<string, string> = {
  "0-1": "contact",
  "0-2": "company",
  "0-3": "deal",
  "0-5": "ticket",
};
const NAMED: Record<string, string> = {
  contact: "contact",
  company: "company",
  deal: "deal",
  ticket: "ticket",
};

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const [first, , kind, a, b] = s;
  if (first === "login" || first === "signup") return ref("sign_in");
  if (first === "contacts") {
    if (kind === "record" && a && b) {
      return ref(Object.hasOwn(OBJECTS, a) ? OBJECTS[a] : "record", b);
    }
    if (kind && Object.hasOwn(NAMED, kind) && a) return ref(NAMED[kind], a);
    if (kind === "objects" || kind === undefined) return ref("dashboard", "contacts");
    return ref("dashboard", kind);
  }
  if (first === "live-messages" || first === "help-desk") return ref("ticket");
  if (first?.startsWith("reports") || first === "dashboards") return ref("dashboard", "reports");
  return null;
}

export default {
  hosts: ["app.hubspot.com", "app-eu1.hubspot.com", "app-na2.hubspot.com"],
  parse,
  examples: [
    ["https://app.hubspot.com/contacts/123/contact/456", { kind: "contact", entity: "456" }],
    ["https://app.hubspot.com/contacts/123/record/0-3/789", { kind: "deal", entity: "789" }],
    ["https://app.hubspot.com/contacts/123/record/0-2/42/", { kind: "company", entity: "42" }],
    ["https://app.hubspot.com/contacts/123/objects/0-1/views/all/list", {
      kind: "dashboard",
      entity: "contacts",
    }],
    ["https://app-eu1.hubspot.com/live-messages/123", { kind: "ticket" }],
    ["https://app.hubspot.com/login", { kind: "sign_in" }],
    ["https://app.hubspot.com/", null],
  ],
} satisfies SiteParser;
