/**
 * Calendly (calendly.com): booking pages (`user/event-type`) and the app.
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
  "about blog careers customers enterprise features integrations legal pricing privacy",
  "resources solutions teams",
);

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, second] = s;
  if (first === undefined || RESERVED.has(first)) return null;
  if (first === "app" || first === "event_types") return ref("dashboard", second ?? first);
  if (first === "login" || first === "signup") return ref("sign_in");
  if (first === "d") return ref("scheduling");
  return ref("scheduling", second ? `${first}/${second}` : first);
}

export default {
  hosts: ["calendly.com"],
  parse,
  examples: [
    ["https://calendly.com/jane-doe/30min", { kind: "scheduling", entity: "jane-doe/30min" }],
    ["https://calendly.com/jane-doe", { kind: "scheduling", entity: "jane-doe" }],
    ["https://calendly.com/app/scheduled_events/user/me", {
      kind: "dashboard",
      entity: "scheduled_events",
    }],
    ["https://calendly.com/login", { kind: "sign_in" }],
    ["https://calendly.com/pricing", null],
    ["https://calendly.com/", null],
  ],
} satisfies SiteParser;
