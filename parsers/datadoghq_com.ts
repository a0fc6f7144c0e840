/**
 * Datadog (app.datadoghq.com, regional sites, docs): dashboards, monitors, log and APM
 * explorers, notebooks, incidents.
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
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, id, slug] = s;
  if (url.hostname.startsWith("docs.")) {
    return s.length > 0 ? ref("docs", s.slice(0, 2).join("/")) : null;
  }
  switch (first) {
    case "dashboard":
      return id ? ref("dashboard", slug ? words(slug) : id) : ref("dashboard", "dashboards");
    case "dashboards":
      return ref("dashboard", "dashboards");
    case "monitors":
      return ref("monitor", id && /^\d+$/.test(id) ? id : undefined);
    case "logs":
    case "apm":
    case "metric":
    case "metrics":
    case "rum":
    case "traces":
      return ref("logs", param(url, "query") ?? first);
    case "notebook":
      return ref("notebook", id);
    case "incidents":
      return id ? ref("issue", id) : ref("dashboard", "incidents");
    case "infrastructure":
      return ref("dashboard", "infrastructure");
    case "account":
      return id === "login" ? ref("sign_in") : ref("dashboard", "account");
    default:
      return null;
  }
}

export default {
  hosts: ["*.datadoghq.com", "*.datadoghq.eu", "*.ddog-gov.com"],
  parse,
  examples: [
    ["https://app.datadoghq.com/dashboard/abc-def-ghi/api-latency", {
      kind: "dashboard",
      entity: "api latency",
    }],
    ["https://app.datadoghq.com/monitors/123456", { kind: "monitor", entity: "123456" }],
    ["https://app.datadoghq.com/logs?query=service%3Aweb%20status%3Aerror", {
      kind: "logs",
      entity: "service:web status:error",
    }],
    ["https://us5.datadoghq.com/apm/traces", { kind: "logs", entity: "apm" }],
    ["https://app.datadoghq.eu/incidents/42", { kind: "issue", entity: "42" }],
    ["https://app.datadoghq.com/account/login", { kind: "sign_in" }],
    ["https://docs.datadoghq.com/agent/basic_agent_usage/", {
      kind: "docs",
      entity: "agent/basic_agent_usage",
    }],
    ["https://app.datadoghq.com/", null],
  ],
} satisfies SiteParser;
