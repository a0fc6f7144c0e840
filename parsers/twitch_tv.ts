/**
 * Twitch (twitch.tv): channels, videos, clips, categories and searches.
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
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet("directory downloads jobs p settings subscriptions turbo wallet");

function parse(url: URL): PageRef | null {
  const [first, second, third] = segments(url).map(decode);
  if (url.hostname === "clips.twitch.tv") return first ? ref("video", first) : null;
  if (first === undefined) return null;
  if (first === "videos") return ref("video", second);
  if (first === "search") return ref("search", param(url, "term"));
  if (first === "directory") {
    return second === "category" && third ? ref("topic", third) : ref("feed", "directory");
  }
  if (first === "settings" || first === "subscriptions" || first === "wallet") {
    return ref("dashboard", first);
  }
  if (first === "login" || first === "signup") return ref("sign_in");
  if (RESERVED.has(first) || !/^\w{2,25}$/.test(first)) return null;
  if (second === "clip" && third) return ref("video", third);
  return ref("channel", first.toLowerCase());
}

export default {
  hosts: ["twitch.tv", "m.twitch.tv", "clips.twitch.tv"],
  parse,
  examples: [
    ["https://www.twitch.tv/shroud", { kind: "channel", entity: "shroud" }],
    ["https://www.twitch.tv/videos/2012345678", { kind: "video", entity: "2012345678" }],
    ["https://www.twitch.tv/shroud/clip/FunnyClipSlug", { kind: "video", entity: "FunnyClipSlug" }],
    ["https://clips.twitch.tv/FunnyClipSlug", { kind: "video", entity: "FunnyClipSlug" }],
    ["https://www.twitch.tv/directory/category/just-chatting", {
      kind: "topic",
      entity: "just-chatting",
    }],
    ["https://www.twitch.tv/search?term=speedrun", { kind: "search", entity: "speedrun" }],
    ["https://www.twitch.tv/", null],
    ["https://www.twitch.tv/p/en/legal/terms-of-service/", null],
  ],
} satisfies SiteParser;
