/**
 * Google Drive (drive.google.com): folders, files and Drive search.
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

const VIEWS = new Set([
  "my-drive",
  "shared-with-me",
  "recent",
  "starred",
  "trash",
  "computers",
  "home",
  "shared-drives",
]);

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (s[0] === "file" && s[1] === "d" && s[2]) return ref("file", s[2]);
  if (s[0] === "open") return ref("file", param(url, "id"));
  if (s[0] !== "drive") return null;
  const rest = s[1] === "u" ? s.slice(3) : s.slice(1);
  if (rest[0] === "folders" && rest[1]) return ref("folder", rest[1]);
  if (rest[0] === "search") return ref("search", param(url, "q"));
  if (rest[0] && VIEWS.has(rest[0])) return ref("folder", decode(rest[0]));
  return ref("folder", "my-drive");
}

export default {
  hosts: ["drive.google.com"],
  parse,
  examples: [
    ["https://drive.google.com/drive/folders/1FoLd", { kind: "folder", entity: "1FoLd" }],
    ["https://drive.google.com/drive/u/1/folders/1FoLd", { kind: "folder", entity: "1FoLd" }],
    ["https://drive.google.com/file/d/1FiLe/view?usp=sharing", { kind: "file", entity: "1FiLe" }],
    ["https://drive.google.com/open?id=1FiLe", { kind: "file", entity: "1FiLe" }],
    ["https://drive.google.com/drive/shared-with-me", { kind: "folder", entity: "shared-with-me" }],
    ["https://drive.google.com/drive/search?q=budget", { kind: "search", entity: "budget" }],
    ["https://drive.google.com/settings/storage", null],
  ],
} satisfies SiteParser;
