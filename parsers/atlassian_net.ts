/**
 * Jira Cloud and Confluence Cloud (*.atlassian.net): issues by key (`PROJ-12`), boards,
 * JQL searches, Confluence pages by title and spaces by key.
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

const ISSUE_KEY = /^[A-Z][A-Z0-9_]+-\d+$/;

function parse(url: URL): PageRef | null {
  const s = segments(url).map(decode);
  const selected = param(url, "selectedIssue");
  if (s[0] === "wiki") return confluence(url, s.slice(1));
  if (s[0] === "browse" && s[1] && ISSUE_KEY.test(s[1])) return ref("issue", s[1]);
  if (selected && ISSUE_KEY.test(selected)) return ref("issue", selected);
  if (s[0] === "issues" || (s[0] === "jira" && s.at(-1) === "issues")) {
    return ref("search", param(url, "jql"));
  }
  if (s[0] === "jira") {
    const p = s.indexOf("projects");
    if (p >= 0 && s[p + 1]) return ref("board", s[p + 1]);
    return ref("dashboard", s[1] ?? "jira");
  }
  if (s[0] === "login") return ref("sign_in");
  return null;
}

function confluence(url: URL, s: string[]): PageRef | null {
  const [section, key, kind] = s;
  if (section === "search") return ref("search", param(url, "text"));
  if (section === "home") return ref("dashboard", "wiki");
  if (section === "x" && key) return ref("doc", key);
  if (section !== "spaces" || !key) return null;
  if (kind === "pages" && s[3]) return ref("doc", s[4] ? words(s[4]) : s[3]);
  if (kind === "blog") {
    const title = s.at(-1) ?? "";
    return ref("article", /^\d+$/.test(title) ? title : words(title));
  }
  return ref("space", key);
}

export default {
  hosts: ["*.atlassian.net"],
  parse,
  examples: [
    ["https://acme.atlassian.net/browse/PROJ-12", { kind: "issue", entity: "PROJ-12" }],
    ["https://acme.atlassian.net/jira/software/projects/PROJ/boards/1", {
      kind: "board",
      entity: "PROJ",
    }],
    ["https://acme.atlassian.net/jira/software/projects/PROJ/boards/1?selectedIssue=PROJ-7", {
      kind: "issue",
      entity: "PROJ-7",
    }],
    ["https://acme.atlassian.net/issues/?jql=assignee%20%3D%20currentUser()", {
      kind: "search",
      entity: "assignee = currentUser()",
    }],
    ["https://acme.atlassian.net/jira/your-work", { kind: "dashboard", entity: "your-work" }],
    ["https://acme.atlassian.net/wiki/spaces/ENG/pages/123456/Release+Checklist", {
      kind: "doc",
      entity: "Release Checklist",
    }],
    ["https://acme.atlassian.net/wiki/spaces/ENG/overview", { kind: "space", entity: "ENG" }],
    ["https://acme.atlassian.net/wiki/search?text=onboarding", {
      kind: "search",
      entity: "onboarding",
    }],
    ["https://acme.atlassian.net/wiki/spaces/ENG/blog/2026/07/01/42/Q3+Plans", {
      kind: "article",
      entity: "Q3 Plans",
    }],
    ["https://acme.atlassian.net/", null],
  ],
} satisfies SiteParser;
