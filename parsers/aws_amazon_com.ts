/**
 * AWS (console.aws.amazon.com and regional consoles, sign-in, docs): the entity is the
 * service and, when the URL names one, the resource.
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
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const host = url.hostname;
  if (host === "signin.aws.amazon.com") return ref("sign_in");
  if (host === "docs.aws.amazon.com") return s[0] ? ref("docs", s[0]) : null;
  const [service, a, b] = s;
  if (service === undefined) return null;
  if (service === "console") return ref("dashboard", "console");
  if (service === "billing" || service === "costmanagement") return ref("dashboard", "billing");
  if (service === "s3" && (a === "buckets" || a === "bucket") && b) {
    return ref("cloud_resource", `s3/${b}`);
  }
  if (service === "cloudwatch") return ref("logs", "cloudwatch");
  // Single-page consoles keep the resource in the fragment: `#/functions/name`, `#Instances:`.
  const h = hashSegments(url).map(decode);
  if (h.length >= 2) return ref("cloud_resource", `${service}/${h[1]}`);
  const view = h[0]?.replace(/[:;].*$/, "");
  return ref("cloud_resource", view ? `${service}/${view}` : service);
}

export default {
  hosts: [
    "console.aws.amazon.com",
    "*.console.aws.amazon.com",
    "signin.aws.amazon.com",
    "docs.aws.amazon.com",
  ],
  parse,
  examples: [
    ["https://us-east-1.console.aws.amazon.com/ec2/home?region=us-east-1#Instances:", {
      kind: "cloud_resource",
      entity: "ec2/Instances",
    }],
    [
      "https://us-east-1.console.aws.amazon.com/lambda/home?region=us-east-1#/functions/resize-image",
      { kind: "cloud_resource", entity: "lambda/resize-image" },
    ],
    ["https://s3.console.aws.amazon.com/s3/buckets/acme-assets?region=eu-west-1", {
      kind: "cloud_resource",
      entity: "s3/acme-assets",
    }],
    ["https://console.aws.amazon.com/console/home", { kind: "dashboard", entity: "console" }],
    ["https://eu-west-1.console.aws.amazon.com/cloudwatch/home#logsV2:log-groups", {
      kind: "logs",
      entity: "cloudwatch",
    }],
    ["https://signin.aws.amazon.com/oauth?client_id=x", { kind: "sign_in" }],
    ["https://docs.aws.amazon.com/lambda/latest/dg/welcome.html", {
      kind: "docs",
      entity: "lambda",
    }],
    ["https://console.aws.amazon.com/", null],
  ],
} satisfies SiteParser;
