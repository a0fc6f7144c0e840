/**
 * Grafana Cloud (*.grafana.net): dashboards by name, Explore, alerting, apps.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
  words,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, uid, slug] = segments(url).map(decode);
  switch (first) {
    case "d":
    case "d-solo":
      return uid ? ref("dashboard", slug ? words(slug) : uid) : null;
    case "dashboards":
      return ref("dashboard", "dashboards");
    case "explore":
      return ref("logs", "explore");
    case "alerting":
      return ref("monitor");
    case "a":
      return uid ? ref("dashboard", uid) : null;
    case "login":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["*.grafana.net"],
  parse,
  examples: [
    ["https://acme.grafana.net/d/abc123/api-overview?orgId=1", {
      kind: "dashboard",
      entity: "api overview",
    }],
    ["https://acme.grafana.net/explore?left=%7B%7D", { kind: "logs", entity: "explore" }],
    ["https://acme.grafana.net/alerting/list", { kind: "monitor" }],
    ["https://acme.grafana.net/a/grafana-k8s-app/home", {
      kind: "dashboard",
      entity: "grafana-k8s-app",
    }],
    ["https://acme.grafana.net/login", { kind: "sign_in" }],
    ["https://acme.grafana.net/", null],
  ],
} satisfies SiteParser;
