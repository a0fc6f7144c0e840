/**
 * Supabase (supabase.com): dashboard projects, table editor, logs and docs.
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
  const s = segments(url).map(decode);
  const [first, second, project, section, id] = s;
  if (first === "docs") return ref("docs", s.slice(1, 3).join("/") || undefined);
  if (first !== "dashboard") return null;
  if (second === "sign-in" || second === "sign-up") return ref("sign_in");
  if (second !== "project" || !project) return ref("dashboard", second ?? "projects");
  if (section === "editor") return ref("table", id ? `${project}/${id}` : project);
  if (section === "logs") return ref("logs", project);
  return ref("project", project);
}

export default {
  hosts: ["supabase.com"],
  parse,
  examples: [
    ["https://supabase.com/dashboard/project/abcdefghijklmnop", {
      kind: "project",
      entity: "abcdefghijklmnop",
    }],
    ["https://supabase.com/dashboard/project/abcdefghijklmnop/editor/29184", {
      kind: "table",
      entity: "abcdefghijklmnop/29184",
    }],
    ["https://supabase.com/dashboard/project/abcdefghijklmnop/logs/explorer", {
      kind: "logs",
      entity: "abcdefghijklmnop",
    }],
    ["https://supabase.com/dashboard/projects", { kind: "dashboard", entity: "projects" }],
    ["https://supabase.com/dashboard/sign-in", { kind: "sign_in" }],
    ["https://supabase.com/docs/guides/auth", { kind: "docs", entity: "guides/auth" }],
    ["https://supabase.com/pricing", null],
  ],
} satisfies SiteParser;
