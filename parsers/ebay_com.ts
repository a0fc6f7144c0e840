/**
 * eBay (ebay.com and country domains): items, searches, sellers, stores.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  param,
  ref,
  segments,
  type SiteParser,
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const [first, second] = s;
  switch (first) {
    case "itm": {
      const id = s.slice(1).find((x) => /^\d{9,}$/.test(x));
      return ref("product", id);
    }
    case "sch":
      return ref("search", param(url, "_nkw"));
    case "usr":
      return second ? ref("profile", decode(second)) : null;
    case "str":
      return second ? ref("company", decode(second)) : null;
    case "b":
      return second ? ref("topic", words(second)) : null;
    case "mye":
    case "myb":
      return ref("dashboard", "my ebay");
    case "signin":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: [
    "ebay.com",
    "ebay.co.uk",
    "ebay.de",
    "ebay.fr",
    "ebay.it",
    "ebay.es",
    "ebay.ca",
    "ebay.com.au",
    "ebay.nl",
    "ebay.at",
    "ebay.ch",
  ],
  parse,
  examples: [
    ["https://www.ebay.com/itm/394857612345", { kind: "product", entity: "394857612345" }],
    ["https://www.ebay.de/itm/Vintage-Camera/394857612345?hash=item5", {
      kind: "product",
      entity: "394857612345",
    }],
    ["https://www.ebay.com/sch/i.html?_nkw=thinkpad+x1&_sacat=0", {
      kind: "search",
      entity: "thinkpad x1",
    }],
    ["https://www.ebay.com/usr/good_seller", { kind: "profile", entity: "good_seller" }],
    ["https://www.ebay.com/b/Laptops-Netbooks/175672/bn_1648276", {
      kind: "topic",
      entity: "Laptops Netbooks",
    }],
    ["https://www.ebay.com/mye/myebay/summary", { kind: "dashboard", entity: "my ebay" }],
    ["https://www.ebay.com/", null],
  ],
} satisfies SiteParser;
