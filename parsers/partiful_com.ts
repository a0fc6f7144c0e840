/**
 * Partiful (partiful.com): event invitations and the events list.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, second] = segments(url);
  if (first === "e" && second) return ref("event", second);
  if (first === "events" || first === "create") return ref("dashboard", first);
  if (first === "u" && second) return ref("profile", second);
  if (first === "login") return ref("sign_in");
  return null;
}

export default {
  hosts: ["partiful.com"],
  parse,
  examples: [
    ["https://partiful.com/e/AbCdEf123", { kind: "event", entity: "AbCdEf123" }],
    ["https://partiful.com/events", { kind: "dashboard", entity: "events" }],
    ["https://partiful.com/login", { kind: "sign_in" }],
    ["https://partiful.com/", null],
  ],
} satisfies SiteParser;
