/**
 * Microsoft Teams on the web (teams.microsoft.com, teams.live.com, teams.cloud.microsoft):
 * chats and channels by thread id or name, meetings, calendar.
 *
 * @module
 */

import {
  decode,
  hashSegments,
  type PageRef,
  ref,
  segments,
  type SiteParser,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  if (s[0] === "l") {
    switch (s[1]) {
      case "message":
        return ref("messaging", s[2]);
      case "channel":
        return ref("messaging", s[3] ?? s[2]);
      case "chat":
        return ref("messaging");
      case "meetup-join":
      case "meeting":
        return ref("meeting");
      default:
        return ref("messaging");
    }
  }
  const h = hashSegments(url).map(decode);
  if (h[0] === "conversations") return ref("messaging", h[1]);
  if (h[0] === "calendarv2") return ref("calendar");
  if (h[0] === "files") return ref("folder", "files");
  if (s[0] === "meet") return ref("meeting", s[1]);
  if (s[0] === "v2" || s[0] === "_" || s.length === 0) return ref("messaging");
  return null;
}

export default {
  hosts: ["teams.microsoft.com", "teams.live.com", "teams.cloud.microsoft"],
  parse,
  examples: [
    ["https://teams.microsoft.com/l/message/19:abc@thread.tacv2/1700000000000", {
      kind: "messaging",
      entity: "19:abc@thread.tacv2",
    }],
    ["https://teams.microsoft.com/l/channel/19%3Aabc%40thread.tacv2/General?groupId=g1", {
      kind: "messaging",
      entity: "General",
    }],
    ["https://teams.microsoft.com/_#/conversations/19:def@thread.v2?ctx=chat", {
      kind: "messaging",
      entity: "19:def@thread.v2",
    }],
    ["https://teams.microsoft.com/l/meetup-join/19%3ameeting_x%40thread.v2/0", { kind: "meeting" }],
    ["https://teams.microsoft.com/_#/calendarv2", { kind: "calendar" }],
    ["https://teams.microsoft.com/v2/", { kind: "messaging" }],
    ["https://teams.microsoft.com/dl/launcher/launcher.html", null],
  ],
} satisfies SiteParser;
