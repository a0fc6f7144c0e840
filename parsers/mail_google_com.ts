/**
 * Gmail and Google Chat (mail.google.com). The view lives in the fragment (`#inbox`,
 * `#search/…`, `#label/…`); thread ids are left out.
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
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (s[0] === "chat") {
    const h = hashSegments(url);
    return ref("messaging", h[0] === "chat" && h[1] && h[2] ? `${h[1]}/${h[2]}` : undefined);
  }
  if (s[0] !== "mail") return null;
  const [view, arg] = hashSegments(url);
  if (view === "search" || view === "advanced-search") {
    return ref("search", arg ? words(arg) : undefined);
  }
  if (view === "label" && arg) return ref("email", `label/${decode(arg)}`);
  return ref("email", view ? decode(view) : "inbox");
}

export default {
  hosts: ["mail.google.com"],
  parse,
  examples: [
    ["https://mail.google.com/mail/u/0/#inbox", { kind: "email", entity: "inbox" }],
    ["https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJ", { kind: "email", entity: "inbox" }],
    ["https://mail.google.com/mail/u/1/#sent", { kind: "email", entity: "sent" }],
    ["https://mail.google.com/mail/u/0/#label/Work%2FClients", {
      kind: "email",
      entity: "label/Work/Clients",
    }],
    ["https://mail.google.com/mail/u/0/#search/invoice+march", {
      kind: "search",
      entity: "invoice march",
    }],
    ["https://mail.google.com/mail/u/0/", { kind: "email", entity: "inbox" }],
    ["https://mail.google.com/chat/u/0/#chat/space/AAAA1", {
      kind: "messaging",
      entity: "space/AAAA1",
    }],
    ["https://mail.google.com/tasks/canvas", null],
  ],
} satisfies SiteParser;
