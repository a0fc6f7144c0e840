/**
 * `frames parsers`: test, list, check and coverage, with standard output captured.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { main } from "../src/cli/parsers.ts";
import { UsageError } from "../src/cli/usage_error.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { KINDS } from "../src/entities/mod.ts";

/** Runs `frames parsers …` and returns its exit code and everything it printed. */
async function run(args: string[]): Promise<{ code: number; out: string }> {
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const write = Deno.stdout.write;
  const log = console.log;
  Deno.stdout.write = (bytes: Uint8Array) => {
    chunks.push(decoder.decode(bytes));
    return Promise.resolve(bytes.length);
  };
  console.log = (...parts: unknown[]) => chunks.push(parts.join(" ") + "\n");
  try {
    const code = await main(args);
    return { code, out: chunks.join("") };
  } finally {
    Deno.stdout.write = write;
    console.log = log;
  }
}

Deno.test("main() test --json prints one redacted object per URL with its layer", async () => {
  const { code, out } = await run([
    "test",
    "--json",
    "https://github.com/acme/api/pull/412",
    "https://zoom.us/j/85512345678?pwd=s3cr3t",
    "about:blank",
  ]);
  assert.equal(code, 0);
  const lines = out.trimEnd().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(lines, [
    {
      url: "https://github.com/acme/api/pull/412",
      kind: "pull_request",
      entity: "acme/api#412",
      layer: "parser",
      parser: "github_com.ts",
    },
    {
      url: "https://zoom.us/j/85512345678?pwd=REDACTED",
      kind: "meeting",
      entity: "85512345678",
      layer: "parser",
      parser: "zoom_us.ts",
    },
    { url: "about:blank", kind: "page", layer: "fallback" },
  ]);
});

Deno.test("main() test prints kind, entity, layer and URL in columns", async () => {
  const { code, out } = await run([
    "test",
    "https://example.com/?q=hello",
    "https://www.bbc.co.uk/news",
  ]);
  assert.equal(code, 0);
  assert.deepEqual(out.split("\n").filter((l) => l), [
    "search  hello  search    https://example.com/?q=hello",
    "page    news   fallback  https://www.bbc.co.uk/news",
  ]);
});

Deno.test("main() list --json maps every host to its parser file and lists the kinds", async () => {
  const { code, out } = await run(["list", "--json"]);
  assert.equal(code, 0);
  const json = JSON.parse(out);
  assert.equal(json.hosts["github.com"], "github_com.ts");
  assert.equal(json.hosts["*.atlassian.net"], "atlassian_net.ts");
  assert.equal(json.kinds.length, KINDS.length);
  assert.ok(json.parsers.length >= 60);
});

Deno.test("main() list prints hosts, then kinds with their meanings", async () => {
  const { out } = await run(["list"]);
  assert.match(out, /^Hosts \(\d+, in \d+ parser files under parsers\/\)\n/);
  assert.match(out, /\n {2}gist\.github\.com +gist_github_com\.ts\n/);
  assert.match(out, /\nKinds \(\d+\)\n {2}ai_chat +a conversation with an AI assistant\n/);
});

Deno.test("main() check runs every example and purity check and exits 0 when all pass", async () => {
  const { code, out } = await run(["check"]);
  assert.equal(code, 0);
  assert.match(out, /^\d+ parsers, \d+ examples: all pass, all pure\n$/);
});

Deno.test("main() throws usage errors for mistakes", async () => {
  await assert.rejects(run(["frobnicate"]), UsageError);
  await assert.rejects(run(["test"]), UsageError);
  await assert.rejects(run(["test", "--nope", "x"]), UsageError);
  await assert.rejects(run(["list", "extra"]), UsageError);
  await assert.rejects(run(["coverage", "--top", "many"]), UsageError);
  assert.equal((await run([])).code, 2);
  assert.equal((await run(["--help"])).code, 0);
  assert.equal((await run(["test", "--help"])).code, 0);
});

Deno.test("main() coverage measures the distinct URLs of a capture window", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames-coverage-" });
  try {
    const path = join(dir, "db.sqlite");
    const summary = writeDemoDatabase(path, { seed: 42, tz: "Europe/Berlin" });
    const { code, out } = await run([
      "coverage",
      "--source",
      `screenpipe:${path}`,
      "--tz",
      "Europe/Berlin",
      "--day",
      summary.busiestDay,
      "--json",
    ]);
    assert.equal(code, 0);
    const report = JSON.parse(out);
    assert.equal(report.window.day, summary.busiestDay);
    assert.ok(report.urls > 0);
    assert.equal(
      report.byLayer.reduce((n: number, l: { count: number }) => n + l.count, 0),
      report.urls,
    );
    assert.ok(report.share > 0.5 && report.share <= 1);
    const text = await run([
      "coverage",
      "--source",
      `screenpipe:${path}`,
      "--tz",
      "Europe/Berlin",
      "--day",
      summary.busiestDay,
    ]);
    assert.match(
      text.out,
      new RegExp(
        `^Parser coverage, ${summary.busiestDay} \\(Europe/Berlin\\): ${report.urls} distinct URLs\\n`,
      ),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
