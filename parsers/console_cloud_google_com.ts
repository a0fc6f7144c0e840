/**
 * Google Cloud console (console.cloud.google.com): the entity is the product and, when
 * the path names one, the resource.
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
  const [product, a, b, c] = s;
  if (product === undefined) return null;
  if (product === "home" || product === "welcome") return ref("dashboard", product);
  if (product === "logs") return ref("logs", "logs");
  if (product === "monitoring") return ref("logs", "monitoring");
  if (product === "billing") return ref("dashboard", "billing");
  if (product === "run" && a === "detail" && c) return ref("cloud_resource", `run/${c}`);
  if (product === "storage" && a === "browser" && b) return ref("cloud_resource", `storage/${b}`);
  if (product === "functions" && a === "details" && c) {
    return ref("cloud_resource", `functions/${c}`);
  }
  return ref("cloud_resource", a ? `${product}/${a}` : product);
}

export default {
  hosts: ["console.cloud.google.com"],
  parse,
  examples: [
    ["https://console.cloud.google.com/compute/instances?project=acme", {
      kind: "cloud_resource",
      entity: "compute/instances",
    }],
    ["https://console.cloud.google.com/run/detail/us-central1/api/metrics", {
      kind: "cloud_resource",
      entity: "run/api",
    }],
    ["https://console.cloud.google.com/storage/browser/acme-assets", {
      kind: "cloud_resource",
      entity: "storage/acme-assets",
    }],
    ["https://console.cloud.google.com/logs/query", { kind: "logs", entity: "logs" }],
    ["https://console.cloud.google.com/home/dashboard?project=acme", {
      kind: "dashboard",
      entity: "home",
    }],
    ["https://console.cloud.google.com/", null],
  ],
} satisfies SiteParser;
