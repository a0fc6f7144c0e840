/**
 * Google search and Google Maps (google.com, its country domains and maps.google.com).
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
  if (url.hostname.startsWith("maps.") || s[0] === "maps") {
    return maps(url, url.hostname.startsWith("maps.") ? s : s.slice(1));
  }
  switch (s[0]) {
    case "search":
      return ref("search", param(url, "q"));
    case "url":
      return ref("page", "url");
    case undefined:
    case "webhp":
      return param(url, "q") ? ref("search", param(url, "q")) : null;
    default:
      return null;
  }
}

function maps(url: URL, s: string[]): PageRef {
  const [section, a, b] = s;
  if (section === "place" && a) return ref("place", words(a));
  if (section === "dir" && a && b && !a.startsWith("@") && !b.startsWith("@")) {
    return ref("route", `${words(a)} → ${words(b)}`);
  }
  if (section === "dir") return ref("route");
  if (section === "search" && a) return ref("search", words(a));
  const q = param(url, "q");
  return q ? ref("place", decode(q)) : ref("map");
}

export default {
  hosts: [
    "google.com",
    "maps.google.com",
    "google.co.uk",
    "google.de",
    "google.fr",
    "google.es",
    "google.it",
    "google.nl",
    "google.ca",
    "google.com.au",
    "google.co.in",
    "google.co.jp",
    "google.com.br",
    "google.ch",
    "google.at",
    "google.be",
    "google.pl",
    "google.se",
  ],
  parse,
  examples: [
    ["https://www.google.com/search?q=deno+sqlite", { kind: "search", entity: "deno sqlite" }],
    ["https://www.google.co.uk/search?q=tea&hl=en", { kind: "search", entity: "tea" }],
    ["https://www.google.com/maps/place/Brandenburg+Gate/@52.51,13.37,17z", {
      kind: "place",
      entity: "Brandenburg Gate",
    }],
    ["https://www.google.com/maps/dir/Berlin/Hamburg/", {
      kind: "route",
      entity: "Berlin → Hamburg",
    }],
    ["https://www.google.com/maps/search/coffee+near+me/", {
      kind: "search",
      entity: "coffee near me",
    }],
    ["https://www.google.com/maps/@52.52,13.40,14z", { kind: "map" }],
    ["https://maps.google.com/?q=Alexanderplatz", { kind: "place", entity: "Alexanderplatz" }],
    ["https://www.google.com/url?q=https://example.com/&sa=D", { kind: "page", entity: "url" }],
    ["https://www.google.com/", null],
    ["https://www.google.com/intl/en/about/", null],
  ],
} satisfies SiteParser;
