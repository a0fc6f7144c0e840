/**
 * The golden URL vectors of REFERENCE.md and the reference implementation's parser
 * misfires (defect 11), typed through the full layer stack.
 */

import assert from "node:assert/strict";
import { loadParsers, loadTyper, type PageRef, typePageDetailed } from "../src/entities/mod.ts";

const typer = await loadTyper();
const registry = await loadParsers();

// `entity: undefined` means the reference table gives only the kind.
const GOLDEN: [string, PageRef][] = [
  ["https://www.linkedin.com/search/results/people/?keywords=cto%20berlin", {
    kind: "people_search",
    entity: "cto berlin",
  }],
  ["https://github.com/acme/api/pull/412", { kind: "pull_request", entity: "acme/api#412" }],
  ["https://github.com/acme", { kind: "user", entity: "acme" }],
  ["https://www.google.com/search?q=deno+sqlite", { kind: "search", entity: "deno sqlite" }],
  ["https://docs.google.com/spreadsheets/d/1abc/edit", { kind: "sheet" }],
  ["https://mail.google.com/mail/u/0/#inbox", { kind: "email" }],
  ["https://www.youtube.com/@fireship", { kind: "channel", entity: "@fireship" }],
  ["https://www.reddit.com/r/rust/comments/abc/why_is_rust_hard/", {
    kind: "post",
    entity: "why is rust hard",
  }],
  ["https://app.slack.com/client/T123/C456", { kind: "messaging", entity: "T123/C456" }],
  ["https://www.notion.so/My-Page-0123456789abcdef", { kind: "doc", entity: "My Page" }],
  ["https://linear.app/acme/issue/ENG-123/fix-bug", { kind: "issue", entity: "ENG-123" }],
  ["https://gitlab.com/grp/sub/repo/-/merge_requests/7", {
    kind: "merge_request",
    entity: "grp/sub/repo!7",
  }],
  ["https://acme.atlassian.net/browse/PROJ-12", { kind: "issue", entity: "PROJ-12" }],
  ["http://localhost:3000/api/users", { kind: "local_dev", entity: "api/users" }],
  ["https://example.com/?q=hello", { kind: "search", entity: "hello" }],
  ["https://accounts.example.com/login", { kind: "sign_in" }],
  ["https://app.example.com/projects", { kind: "dashboard", entity: "projects" }],
  ["https://zoom.us/j/123", { kind: "meeting" }],
  ["https://www.bbc.co.uk/news", { kind: "page", entity: "news" }],
];

Deno.test("loadTyper() types every REFERENCE.md golden vector", () => {
  for (const [url, expected] of GOLDEN) {
    const actual = typer(url);
    assert.equal(actual.kind, expected.kind, url);
    if (expected.entity !== undefined) assert.equal(actual.entity, expected.entity, url);
  }
});

Deno.test("loadTyper() types about:blank as a page without an entity", () => {
  assert.deepEqual(typer("about:blank"), { kind: "page" });
});

Deno.test("typePageDetailed() keeps gist.github.com and docs.github.com out of the GitHub parser", () => {
  const gist = typePageDetailed("https://gist.github.com/octocat/6cad326836d38bd3a7ae", registry);
  assert.equal(gist.parser, "gist_github_com.ts");
  assert.equal(gist.kind, "snippet");
  const docs = typePageDetailed("https://docs.github.com/en/actions", registry);
  assert.equal(docs.parser, "docs_github_com.ts");
  assert.deepEqual([docs.kind, docs.entity], ["docs", "actions"]);
  const other = typePageDetailed("https://status.github.com/messages", registry);
  assert.notEqual(other.parser, "github_com.ts");
});

Deno.test("typePageDetailed() understands multi-label public suffixes", () => {
  // `bbc` is the registrable label of bbc.co.uk, not a subdomain; `mail` is one.
  assert.equal(typePageDetailed("https://www.bbc.co.uk/news", registry).layer, "fallback");
  assert.equal(typePageDetailed("https://mail.example.co.uk/", registry).kind, "email");
  assert.equal(
    typePageDetailed("https://www.amazon.co.uk/dp/B08KTZ8249", registry).parser,
    "amazon_com.ts",
  );
});

Deno.test("loadTyper() gives an X post its status id, not its author", () => {
  assert.deepEqual(typer("https://x.com/jack/status/20"), { kind: "post", entity: "20" });
  assert.deepEqual(typer("https://twitter.com/jack/status/20?s=46"), {
    kind: "post",
    entity: "20",
  });
});

Deno.test("loadTyper() gives a Discord channel its channel id, not the guild id", () => {
  assert.deepEqual(typer("https://discord.com/channels/111/222"), {
    kind: "messaging",
    entity: "222",
  });
});

Deno.test("loadTyper() types every LinkedIn search vertical with a stable kind", () => {
  assert.equal(
    typer("https://www.linkedin.com/search/results/people/?keywords=a").kind,
    "people_search",
  );
  for (const vertical of ["all", "companies", "content", "groups", "schools", "events"]) {
    const ref = typer(`https://www.linkedin.com/search/results/${vertical}/?keywords=deno`);
    assert.deepEqual(ref, { kind: "search", entity: "deno" }, vertical);
  }
});
