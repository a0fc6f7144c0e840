/**
 * Vercel (vercel.com): team dashboards, projects, deployments, logs and docs.
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
  "account ai blog careers changelog contact customers enterprise features guides home",
  "integrations legal marketplace pricing solutions templates",
);
const PROJECT_PAGES = wordSet(
  "analytics deployments domains integrations observability settings speed-insights stores usage",
);

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [team, project, page] = s;
  if (team === undefined) return null;
  if (team === "login" || team === "signup") return ref("sign_in");
  if (team === "docs") return ref("docs", s.slice(1, 3).join("/") || undefined);
  if (team === "dashboard" || team === "new") return ref("dashboard", team);
  if (RESERVED.has(team)) return null;
  if (project === undefined) return ref("dashboard", team);
  if (PROJECT_PAGES.has(project)) return ref("dashboard", `${team}/${project}`);
  const name = `${team}/${project}`;
  if (page === undefined || PROJECT_PAGES.has(page)) return ref("project", name);
  if (page === "logs") return ref("logs", name);
  return ref("deployment", `${name}/${page}`);
}

export default {
  hosts: ["vercel.com"],
  parse,
  examples: [
    ["https://vercel.com/acme/web", { kind: "project", entity: "acme/web" }],
    ["https://vercel.com/acme/web/settings/domains", { kind: "project", entity: "acme/web" }],
    ["https://vercel.com/acme/web/7Hx9QkLmNoPq", {
      kind: "deployment",
      entity: "acme/web/7Hx9QkLmNoPq",
    }],
    ["https://vercel.com/acme/web/logs", { kind: "logs", entity: "acme/web" }],
    ["https://vercel.com/acme", { kind: "dashboard", entity: "acme" }],
    ["https://vercel.com/docs/functions/runtimes", { kind: "docs", entity: "functions/runtimes" }],
    ["https://vercel.com/login", { kind: "sign_in" }],
    ["https://vercel.com/pricing", null],
  ],
} satisfies SiteParser;
