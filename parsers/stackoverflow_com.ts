/**
 * Stack Overflow and the Stack Exchange network: questions, tags, users, searches.
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

function parse(url: URL): PageRef | null {
  const [first, second, third] = segments(url);
  switch (first) {
    case "questions":
      if (second === "tagged" && third) return ref("topic", decode(third));
      if (second && /^\d+$/.test(second)) return ref("question", third ? words(third) : second);
      if (second === "ask") return ref("dashboard", "ask");
      return ref("feed", "questions");
    case "q":
    case "a":
      return second ? ref("question", second) : null;
    case "tags":
      return ref("topic", second ? decode(second) : undefined);
    case "search":
      return ref("search", param(url, "q"));
    case "users":
      if (second === "login" || second === "signup") return ref("sign_in");
      return third ? ref("profile", decode(third)) : null;
    default:
      return null;
  }
}

export default {
  hosts: [
    "stackoverflow.com",
    "superuser.com",
    "serverfault.com",
    "askubuntu.com",
    "mathoverflow.net",
    "stackexchange.com",
    "*.stackexchange.com",
  ],
  parse,
  examples: [
    ["https://stackoverflow.com/questions/11227809/why-is-processing-a-sorted-array-faster", {
      kind: "question",
      entity: "why is processing a sorted array faster",
    }],
    ["https://stackoverflow.com/questions/11227809", { kind: "question", entity: "11227809" }],
    ["https://stackoverflow.com/questions/tagged/deno", { kind: "topic", entity: "deno" }],
    ["https://stackoverflow.com/search?q=sqlite+wal", { kind: "search", entity: "sqlite wal" }],
    ["https://stackoverflow.com/users/22656/jon-skeet", { kind: "profile", entity: "jon-skeet" }],
    ["https://unix.stackexchange.com/questions/1/how-to-exit-vim", {
      kind: "question",
      entity: "how to exit vim",
    }],
    ["https://superuser.com/q/42", { kind: "question", entity: "42" }],
    ["https://stackoverflow.com/", null],
  ],
} satisfies SiteParser;
