/**
 * Local development servers (localhost, 127.0.0.1, [::1], *.localhost): `local_dev` with
 * the first three path segments. Build-tool internals (`/@vite/…`, `/_next/…`, `/__…`)
 * are left to the generic layers.
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
  const s = segments(url);
  const first = s[0];
  if (
    first !== undefined && (first.startsWith("@") || first === "_next" || first.startsWith("__"))
  ) {
    return null;
  }
  return ref("local_dev", s.slice(0, 3).map(decode).join("/"));
}

export default {
  hosts: ["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "*.localhost"],
  parse,
  examples: [
    ["http://localhost:3000/api/users", { kind: "local_dev", entity: "api/users" }],
    ["http://127.0.0.1:8000/", { kind: "local_dev" }],
    ["http://[::1]:5173/settings/profile", { kind: "local_dev", entity: "settings/profile" }],
    ["http://app.localhost:8080/a/b/c/d", { kind: "local_dev", entity: "a/b/c" }],
    ["http://localhost:5173/@vite/client", null],
    ["http://localhost:3000/_next/static/chunk.js", null],
  ],
} satisfies SiteParser;
