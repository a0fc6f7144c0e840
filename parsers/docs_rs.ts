/**
 * docs.rs: crate pages are `package`; an item page is `docs` with its Rust path
 * (`tokio::sync::Mutex`).
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
  const [first, second] = s;
  if (first === undefined) return null;
  if (first === "crate") return second ? ref("package", second) : null;
  if (first === "releases") return s[1] === "search" ? ref("search", param(url, "query")) : null;
  if (first === "about" || first === "-") return null;
  // `/{crate}/{version}/{crate_module}/…/{kind}.{Name}.html`
  const items = s.slice(2);
  const last = items.at(-1);
  if (last === undefined) return ref("package", first);
  if (last === "index.html" || last === "all.html") items.pop();
  else items[items.length - 1] = last.replace(/^[a-z]+\./, "").replace(/\.html$/, "");
  return items.length > 0 ? ref("docs", items.join("::")) : ref("package", first);
}

export default {
  hosts: ["docs.rs"],
  parse,
  examples: [
    ["https://docs.rs/tokio/latest/tokio/sync/struct.Mutex.html", {
      kind: "docs",
      entity: "tokio::sync::Mutex",
    }],
    ["https://docs.rs/serde/1.0.200/serde/index.html", { kind: "docs", entity: "serde" }],
    ["https://docs.rs/serde/latest/serde/trait.Serialize.html#method.serialize", {
      kind: "docs",
      entity: "serde::Serialize",
    }],
    ["https://docs.rs/crate/rusqlite/latest", { kind: "package", entity: "rusqlite" }],
    ["https://docs.rs/anyhow", { kind: "package", entity: "anyhow" }],
    ["https://docs.rs/releases/search?query=sqlite", { kind: "search", entity: "sqlite" }],
    ["https://docs.rs/", null],
  ],
} satisfies SiteParser;
