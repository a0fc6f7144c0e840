/**
 * GitLab (gitlab.com): projects in nested groups, merge requests (`group/project!7`),
 * issues, files, commits and pipelines. Project routes put `/-/` before the section.
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

const RESERVED = wordSet("admin api dashboard explore help profile search users -");

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const [first] = s;
  if (first === undefined) return null;
  if (first === "users" && (s[1] === "sign_in" || s[1] === "sign_up")) return ref("sign_in");
  if (first === "dashboard") return ref("dashboard", s[1]);
  if (first === "search") return ref("search", param(url, "search"));
  if (RESERVED.has(first)) return null;
  const dash = s.indexOf("-");
  if (dash < 0) return s.length === 1 ? ref("user", first) : ref("repo", s.join("/"));
  const project = s.slice(0, dash).join("/");
  const [section, id] = s.slice(dash + 1);
  switch (section) {
    case "merge_requests":
      return id ? ref("merge_request", `${project}!${id}`) : ref("repo", project);
    case "issues":
      return id ? ref("issue", `${project}#${id}`) : ref("repo", project);
    case "commit":
      return id ? ref("commit", `${project}@${id.slice(0, 8)}`) : ref("repo", project);
    case "pipelines":
    case "jobs":
      return ref("ci_run", id ? `${project} ${section.slice(0, -1)} ${id}` : project);
    case "blob":
    case "tree": {
      const path = s.slice(dash + 3).join("/");
      return path ? ref("source_file", `${project}/${path}`) : ref("repo", project);
    }
    case "releases":
    case "tags":
      return ref("release", id ? `${project}@${id}` : project);
    case "settings":
      return ref("dashboard", project);
    default:
      return ref("repo", project);
  }
}

export default {
  hosts: ["gitlab.com"],
  parse,
  examples: [
    ["https://gitlab.com/grp/sub/repo/-/merge_requests/7", {
      kind: "merge_request",
      entity: "grp/sub/repo!7",
    }],
    ["https://gitlab.com/grp/repo/-/issues/12", { kind: "issue", entity: "grp/repo#12" }],
    ["https://gitlab.com/grp/repo/-/blob/main/src/main.rs", {
      kind: "source_file",
      entity: "grp/repo/src/main.rs",
    }],
    ["https://gitlab.com/grp/repo/-/pipelines/991", {
      kind: "ci_run",
      entity: "grp/repo pipeline 991",
    }],
    ["https://gitlab.com/grp/repo/-/commit/0123456789ab", {
      kind: "commit",
      entity: "grp/repo@01234567",
    }],
    ["https://gitlab.com/grp/sub/repo", { kind: "repo", entity: "grp/sub/repo" }],
    ["https://gitlab.com/jdoe", { kind: "user", entity: "jdoe" }],
    ["https://gitlab.com/users/sign_in", { kind: "sign_in" }],
    ["https://gitlab.com/dashboard/merge_requests", {
      kind: "dashboard",
      entity: "merge_requests",
    }],
    ["https://gitlab.com/", null],
    ["https://gitlab.com/explore/projects", null],
  ],
} satisfies SiteParser;
