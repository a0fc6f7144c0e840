/**
 * Salesforce Lightning and Classic (*.lightning.force.com, *.my.salesforce.com,
 * login.salesforce.com): records by object type, list views, setup.
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

const OBJECTS: Record<string, string> = {
  Account: "company",
  Contact: "contact",
  Lead: "contact",
  Opportunity: "deal",
  Case: "ticket",
  Task: "task",
  Event: "calendar",
  Report: "dashboard",
  Dashboard: "dashboard",
};

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  if (url.hostname.startsWith("login.") || url.hostname.startsWith("test.")) return ref("sign_in");
  if (s[0] === "secur" || s[0] === "login") return ref("sign_in");
  if (s[0] === "lightning") {
    const [, section, object, id] = s;
    if (section === "r" && object && id) {
      return Object.hasOwn(OBJECTS, object)
        ? ref(OBJECTS[object], id)
        : ref("record", `${object}/${id}`);
    }
    if (section === "o" && object) return ref("table", object);
    if (section === "setup") return ref("dashboard", "setup");
    if (section === "page") return ref("dashboard", object ?? "home");
    return ref("dashboard", section);
  }
  if (s.length === 1 && /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(s[0])) {
    return ref("record", s[0]);
  }
  return null;
}

export default {
  hosts: [
    "*.lightning.force.com",
    "*.my.salesforce.com",
    "login.salesforce.com",
    "test.salesforce.com",
  ],
  parse,
  examples: [
    ["https://acme.lightning.force.com/lightning/r/Account/001xx000003DGb2AAG/view", {
      kind: "company",
      entity: "001xx000003DGb2AAG",
    }],
    ["https://acme.lightning.force.com/lightning/r/Opportunity/006xx000001a2bC/view", {
      kind: "deal",
      entity: "006xx000001a2bC",
    }],
    ["https://acme.lightning.force.com/lightning/r/Invoice__c/a01xx/view", {
      kind: "record",
      entity: "Invoice__c/a01xx",
    }],
    ["https://acme.lightning.force.com/lightning/o/Lead/list?filterName=Recent", {
      kind: "table",
      entity: "Lead",
    }],
    ["https://acme.lightning.force.com/lightning/page/home", { kind: "dashboard", entity: "home" }],
    ["https://acme.my.salesforce.com/001xx000003DGb2", {
      kind: "record",
      entity: "001xx000003DGb2",
    }],
    ["https://login.salesforce.com/", { kind: "sign_in" }],
    ["https://acme.my.salesforce.com/", null],
  ],
} satisfies SiteParser;
