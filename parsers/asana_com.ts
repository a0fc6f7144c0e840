/**
 * Asana (app.asana.com): tasks and projects in the `/0/…` and `/1/…` URL schemes.
 *
 * @module
 */

import { type PageRef, ref, segments, type SiteParser } from "../src/entities/parser_kit.ts";

const VIEWS = new Set([
  "list",
  "board",
  "timeline",
  "calendar",
  "overview",
  "files",
  "messages",
  "f",
]);
const HOMES = new Set(["home", "inbox", "portfolios", "goals", "reporting", "search", "my-tasks"]);

function parse(url: URL): PageRef | null {
  const s = segments(url);
  if (s[0] === "-" && s[1] === "login") return ref("sign_in");
  if (s[0] === "1") return scheme1(s.slice(2));
  if (s[0] !== "0" || s[1] === undefined) return null;
  const [, project, task] = s;
  if (HOMES.has(project)) return ref("dashboard", project);
  if (task !== undefined && !VIEWS.has(task)) return ref("task", task);
  return ref("project", project);
}

function scheme1(s: string[]): PageRef {
  const task = s.indexOf("task");
  if (task >= 0 && s[task + 1]) return ref("task", s[task + 1]);
  const project = s.indexOf("project");
  if (project >= 0 && s[project + 1]) return ref("project", s[project + 1]);
  return ref("dashboard", s[0]);
}

export default {
  hosts: ["app.asana.com"],
  parse,
  examples: [
    ["https://app.asana.com/0/1200000000000001/1200000000000002", {
      kind: "task",
      entity: "1200000000000002",
    }],
    ["https://app.asana.com/0/1200000000000001/1200000000000002/f", {
      kind: "task",
      entity: "1200000000000002",
    }],
    ["https://app.asana.com/0/1200000000000001/list", {
      kind: "project",
      entity: "1200000000000001",
    }],
    ["https://app.asana.com/0/home/1200000000000009", { kind: "dashboard", entity: "home" }],
    ["https://app.asana.com/1/1100/project/1200/task/1300", { kind: "task", entity: "1300" }],
    ["https://app.asana.com/1/1100/project/1200/list/1400", { kind: "project", entity: "1200" }],
    ["https://app.asana.com/-/login", { kind: "sign_in" }],
    ["https://app.asana.com/", null],
  ],
} satisfies SiteParser;
