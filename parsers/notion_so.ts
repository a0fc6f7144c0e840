/**
 * Notion (notion.so, notion.com, *.notion.site): a page's entity is its title from the
 * slug, without the trailing id; a page with a `v=` view is a database `table`.
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

const ID = /(?:^|-)([0-9a-f]{16,32})$/;

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const last = s.at(-1);
  if (last === undefined) return null;
  if (last === "login" || last === "signup") return ref("sign_in");
  const m = ID.exec(last);
  if (m === null) return null;
  const title = words(last.slice(0, last.length - m[0].length));
  const kind = param(url, "v") ? "table" : "doc";
  return ref(kind, title || decode(m[1]));
}

export default {
  hosts: ["notion.so", "notion.com", "app.notion.com", "*.notion.site"],
  parse,
  examples: [
    ["https://www.notion.so/My-Page-0123456789abcdef", { kind: "doc", entity: "My Page" }],
    ["https://www.notion.so/acme/Roadmap-Q3-0123456789abcdef0123456789abcdef", {
      kind: "doc",
      entity: "Roadmap Q3",
    }],
    ["https://www.notion.so/0123456789abcdef0123456789abcdef", {
      kind: "doc",
      entity: "0123456789abcdef0123456789abcdef",
    }],
    [
      "https://www.notion.so/acme/Tasks-0123456789abcdef0123456789abcdef?v=fedcba9876543210fedcba9876543210",
      { kind: "table", entity: "Tasks" },
    ],
    ["https://acme.notion.site/Careers-0123456789abcdef", { kind: "doc", entity: "Careers" }],
    ["https://www.notion.so/login", { kind: "sign_in" }],
    ["https://www.notion.so/product/ai", null],
    ["https://www.notion.so/", null],
  ],
} satisfies SiteParser;
