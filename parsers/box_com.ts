/**
 * Box (app.box.com and enterprise subdomains): folders, files and Box Notes by id.
 * Shared links (`/s/…`) carry an access key, so they get no entity.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

function parse(url: URL): PageRef | null {
  const [first, id] = segments(url);
  switch (first) {
    case "folder":
      return ref("folder", id === "0" ? "all files" : id);
    case "file":
      return ref("file", id);
    case "notes":
      return ref("doc", id);
    case "s":
    case "v":
      return ref("file");
    case "recents":
    case "trash":
    case "hubs":
      return ref("dashboard", first);
    case "login":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["app.box.com", "*.app.box.com", "*.ent.box.com"],
  parse,
  examples: [
    ["https://app.box.com/folder/123456", { kind: "folder", entity: "123456" }],
    ["https://app.box.com/folder/0", { kind: "folder", entity: "all files" }],
    ["https://acme.app.box.com/file/987654", { kind: "file", entity: "987654" }],
    ["https://app.box.com/notes/555", { kind: "doc", entity: "555" }],
    ["https://app.box.com/s/a1b2c3d4e5", { kind: "file" }],
    ["https://app.box.com/login", { kind: "sign_in" }],
    ["https://app.box.com/", null],
  ],
} satisfies SiteParser;
