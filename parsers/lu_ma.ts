/**
 * Luma (lu.ma, luma.com): events by slug, calendars, profiles.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet("about create explore help legal pricing privacy terms");

function parse(url: URL): PageRef | null {
  const [first, second, third] = segments(url).map(decode);
  if (first === undefined) return null;
  if (first === "signin" || first === "login") return ref("sign_in");
  if (first === "home" || first === "settings") return ref("dashboard", first);
  if (first === "discover") return ref("feed", "discover");
  if (first === "event" && second === "manage" && third) return ref("event", third);
  if (first === "calendar") return ref("dashboard", "calendar");
  if (first === "user" && second) return ref("profile", second);
  if (first === "event" && second) return ref("event", second);
  if (RESERVED.has(first) || second !== undefined) return null;
  return ref("event", first);
}

export default {
  hosts: ["lu.ma", "luma.com"],
  parse,
  examples: [
    ["https://lu.ma/ai-meetup-berlin", { kind: "event", entity: "ai-meetup-berlin" }],
    ["https://lu.ma/event/manage/evt-AbC123", { kind: "event", entity: "evt-AbC123" }],
    ["https://lu.ma/user/usr-XyZ", { kind: "profile", entity: "usr-XyZ" }],
    ["https://lu.ma/home", { kind: "dashboard", entity: "home" }],
    ["https://lu.ma/signin", { kind: "sign_in" }],
    ["https://lu.ma/pricing", null],
    ["https://lu.ma/", null],
  ],
} satisfies SiteParser;
