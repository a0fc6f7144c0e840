/**
 * Cloudflare dashboard (dash.cloudflare.com): zones (domains) and account products such
 * as Workers, Pages and R2. Account ids are left out of entities.
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
  const s = segments(url).map(decode);
  const [first, second, third] = s;
  if (first === undefined) return null;
  if (first === "login" || first === "sign-up") return ref("sign_in");
  if (first === "profile") return ref("dashboard", "profile");
  if (!/^[0-9a-f]{32}$/.test(first)) return null;
  if (second === undefined) return ref("dashboard", "account");
  if (second.includes(".")) return ref("cloud_resource", third ? `${second}/${third}` : second);
  const view = s.indexOf("view");
  if (second === "pages" && view >= 0 && s[view + 1]) return ref("project", s[view + 1]);
  if (view >= 0 && s[view + 1]) return ref("cloud_resource", `${second}/${s[view + 1]}`);
  return ref("cloud_resource", second);
}

export default {
  hosts: ["dash.cloudflare.com"],
  parse,
  examples: [
    ["https://dash.cloudflare.com/0123456789abcdef0123456789abcdef/acme.com/dns", {
      kind: "cloud_resource",
      entity: "acme.com/dns",
    }],
    [
      "https://dash.cloudflare.com/0123456789abcdef0123456789abcdef/workers/services/view/api/production",
      { kind: "cloud_resource", entity: "workers/api" },
    ],
    ["https://dash.cloudflare.com/0123456789abcdef0123456789abcdef/pages/view/site", {
      kind: "project",
      entity: "site",
    }],
    ["https://dash.cloudflare.com/0123456789abcdef0123456789abcdef/r2", {
      kind: "cloud_resource",
      entity: "r2",
    }],
    ["https://dash.cloudflare.com/0123456789abcdef0123456789abcdef", {
      kind: "dashboard",
      entity: "account",
    }],
    ["https://dash.cloudflare.com/login", { kind: "sign_in" }],
    ["https://dash.cloudflare.com/", null],
  ],
} satisfies SiteParser;
