/**
 * PyPI (pypi.org): projects, users and searches.
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
  if (first === "project" && second) return ref("package", second);
  if (first === "search") return ref("search", param(url, "q"));
  if (first === "user" && second) return ref("profile", second);
  if (first === "account") {
    return second === "login" || second === "register"
      ? ref("sign_in")
      : ref("dashboard", "account");
  }
  if (first === "manage") return ref("dashboard", "manage");
  return null;
}

export default {
  hosts: ["pypi.org"],
  parse,
  examples: [
    ["https://pypi.org/project/requests/", { kind: "package", entity: "requests" }],
    ["https://pypi.org/project/numpy/2.0.0/", { kind: "package", entity: "numpy" }],
    ["https://pypi.org/search/?q=sqlite", { kind: "search", entity: "sqlite" }],
    ["https://pypi.org/user/gvanrossum/", { kind: "profile", entity: "gvanrossum" }],
    ["https://pypi.org/account/login/", { kind: "sign_in" }],
    ["https://pypi.org/", null],
  ],
} satisfies SiteParser;
