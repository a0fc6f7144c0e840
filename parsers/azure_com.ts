/**
 * Azure portal (portal.azure.com): routes live in the fragment; resources are named by
 * provider type and name (`Microsoft.Web/sites/api`), blades by their last part.
 *
 * @module
 */

import {
  decode,
  hashSegments,
  type PageRef,
  ref,
  type SiteParser,
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const h = hashSegments(url).map(decode);
  if (h.length === 0) return url.pathname === "/" ? ref("dashboard", "home") : null;
  if (h[0] === "home" || h[0] === "dashboard") return ref("dashboard", h[0]);
  const providers = h.indexOf("providers");
  if (providers >= 0 && h[providers + 3]) {
    return ref("cloud_resource", h.slice(providers + 1, providers + 4).join("/"));
  }
  const rg = h.findIndex((x) => x.toLowerCase() === "resourcegroups");
  if (rg >= 0 && h[rg + 1]) return ref("cloud_resource", `resourceGroups/${h[rg + 1]}`);
  if (h[0] === "view" || h[0] === "blade") return ref("cloud_resource", h.at(-1));
  return null;
}

export default {
  hosts: ["portal.azure.com"],
  parse,
  examples: [
    ["https://portal.azure.com/#home", { kind: "dashboard", entity: "home" }],
    [
      "https://portal.azure.com/#@acme.onmicrosoft.com/resource/subscriptions/s1/resourceGroups/rg1/providers/Microsoft.Web/sites/api/overview",
      { kind: "cloud_resource", entity: "Microsoft.Web/sites/api" },
    ],
    ["https://portal.azure.com/#view/HubsExtension/BrowseResourceGroups", {
      kind: "cloud_resource",
      entity: "BrowseResourceGroups",
    }],
    [
      "https://portal.azure.com/#@acme.onmicrosoft.com/resource/subscriptions/s1/resourceGroups/rg1/overview",
      { kind: "cloud_resource", entity: "resourceGroups/rg1" },
    ],
    ["https://portal.azure.com/", { kind: "dashboard", entity: "home" }],
    ["https://portal.azure.com/#create/hub", null],
  ],
} satisfies SiteParser;
