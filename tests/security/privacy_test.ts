/**
 * Issue 14, "Show what was withheld": `frames privacy` over a store with planted secrets,
 * excluded windows and typed runs reports, per day and rule, exactly what was planted —
 * counts, rows and the frames touched — and never the secret itself; the Markdown report
 * and the context block's coverage line say how much was withheld.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { runFrames } from "../_frames.ts";
import { DAY, PLANTED, SECRETS, writeHostileStore } from "./_hostile.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_privacy_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const home = join(dir, "home");
await Deno.mkdir(join(home, ".frames"), { recursive: true });
const store = writeHostileStore(dir);
const WINDOW = ["--source", `native:${store}`, "--day", DAY, "--tz", "UTC"];

interface Rule {
  rule: string;
  count: number;
  rows: number;
  frames: string[];
}

async function run(args: string[]): Promise<string> {
  const r = await runFrames(args, { home });
  assert.equal(r.code, 0, r.stderr);
  for (const secret of Object.values(SECRETS)) {
    assert.ok(!r.stdout.includes(secret), `frames ${args[0]} never shows a withheld value`);
  }
  return r.stdout;
}

Deno.test("frames privacy --json counts every planted exclusion, typed run and secret by rule", async () => {
  const report = JSON.parse(await run(["privacy", ...WINDOW, "--json"]));
  assert.equal(report.days.length, 1);
  const day = report.days[0];
  assert.equal(day.day, DAY);
  const by = (list: Rule[]) => Object.fromEntries(list.map((r) => [r.rule, r]));
  const excluded = by(day.excluded);
  for (const [kind, n] of Object.entries(PLANTED.excluded)) {
    assert.equal(excluded[kind]?.count ?? 0, n, `excluded ${kind}`);
    if (n > 0) assert.ok(excluded[kind].frames.length >= 1, `excluded ${kind} names its frames`);
  }
  assert.equal(by(day.typed_text).not_loaded.count, PLANTED.typed);
  assert.equal(by(day.typed_text).not_loaded.frames.length, 1, "both runs are in one frame");
  const redacted = by(day.redacted);
  assert.equal(redacted.named_parameter.count, PLANTED.named);
  assert.equal(redacted.named_parameter.rows, PLANTED.named);
  assert.equal(redacted.credential_shape.count, PLANTED.shape);
  assert.equal(redacted.title_token.count, PLANTED.titleToken);
  assert.equal(redacted.user_info.count, PLANTED.userInfo);
  for (const r of day.redacted as Rule[]) {
    assert.ok(r.frames.every((f) => /^monitor_1:\d+$/.test(f)), `${r.rule}: frame ids`);
  }
  const planted = Object.values(PLANTED.excluded).reduce((a, b) => a + b, 0) + PLANTED.typed +
    PLANTED.named + PLANTED.shape + PLANTED.titleToken + PLANTED.userInfo;
  assert.equal(day.total, planted);
  assert.equal(report.total, planted);
  assert.equal(report.include_text, false);
});

Deno.test("frames privacy -f md is a report of counts and frames", async () => {
  const md = await run(["privacy", ...WINDOW]);
  assert.match(md, new RegExp(`^## ${DAY}$`, "m"));
  assert.match(md, /\| excluded app \| 3 \| 3 \| /);
  assert.match(md, /\| private \/ incognito window \| 2 \| 2 \| /);
  assert.match(md, /\| typed text not loaded \| 2 \| 2 \| 1: `monitor_1:\d+` \|/);
  assert.match(md, /\| redacted: named parameter \| 2 \| 2 \| /);
});

Deno.test("the Markdown report and the context block's coverage line say how much was withheld", async () => {
  const md = await run(["compile", ...WINDOW, "-f", "md"]);
  assert.match(
    md,
    /^- Withheld: 6 excluded rows \(app 3, private 2, title 1\), 2 typed runs not loaded, 5 redacted parts/m,
  );
  const block = await run(["context", ...WINDOW]);
  const coverage = block.split("\n").find((l) => l.startsWith("coverage: "))!;
  assert.match(coverage, /; withheld: 6 excluded rows, 2 typed runs not loaded, 5 redacted parts$/);
});
