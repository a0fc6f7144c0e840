/**
 * npm (npmjs.com): packages (scoped ones keep their `@scope/`), users and searches.
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
} from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first, a, b] = s;
  if (first === "package" && a) return ref("package", a.startsWith("@") && b ? `${a}/${b}` : a);
  if (first === "search") return ref("search", param(url, "q"));
  if (first?.startsWith("~")) return ref("profile", first.slice(1));
  if (first === "settings") return ref("dashboard", "settings");
  if (first === "login" || first === "signup") return ref("sign_in");
  return null;
}

export default {
  hosts: ["npmjs.com"],
  parse,
  examples: [
    ["https://www.npmjs.com/package/tldts", { kind: "package", entity: "tldts" }],
    ["https://www.npmjs.com/package/@modelcontextprotocol/server?activeTab=versions", {
      kind: "package",
      entity: "@modelcontextprotocol/server",
    }],
    ["https://www.npmjs.com/search?q=sqlite", { kind: "search", entity: "sqlite" }],
    ["https://www.npmjs.com/~sindresorhus", { kind: "profile", entity: "sindresorhus" }],
    ["https://www.npmjs.com/login", { kind: "sign_in" }],
    ["https://www.npmjs.com/", null],
  ],
} satisfies SiteParser;
