/**
 * Google Docs, Sheets, Slides, Forms and Drawings (docs.google.com).
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

const KINDS: Record<string, string> = {
  document: "doc",
  spreadsheets: "sheet",
  presentation: "slides",
  forms: "form",
  drawings: "design",
};

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const kind = Object.hasOwn(KINDS, s[0] ?? "") ? KINDS[s[0]] : undefined;
  if (kind === undefined) return null;
  // `/document/d/ID/edit`, `/forms/d/e/ID/viewform`, `/document/u/0/d/ID/edit`
  const d = s.indexOf("d");
  if (d < 0) return ref("dashboard", s[0]);
  const id = s[d + 1] === "e" ? s[d + 2] : s[d + 1];
  return ref(kind, id);
}

export default {
  hosts: ["docs.google.com"],
  parse,
  examples: [
    ["https://docs.google.com/spreadsheets/d/1abc/edit", { kind: "sheet", entity: "1abc" }],
    ["https://docs.google.com/document/d/1xyz/edit?tab=t.0", { kind: "doc", entity: "1xyz" }],
    ["https://docs.google.com/presentation/d/1pq/edit#slide=id.p", {
      kind: "slides",
      entity: "1pq",
    }],
    ["https://docs.google.com/forms/d/e/1FAIpQ/viewform", { kind: "form", entity: "1FAIpQ" }],
    ["https://docs.google.com/document/u/0/", { kind: "dashboard", entity: "document" }],
    ["https://docs.google.com/", null],
  ],
} satisfies SiteParser;
