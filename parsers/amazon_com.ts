/**
 * Amazon shops (amazon.com and country domains): products by ASIN, searches, cart,
 * orders. AWS has its own parser.
 *
 * @module
 */

import { type PageRef, param, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const dp = s.findIndex((x) => x === "dp" || x === "product");
  if (dp >= 0 && s[dp + 1] && /^[A-Z0-9]{10}$/.test(s[dp + 1])) return ref("product", s[dp + 1]);
  const [first, second, third] = s;
  if (first === "s") return ref("search", param(url, "k"));
  if (first === "ap" && (second === "signin" || second === "register")) return ref("sign_in");
  if (first === "cart" || (first === "gp" && second === "cart")) return ref("cart");
  if (first === "checkout" || (first === "gp" && second === "buy")) return ref("cart", "checkout");
  if (first === "your-orders" || (first === "gp" && third === "order-history")) return ref("order");
  if (first === "gp" && second === "your-account" && third === "order-details") {
    return ref("order", param(url, "orderID"));
  }
  if (first === "hz" || first === "gp" && second === "css") return ref("dashboard", "account");
  return null;
}

export default {
  hosts: [
    "amazon.com",
    "smile.amazon.com",
    "amazon.co.uk",
    "amazon.de",
    "amazon.fr",
    "amazon.it",
    "amazon.es",
    "amazon.nl",
    "amazon.se",
    "amazon.pl",
    "amazon.ca",
    "amazon.com.mx",
    "amazon.com.br",
    "amazon.com.au",
    "amazon.co.jp",
    "amazon.in",
  ],
  parse,
  examples: [
    ["https://www.amazon.com/Kindle-Paperwhite/dp/B08KTZ8249/ref=sr_1_1", {
      kind: "product",
      entity: "B08KTZ8249",
    }],
    ["https://www.amazon.de/gp/product/B07XJ8C8F5", { kind: "product", entity: "B07XJ8C8F5" }],
    ["https://www.amazon.co.uk/s?k=usb+c+hub&ref=nb_sb_noss", {
      kind: "search",
      entity: "usb c hub",
    }],
    ["https://www.amazon.com/gp/cart/view.html", { kind: "cart" }],
    ["https://www.amazon.com/gp/your-account/order-details?orderID=111-222", {
      kind: "order",
      entity: "111-222",
    }],
    ["https://www.amazon.com/gp/css/order-history", { kind: "order" }],
    ["https://www.amazon.com/ap/signin?openid.return_to=x", { kind: "sign_in" }],
    ["https://www.amazon.com/", null],
  ],
} satisfies SiteParser;
