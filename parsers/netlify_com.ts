/**
 * Netlify (app.netlify.com): sites (projects), deploys and team pages.
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
  const [first, name, section, id] = segments(url).map(decode);
  if (first === "login" || first === "signup") return ref("sign_in");
  if ((first === "sites" || first === "projects") && name) {
    if (section === "deploys" && id) return ref("deployment", `${name}/${id}`);
    if (section === "logs") return ref("logs", name);
    return ref("project", name);
  }
  if (first === "teams" && name) return ref("dashboard", name);
  if (first === "user" || first === "account") return ref("dashboard", "account");
  return null;
}

export default {
  hosts: ["app.netlify.com"],
  parse,
  examples: [
    ["https://app.netlify.com/sites/acme-web/overview", { kind: "project", entity: "acme-web" }],
    ["https://app.netlify.com/sites/acme-web/deploys/65f0a1b2c3", {
      kind: "deployment",
      entity: "acme-web/65f0a1b2c3",
    }],
    ["https://app.netlify.com/projects/acme-web/logs/functions", {
      kind: "logs",
      entity: "acme-web",
    }],
    ["https://app.netlify.com/teams/acme/overview", { kind: "dashboard", entity: "acme" }],
    ["https://app.netlify.com/login", { kind: "sign_in" }],
    ["https://app.netlify.com/", null],
  ],
} satisfies SiteParser;
