/**
 * Slack (app.slack.com and workspace.slack.com): a conversation's entity is
 * `team/channel`.
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
  const s = segments(url);
  const host = url.hostname;
  if (host === "api.slack.com") return ref("docs", s[0] ? decode(s[0]) : undefined);
  if (s[0] === "signin" || s.includes("signin") || s[0] === "get-started") return ref("sign_in");
  if (s[0] === "client") {
    const [, team, channel] = s;
    if (!team) return ref("messaging");
    return ref("messaging", channel ? `${team}/${channel}` : team);
  }
  if (s[0] === "archives" || s[0] === "messages") {
    const workspace = host.slice(0, host.indexOf("."));
    return ref("messaging", s[1] ? `${workspace}/${s[1]}` : workspace);
  }
  return null;
}

export default {
  hosts: ["app.slack.com", "*.slack.com"],
  parse,
  examples: [
    ["https://app.slack.com/client/T123/C456", { kind: "messaging", entity: "T123/C456" }],
    ["https://app.slack.com/client/T123/C456/thread/C456-1700000000.000100", {
      kind: "messaging",
      entity: "T123/C456",
    }],
    ["https://app.slack.com/client/T123", { kind: "messaging", entity: "T123" }],
    ["https://acme.slack.com/archives/C456/p1700000000000100", {
      kind: "messaging",
      entity: "acme/C456",
    }],
    ["https://acme.slack.com/signin", { kind: "sign_in" }],
    ["https://api.slack.com/apps", { kind: "docs", entity: "apps" }],
    ["https://app.slack.com/", null],
  ],
} satisfies SiteParser;
