/**
 * crates.io: crates, users and searches.
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
  const [first, second] = segments(url).map(decode);
  if (first === "crates" && second) return ref("package", second);
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "users" && second) return ref("profile", second);
  if (first === "teams" && second) return ref("profile", second);
  if (first === "me" || first === "dashboard") return ref("dashboard", first);
  if (first === "keywords" || first === "categories") return ref("topic", second);
  return null;
}

export default {
  hosts: ["crates.io"],
  parse,
  examples: [
    ["https://crates.io/crates/serde", { kind: "package", entity: "serde" }],
    ["https://crates.io/crates/tokio/1.38.0", { kind: "package", entity: "tokio" }],
    ["https://crates.io/search?q=async%20sqlite", { kind: "search", entity: "async sqlite" }],
    ["https://crates.io/users/dtolnay", { kind: "profile", entity: "dtolnay" }],
    ["https://crates.io/keywords/cli", { kind: "topic", entity: "cli" }],
    ["https://crates.io/", null],
  ],
} satisfies SiteParser;
