/**
 * The shared parser test: every file under `parsers/` is loaded by convention and runs its
 * own examples; a new parser needs no edit here.
 */

import assert from "node:assert/strict";
import {
  findParser,
  formatFailure,
  isKind,
  loadParsers,
  typePageDetailed,
  verifyParser,
} from "../src/entities/mod.ts";

const registry = await loadParsers();

Deno.test("verifyParser() passes every example of every parser file", async (t) => {
  assert.ok(registry.parsers.length >= 60, `only ${registry.parsers.length} parsers`);
  for (const parser of registry.parsers) {
    await t.step(parser.file, () => {
      const failures = verifyParser(parser, registry);
      assert.deepEqual(failures.map(formatFailure), []);
    });
  }
});

Deno.test("loadParsers() gives every parser a typed example and a null example", () => {
  for (const parser of registry.parsers) {
    const expected = parser.examples.map(([, e]) => e);
    assert.ok(expected.some((e) => e === null), `${parser.file} has no null example`);
    assert.ok(expected.some((e) => e !== null), `${parser.file} has no typed example`);
    for (const e of expected) {
      if (e !== null) assert.ok(isKind(e.kind), `${parser.file}: unregistered kind ${e.kind}`);
    }
  }
});

Deno.test("typePageDetailed() credits a parser's typed examples to that parser", () => {
  for (const parser of registry.parsers) {
    for (const [url, expected] of parser.examples) {
      if (expected === null) continue;
      const typed = typePageDetailed(url, registry);
      assert.equal(typed.layer, "parser", `${parser.file}: ${url}`);
      assert.equal(typed.parser, parser.file, url);
      assert.equal(typed.kind, expected.kind, url);
    }
  }
});

Deno.test("typePageDetailed() sends a parser's null examples to the generic layers", () => {
  for (const parser of registry.parsers) {
    for (const [url, expected] of parser.examples) {
      if (expected !== null) continue;
      assert.notEqual(typePageDetailed(url, registry).layer, "parser", `${parser.file}: ${url}`);
    }
  }
});

Deno.test("loadParsers() lists parser files in code-unit order", () => {
  const files = registry.parsers.map((p) => p.file);
  assert.deepEqual(files, [...files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  assert.equal(new Set(files).size, files.length);
});

Deno.test("findParser() finds a parser for every site issue 3 names", () => {
  const hosts = [
    "bitbucket.org",
    "gist.github.com",
    "npmjs.com",
    "pypi.org",
    "crates.io",
    "docs.rs",
    "developer.mozilla.org",
    "en.wikipedia.org",
    "news.ycombinator.com",
    "acme.atlassian.net",
    "app.asana.com",
    "trello.com",
    "app.clickup.com",
    "acme.monday.com",
    "airtable.com",
    "drive.google.com",
    "dropbox.com",
    "app.box.com",
    "acme.sharepoint.com",
    "outlook.office.com",
    "teams.microsoft.com",
    "zoom.us",
    "calendly.com",
    "app.hubspot.com",
    "acme.lightning.force.com",
    "acme.zendesk.com",
    "app.intercom.com",
    "amazon.com",
    "ebay.com",
    "booking.com",
    "google.com",
    "open.spotify.com",
    "netflix.com",
    "twitch.tv",
    "medium.com",
    "acme.substack.com",
    "dev.to",
    "arxiv.org",
    "semanticscholar.org",
    "huggingface.co",
    "kaggle.com",
    "vercel.com",
    "app.netlify.com",
    "us-east-1.console.aws.amazon.com",
    "console.cloud.google.com",
    "portal.azure.com",
    "dash.cloudflare.com",
    "app.datadoghq.com",
    "acme.sentry.io",
    "acme.grafana.net",
    "perplexity.ai",
    "gemini.google.com",
    "chatgpt.com",
    "claude.ai",
    "linkedin.com",
    "github.com",
    "gitlab.com",
    "docs.google.com",
    "mail.google.com",
    "meet.google.com",
    "calendar.google.com",
    "youtube.com",
    "x.com",
    "twitter.com",
    "instagram.com",
    "reddit.com",
    "stackoverflow.com",
    "lu.ma",
    "partiful.com",
    "producthunt.com",
    "supabase.com",
    "dashboard.stripe.com",
    "discord.com",
    "app.slack.com",
    "notion.so",
    "figma.com",
    "linear.app",
    "localhost",
    "crunchbase.com",
  ];
  const missing = hosts.filter((host) => findParser(registry, host) === undefined);
  assert.deepEqual(missing, []);
});
