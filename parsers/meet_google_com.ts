/**
 * Google Meet (meet.google.com): a meeting code is `abc-defg-hij`.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first] = segments(url);
  if (first !== undefined && /^[a-z]{3}-[a-z]{4}-[a-z]{3}$/.test(first)) {
    return ref("meeting", first);
  }
  if (first === "new" || first === "lookup") return ref("meeting");
  if (first === "landing" || first === undefined) return ref("dashboard", "meet");
  return null;
}

export default {
  hosts: ["meet.google.com"],
  parse,
  examples: [
    ["https://meet.google.com/abc-defg-hij", { kind: "meeting", entity: "abc-defg-hij" }],
    ["https://meet.google.com/abc-defg-hij?authuser=0", {
      kind: "meeting",
      entity: "abc-defg-hij",
    }],
    ["https://meet.google.com/new", { kind: "meeting" }],
    ["https://meet.google.com/landing", { kind: "dashboard", entity: "meet" }],
    ["https://meet.google.com/_meet/whoops", null],
  ],
} satisfies SiteParser;
