/**
 * Discord (discord.com): a channel's entity is the channel id (not the server's), a
 * server without a channel is a `community`.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, guild, channel] = segments(url);
  if (first === "channels") {
    if (guild === "@me") return ref("messaging", channel);
    if (channel) return ref("messaging", channel);
    return guild ? ref("community", guild) : ref("messaging");
  }
  if (first === "login" || first === "register") return ref("sign_in");
  if (first === "invite") return ref("community", guild);
  return null;
}

export default {
  hosts: ["discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com"],
  parse,
  examples: [
    ["https://discord.com/channels/1000/2000", { kind: "messaging", entity: "2000" }],
    ["https://discord.com/channels/1000/2000/3000", { kind: "messaging", entity: "2000" }],
    ["https://discord.com/channels/@me/4000", { kind: "messaging", entity: "4000" }],
    ["https://discord.com/channels/1000", { kind: "community", entity: "1000" }],
    ["https://discord.com/login", { kind: "sign_in" }],
    ["https://discord.com/", null],
  ],
} satisfies SiteParser;
