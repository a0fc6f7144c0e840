/**
 * Kaggle (kaggle.com): competitions, datasets, notebooks, models, profiles.
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
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet(
  "account code competitions c datasets discussions docs learn models search settings work",
);

function parse(url: URL): PageRef | null {
  const [first, a, b] = segments(url).map(decode);
  if (first === undefined) return null;
  switch (first) {
    case "competitions":
    case "c":
      return a ? ref("competition", a) : ref("feed", "competitions");
    case "datasets":
      return a && b ? ref("dataset", `${a}/${b}`) : ref("feed", "datasets");
    case "code":
      return a && b ? ref("notebook", `${a}/${b}`) : ref("feed", "code");
    case "models":
      return a && b ? ref("model", `${a}/${b}`) : ref("feed", "models");
    case "discussions":
      return ref("post", b);
    case "search":
      return ref("search", param(url, "q"));
    case "account":
      return a === "login" ? ref("sign_in") : ref("dashboard", "account");
    case "settings":
    case "work":
      return ref("dashboard", first);
  }
  if (RESERVED.has(first)) return null;
  return a === "code" && b ? ref("notebook", `${first}/${b}`) : ref("profile", first);
}

export default {
  hosts: ["kaggle.com"],
  parse,
  examples: [
    ["https://www.kaggle.com/competitions/titanic", { kind: "competition", entity: "titanic" }],
    ["https://www.kaggle.com/datasets/zillow/zecon", { kind: "dataset", entity: "zillow/zecon" }],
    ["https://www.kaggle.com/code/jane/eda-titanic", {
      kind: "notebook",
      entity: "jane/eda-titanic",
    }],
    ["https://www.kaggle.com/models/google/gemma", { kind: "model", entity: "google/gemma" }],
    ["https://www.kaggle.com/jane", { kind: "profile", entity: "jane" }],
    ["https://www.kaggle.com/account/login", { kind: "sign_in" }],
    ["https://www.kaggle.com/", null],
    ["https://www.kaggle.com/learn", null],
  ],
} satisfies SiteParser;
