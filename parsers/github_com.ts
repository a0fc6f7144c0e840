/**
 * GitHub (github.com): users and organisations, repositories, pull requests, issues,
 * commits, files, CI runs and releases. `gist.github.com` and `docs.github.com` have
 * their own parsers.
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
  wordSet,
} from "../src/entities/parser_kit.ts";

// First path segments that are GitHub's own pages, not user or organisation names.
const RESERVED = wordSet(
  "about account apps codespaces collections contact copilot customer-stories dashboard",
  "enterprise events explore features home issues join login logout marketplace new",
  "notifications orgs organizations pricing pulls readme search security sessions settings",
  "signup site sponsors stars team topics trending watching",
);
const DASHBOARD = wordSet("codespaces dashboard issues notifications pulls settings stars");

function parse(url: URL): PageRef | null {
  const s = segments(url);
  const [owner, name, section, id] = s;
  if (owner === undefined) return null;
  if (owner === "search") return ref("search", param(url, "q"));
  if (owner === "login" || owner === "signup" || owner === "sessions") return ref("sign_in");
  if (DASHBOARD.has(owner)) return ref("dashboard", owner);
  if (owner === "orgs" && name !== undefined) return ref("user", decode(name));
  if (owner === "topics" && name !== undefined) return ref("topic", decode(name));
  if (RESERVED.has(owner)) return null;
  if (name === undefined) return ref("user", decode(owner));
  const repo = `${decode(owner)}/${decode(name)}`;
  switch (section) {
    case "pull":
      return id ? ref("pull_request", `${repo}#${id}`) : ref("repo", repo);
    case "issues":
      return id && /^\d+$/.test(id) ? ref("issue", `${repo}#${id}`) : ref("repo", repo);
    case "commit":
      return id ? ref("commit", `${repo}@${id.slice(0, 7)}`) : ref("repo", repo);
    case "compare":
      return id ? ref("commit", `${repo}@${decode(s.slice(3).join("/"))}`) : ref("repo", repo);
    case "blob":
    case "tree": {
      const path = s.slice(4).map(decode).join("/");
      return path ? ref("source_file", `${repo}/${path}`) : ref("repo", repo);
    }
    case "actions":
      return s[3] === "runs" && s[4] ? ref("ci_run", `${repo} run ${s[4]}`) : ref("ci_run", repo);
    case "releases":
      return id === "tag" && s[4]
        ? ref("release", `${repo}@${decode(s[4])}`)
        : ref("release", repo);
    case "discussions":
      return id && /^\d+$/.test(id) ? ref("post", `${repo}#${id}`) : ref("repo", repo);
    case "wiki":
      return ref("docs", id ? `${repo} wiki: ${words(id)}` : `${repo} wiki`);
    case "settings":
      return ref("dashboard", repo);
    default:
      return ref("repo", repo);
  }
}

export default {
  hosts: ["github.com"],
  parse,
  examples: [
    ["https://github.com/acme/api/pull/412", { kind: "pull_request", entity: "acme/api#412" }],
    ["https://github.com/acme/api/pull/412/files", {
      kind: "pull_request",
      entity: "acme/api#412",
    }],
    ["https://github.com/acme", { kind: "user", entity: "acme" }],
    ["https://github.com/acme/api", { kind: "repo", entity: "acme/api" }],
    ["https://github.com/acme/api/issues/7", { kind: "issue", entity: "acme/api#7" }],
    ["https://github.com/acme/api/issues?q=is%3Aopen", { kind: "repo", entity: "acme/api" }],
    ["https://github.com/acme/api/commit/0123456789abcdef", {
      kind: "commit",
      entity: "acme/api@0123456",
    }],
    ["https://github.com/acme/api/blob/main/src/app.ts", {
      kind: "source_file",
      entity: "acme/api/src/app.ts",
    }],
    ["https://github.com/acme/api/tree/main", { kind: "repo", entity: "acme/api" }],
    ["https://github.com/acme/api/actions/runs/99", { kind: "ci_run", entity: "acme/api run 99" }],
    ["https://github.com/acme/api/releases/tag/v1.2.0", {
      kind: "release",
      entity: "acme/api@v1.2.0",
    }],
    ["https://github.com/search?q=deno+sqlite&type=code", {
      kind: "search",
      entity: "deno sqlite",
    }],
    ["https://github.com/notifications", { kind: "dashboard", entity: "notifications" }],
    ["https://github.com/orgs/acme/people", { kind: "user", entity: "acme" }],
    ["https://github.com/login", { kind: "sign_in" }],
    ["https://github.com/", null],
    ["https://github.com/marketplace/actions/checkout", null],
  ],
} satisfies SiteParser;
