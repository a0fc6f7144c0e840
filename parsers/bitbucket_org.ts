/**
 * Bitbucket Cloud (bitbucket.org): repositories, pull requests, files, commits, issues
 * and pipelines.
 *
 * @module
 */

import {
  decode,
  type PageRef,
  ref,
  segments,
  type SiteParser,
  wordSet,
} from "../src/entities/parser_kit.ts";

const RESERVED = wordSet("account blog product repo site socialauth support");

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [ws, name, section, id] = s;
  if (ws === undefined) return null;
  if (ws === "account" && (name === "signin" || name === "signup")) return ref("sign_in");
  if (ws === "dashboard") return ref("dashboard", name);
  if (RESERVED.has(ws)) return null;
  if (name === undefined) return ref("user", ws);
  const repo = `${ws}/${name}`;
  switch (section) {
    case "pull-requests":
      return id && /^\d+$/.test(id) ? ref("pull_request", `${repo}#${id}`) : ref("repo", repo);
    case "issues":
      return id && /^\d+$/.test(id) ? ref("issue", `${repo}#${id}`) : ref("repo", repo);
    case "commits":
      return id ? ref("commit", `${repo}@${id.slice(0, 7)}`) : ref("repo", repo);
    case "src": {
      const path = s.slice(4).join("/");
      return path ? ref("source_file", `${repo}/${path}`) : ref("repo", repo);
    }
    case "pipelines":
      return ref("ci_run", s[4] ? `${repo} pipeline ${s[4]}` : repo);
    default:
      return ref("repo", repo);
  }
}

export default {
  hosts: ["bitbucket.org"],
  parse,
  examples: [
    ["https://bitbucket.org/acme/api/pull-requests/5", {
      kind: "pull_request",
      entity: "acme/api#5",
    }],
    ["https://bitbucket.org/acme/api", { kind: "repo", entity: "acme/api" }],
    ["https://bitbucket.org/acme/api/src/main/app/models.py", {
      kind: "source_file",
      entity: "acme/api/app/models.py",
    }],
    ["https://bitbucket.org/acme/api/commits/0123456789", {
      kind: "commit",
      entity: "acme/api@0123456",
    }],
    ["https://bitbucket.org/acme/api/pipelines/results/12", {
      kind: "ci_run",
      entity: "acme/api pipeline 12",
    }],
    ["https://bitbucket.org/acme", { kind: "user", entity: "acme" }],
    ["https://bitbucket.org/account/signin/", { kind: "sign_in" }],
    ["https://bitbucket.org/", null],
    ["https://bitbucket.org/product/features", null],
  ],
} satisfies SiteParser;
