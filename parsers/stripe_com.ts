/**
 * Stripe (dashboard.stripe.com, stripe.com/docs, docs.stripe.com): payments, invoices,
 * subscriptions, customers and products by object id; docs by section.
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
  payments: "payment",
  invoices: "payment",
  subscriptions: "payment",
  refunds: "payment",
  customers: "contact",
  products: "product",
  connect: "company",
};

function parse(url: URL): PageRef | null {
  let s = segments(url).map(decode);
  if (url.hostname === "docs.stripe.com") {
    return s.length > 0 ? ref("docs", s.slice(0, 2).join("/")) : null;
  }
  if (url.hostname === "stripe.com") {
    return s[0] === "docs" && s[1] ? ref("docs", s.slice(1, 3).join("/")) : null;
  }
  if (s[0] === "login" || s[0] === "register") return ref("sign_in");
  // Optional `/test/` and `/acct_…/` prefixes do not change the page.
  if (s[0]?.startsWith("acct_")) s = s.slice(1);
  if (s[0] === "test") s = s.slice(1);
  const [section, id] = s;
  if (section === undefined) return ref("dashboard", "home");
  if (Object.hasOwn(OBJECTS, section) && id) return ref(OBJECTS[section], id);
  return ref("dashboard", section);
}

export default {
  hosts: ["dashboard.stripe.com", "stripe.com", "docs.stripe.com"],
  parse,
  examples: [
    ["https://dashboard.stripe.com/payments/pi_3Nabc", { kind: "payment", entity: "pi_3Nabc" }],
    ["https://dashboard.stripe.com/test/customers/cus_Pxyz", {
      kind: "contact",
      entity: "cus_Pxyz",
    }],
    ["https://dashboard.stripe.com/acct_123/invoices/in_1Qr", {
      kind: "payment",
      entity: "in_1Qr",
    }],
    ["https://dashboard.stripe.com/balance/overview", { kind: "dashboard", entity: "balance" }],
    ["https://dashboard.stripe.com/login", { kind: "sign_in" }],
    ["https://docs.stripe.com/payments/checkout", { kind: "docs", entity: "payments/checkout" }],
    ["https://stripe.com/docs/api/charges", { kind: "docs", entity: "api/charges" }],
    ["https://stripe.com/pricing", null],
  ],
} satisfies SiteParser;
