/**
 * Booking.com: hotels by name, searches by destination, reservations.
 *
 * @module
 */

import {
  type PageRef,
  param,
  ref,
  segments,
  type SiteParser,
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const [first, , slug] = s;
  if (first === "hotel" && slug) {
    return ref("hotel", words(slug.replace(/(?:\.[a-z]{2}(?:-[a-z]{2})?)?\.html$/, "")));
  }
  if (first?.startsWith("searchresults")) return ref("search", param(url, "ss"));
  if (first?.startsWith("myreservations") || first === "mytrips" || first === "trips") {
    return ref("order", "trips");
  }
  if (first === "attractions" || first?.startsWith("landmark")) {
    return ref("place", slug ? words(slug.replace(/\.html$/, "")) : undefined);
  }
  if (first === "sign-in" || first?.startsWith("login")) return ref("sign_in");
  return null;
}

export default {
  hosts: ["booking.com", "secure.booking.com"],
  parse,
  examples: [
    ["https://www.booking.com/hotel/de/adlon-kempinski.en-gb.html?checkin=2026-07-04", {
      kind: "hotel",
      entity: "adlon kempinski",
    }],
    ["https://www.booking.com/hotel/fr/le-meurice.html", { kind: "hotel", entity: "le meurice" }],
    ["https://www.booking.com/searchresults.html?ss=Berlin&checkin=2026-07-04", {
      kind: "search",
      entity: "Berlin",
    }],
    ["https://secure.booking.com/myreservations.html", { kind: "order", entity: "trips" }],
    ["https://www.booking.com/", null],
    ["https://www.booking.com/index.html", null],
  ],
} satisfies SiteParser;
