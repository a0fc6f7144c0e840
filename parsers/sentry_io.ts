/**
 * Sentry (sentry.io and organisation subdomains): issues, projects, performance, alerts.
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
  let s = segments(url).map(decode);
  if (url.hostname.startsWith("docs.")) {
    return s.length > 0 ? ref("docs", s.slice(0, 2).join("/")) : null;
  }
  if (s[0] === "auth") return ref("sign_in");
  // `sentry.io/organizations/acme/…` and `acme.sentry.io/…` name the same pages.
  if (s[0] === "organizations" && s[1]) s = s.slice(2);
  const [section, id] = s;
  switch (section) {
    case "issues":
      return id && /^\d+$/.test(id) ? ref("issue", id) : ref("dashboard", "issues");
    case "projects":
      return id ? ref("project", id) : ref("dashboard", "projects");
    case "performance":
    case "discover":
    case "traces":
    case "explore":
      return ref("logs", section);
    case "alerts":
      return ref("monitor", s[2] === "rules" || id === "rules" ? undefined : id);
    case "dashboards":
    case "dashboard":
      return ref("dashboard", id ?? "dashboards");
    case "settings":
      return ref("dashboard", "settings");
    default:
      return null;
  }
}

export default {
  hosts: ["sentry.io", "*.sentry.io"],
  parse,
  examples: [
    ["https://acme.sentry.io/issues/4567890/", { kind: "issue", entity: "4567890" }],
    ["https://sentry.io/organizations/acme/issues/4567890/?project=1", {
      kind: "issue",
      entity: "4567890",
    }],
    ["https://acme.sentry.io/issues/?query=is%3Aunresolved", {
      kind: "dashboard",
      entity: "issues",
    }],
    ["https://acme.sentry.io/projects/web/", { kind: "project", entity: "web" }],
    ["https://acme.sentry.io/performance/", { kind: "logs", entity: "performance" }],
    ["https://sentry.io/auth/login/", { kind: "sign_in" }],
    ["https://docs.sentry.io/platforms/javascript/", {
      kind: "docs",
      entity: "platforms/javascript",
    }],
    ["https://sentry.io/welcome/", null],
  ],
} satisfies SiteParser;
