/**
 * Instagram (instagram.com): posts, reels, profiles, tags and direct messages.
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

const RESERVED = wordSet(
  "about accounts api challenge developer direct emails explore legal p privacy reel reels",
  "stories tv web",
);

function parse(url: URL): PageRef | null {
  const [first, second, third] = segments(url);
  switch (first) {
    case undefined:
      return ref("feed", "home");
    case "p":
      return second ? ref("post", second) : null;
    case "reel":
    case "reels":
    case "tv":
      return second ? ref("video", second) : ref("feed", "reels");
    case "stories":
      return second ? ref("post", `stories/${decode(second)}`) : null;
    case "explore":
      if (second === "tags" && third) return ref("topic", `#${decode(third)}`);
      return ref("feed", "explore");
    case "direct":
      return ref("messaging", second === "t" ? third : undefined);
    case "accounts":
      if (second === "login" || second === "emailsignup" || second === "signup") {
        return ref("sign_in");
      }
      return ref("dashboard", "accounts");
  }
  if (RESERVED.has(first) || !/^[\w.]{1,30}$/.test(first)) return null;
  return ref("profile", `@${first}`);
}

export default {
  hosts: ["instagram.com"],
  parse,
  examples: [
    ["https://www.instagram.com/p/C1a2B3c/", { kind: "post", entity: "C1a2B3c" }],
    ["https://www.instagram.com/reel/C9x8Y7/", { kind: "video", entity: "C9x8Y7" }],
    ["https://www.instagram.com/natgeo/", { kind: "profile", entity: "@natgeo" }],
    ["https://www.instagram.com/explore/tags/berlin/", { kind: "topic", entity: "#berlin" }],
    ["https://www.instagram.com/direct/t/1234/", { kind: "messaging", entity: "1234" }],
    ["https://www.instagram.com/accounts/login/", { kind: "sign_in" }],
    ["https://www.instagram.com/", { kind: "feed", entity: "home" }],
    ["https://www.instagram.com/legal/terms/", null],
  ],
} satisfies SiteParser;
