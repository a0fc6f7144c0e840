/**
 * Outlook on the web (outlook.office.com, outlook.live.com, outlook.office365.com):
 * mail folders, calendar views, people.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const [first, second] = s;
  switch (first) {
    case "mail": {
      const [folder, arg] = second === "0" ? s.slice(2) : s.slice(1);
      if (folder === undefined || folder === "id") return ref("email", "inbox");
      if (folder === "search") return ref("search");
      if (folder === "deeplink") return ref("email", arg);
      return ref("email", folder);
    }
    case "owa":
      return ref("email", "inbox");
    case "calendar":
      return ref(
        "calendar",
        s.includes("view") ? s[s.indexOf("view") + 1] : s.includes("item") ? "event" : undefined,
      );
    case "people":
      return ref("dashboard", "people");
    case "bookings":
      return ref("scheduling");
    default:
      return null;
  }
}

export default {
  hosts: [
    "outlook.office.com",
    "outlook.live.com",
    "outlook.office365.com",
    "outlook.cloud.microsoft",
  ],
  parse,
  examples: [
    ["https://outlook.office.com/mail/", { kind: "email", entity: "inbox" }],
    ["https://outlook.office.com/mail/inbox/id/AAQkAD", { kind: "email", entity: "inbox" }],
    ["https://outlook.live.com/mail/0/sentitems", { kind: "email", entity: "sentitems" }],
    ["https://outlook.office.com/mail/sentitems", { kind: "email", entity: "sentitems" }],
    ["https://outlook.office.com/calendar/view/week", { kind: "calendar", entity: "week" }],
    ["https://outlook.office.com/calendar/item/AAMkAG", { kind: "calendar", entity: "event" }],
    ["https://outlook.office.com/bookings/homepage", { kind: "scheduling" }],
    ["https://outlook.office.com/", null],
  ],
} satisfies SiteParser;
