/**
 * Zoom on the web (zoom.us and its subdomains): meetings and webinars by id, the
 * personal room, recordings. Passcodes (`pwd`) are redacted by the typer.
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
  const [first, second, third] = segments(url).map(decode);
  switch (first) {
    case "j":
    case "s":
    case "w":
      return ref("meeting", second);
    case "wc":
      return ref("meeting", second === "join" ? third : second);
    case "my":
      return ref("meeting", second);
    case "rec":
      return ref("video");
    case "meeting":
    case "profile":
    case "recording":
    case "user":
      return ref("dashboard", first);
    case "signin":
    case "signup":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["zoom.us", "*.zoom.us", "zoom.com", "*.zoom.com"],
  parse,
  examples: [
    ["https://zoom.us/j/123", { kind: "meeting", entity: "123" }],
    ["https://acme.zoom.us/j/85512345678?pwd=abc123", { kind: "meeting", entity: "85512345678" }],
    ["https://app.zoom.us/wc/85512345678/join", { kind: "meeting", entity: "85512345678" }],
    ["https://zoom.us/rec/share/AbCdEf", { kind: "video" }],
    ["https://zoom.us/meeting", { kind: "dashboard", entity: "meeting" }],
    ["https://zoom.us/signin", { kind: "sign_in" }],
    ["https://zoom.us/pricing", null],
  ],
} satisfies SiteParser;
