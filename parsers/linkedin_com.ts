/**
 * LinkedIn (linkedin.com): profiles, companies, posts, jobs, messaging and searches.
 * People searches are `people_search`; every other search vertical is `search`.
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
  const s = segments(url);
  const [first, second, third] = s;
  switch (first) {
    case "search":
      if (second !== "results") return null;
      return ref(third === "people" ? "people_search" : "search", param(url, "keywords"));
    case "in":
      return second ? ref("profile", decode(second)) : null;
    case "company":
    case "school":
    case "showcase":
      return second ? ref("company", decode(second)) : null;
    case "feed":
      if (second === "update" && third) return ref("post", decode(third));
      return ref("feed", "home");
    case "posts":
      return second ? ref("post", decode(second)) : null;
    case "pulse":
      return second ? ref("article", words(second)) : null;
    case "jobs":
      if (second === "view" && third) return ref("job", third);
      if (second === "search" || second === "search-results") {
        return ref("search", param(url, "keywords"));
      }
      return ref("dashboard", "jobs");
    case "messaging":
      return ref("messaging", second === "thread" && third ? third : undefined);
    case "groups":
      return second ? ref("community", decode(second)) : null;
    case "events":
      return second ? ref("event", decode(second)) : null;
    case "mynetwork":
    case "notifications":
    case "my-items":
      return ref("dashboard", first);
    case "login":
    case "signup":
    case "checkpoint":
    case "uas":
      return ref("sign_in");
    default:
      return null;
  }
}

export default {
  hosts: ["linkedin.com"],
  parse,
  examples: [
    ["https://www.linkedin.com/search/results/people/?keywords=cto%20berlin", {
      kind: "people_search",
      entity: "cto berlin",
    }],
    ["https://www.linkedin.com/search/results/all/?keywords=deno", {
      kind: "search",
      entity: "deno",
    }],
    ["https://www.linkedin.com/search/results/companies/?keywords=acme", {
      kind: "search",
      entity: "acme",
    }],
    ["https://www.linkedin.com/in/jane-doe/", { kind: "profile", entity: "jane-doe" }],
    ["https://www.linkedin.com/company/acme/about/", { kind: "company", entity: "acme" }],
    ["https://www.linkedin.com/feed/", { kind: "feed", entity: "home" }],
    ["https://www.linkedin.com/feed/update/urn:li:activity:7100/", {
      kind: "post",
      entity: "urn:li:activity:7100",
    }],
    ["https://www.linkedin.com/jobs/view/3901234567/", { kind: "job", entity: "3901234567" }],
    ["https://www.linkedin.com/messaging/thread/2-abc/", { kind: "messaging", entity: "2-abc" }],
    ["https://www.linkedin.com/pulse/why-deno-wins-jane-doe", {
      kind: "article",
      entity: "why deno wins jane doe",
    }],
    ["https://www.linkedin.com/login", { kind: "sign_in" }],
    ["https://www.linkedin.com/", null],
    ["https://www.linkedin.com/help/linkedin", null],
  ],
} satisfies SiteParser;
