/**
 * Issue 14, "Text that reaches a terminal, a prompt or a Markdown viewer": every text
 * output of a real `frames` process over a store of hostile titles holds no escape
 * sequence, control or bidi character; JSON keeps the data (escaped); a NUL does not cut a
 * title; Markdown escapes markup and caps a title at 300 characters; an error that quotes
 * its input is one inert line.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { runFrames } from "../_frames.ts";
import { DAY, HOSTILE, UNSAFE, writeHostileStore } from "./_hostile.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_text_outputs_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const home = join(dir, "home");
await Deno.mkdir(join(home, ".frames"), { recursive: true });
const store = writeHostileStore(dir);
const WINDOW = ["--source", `native:${store}`, "--day", DAY, "--tz", "UTC"];

async function out(args: string[]): Promise<string> {
  const r = await runFrames(args, { home });
  assert.equal(r.code, 0, `frames ${args.join(" ")}: ${r.stderr}`);
  assert.ok(!UNSAFE.test(r.stderr), `stderr of ${args[0]} is inert`);
  return r.stdout;
}

function assertInert(text: string, what: string): void {
  const m = UNSAFE.exec(text);
  assert.equal(m, null, `${what}: U+${m?.[0].charCodeAt(0).toString(16)} at ${m?.index}`);
  assert.ok(!text.includes("\u001b"), `${what}: no ESC`);
}

const TEXT_OUTPUTS: [string, string[]][] = [
  ["compile -f md", ["compile", ...WINDOW, "-f", "md", "--min-minutes", "0"]],
  ["compile -f context", ["compile", ...WINDOW, "-f", "context", "--min-minutes", "0"]],
  ["compile -f yaml", ["compile", ...WINDOW, "-f", "yaml"]],
  ["compile -f json", ["compile", ...WINDOW, "-f", "json"]],
  ["apps", ["apps", ...WINDOW]],
  ["apps --json", ["apps", ...WINDOW, "--json"]],
  ["steps", ["steps", ...WINDOW, "--frame", "monitor_1:3"]],
  ["steps --json", ["steps", ...WINDOW, "--frame", "monitor_1:5", "--json"]],
  ["patterns", [
    "patterns",
    "--source",
    `native:${store}`,
    "--from",
    DAY,
    "--to",
    DAY,
    "--tz",
    "UTC",
  ]],
];

for (const [what, args] of TEXT_OUTPUTS) {
  Deno.test(`frames ${what} prints no control, escape or bidi character from hostile titles`, async () => {
    assertInert(await out(args), what);
  });
}

Deno.test("frames compile -f json keeps hostile titles whole, escaped (a NUL does not cut one)", async () => {
  const text = await out(["compile", ...WINDOW, "-f", "json", "--min-minutes", "0"]);
  assert.ok(text.includes("\\u202e"), "a bidi override is written as an escape");
  assert.ok(text.includes("\\u0000"), "a NUL is written as an escape");
  const doc = JSON.parse(text);
  const windows: string[] = doc.frames.flatMap((f: { windows: string[] }) => f.windows);
  for (const title of [HOSTILE.bidi, HOSTILE.nul, HOSTILE.backspace]) {
    assert.ok(windows.includes(title), `the data is kept: ${JSON.stringify(title)}`);
  }
});

Deno.test("frames compile -f yaml keeps hostile titles whole, escaped", async () => {
  const { parse } = await import("yaml");
  const doc = parse(await out(["compile", ...WINDOW, "-f", "yaml", "--min-minutes", "0"]));
  const windows: string[] = doc.frames.flatMap((f: { windows: string[] }) => f.windows);
  assert.ok(windows.includes(HOSTILE.bidi), "bidi title read back whole");
  assert.ok(windows.includes(HOSTILE.nul), "NUL title read back whole");
});

Deno.test("frames compile -f md shows the text after a NUL, escapes markup, caps long titles", async () => {
  const md = await out(["compile", ...WINDOW, "-f", "md", "--min-minutes", "0"]);
  assert.ok(md.includes("after the nul"), "a NUL does not truncate a title");
  assert.ok(!/\]\(javascript:/i.test(md.replaceAll("\\]", "")), "no javascript: link forms");
  assert.ok(!/(?<!\\)<img/.test(md), "no raw HTML tag (only an escaped \\<img)");
  assert.ok(md.includes("\\<img"), "the tag is shown escaped");
  assert.ok(md.includes("\\[click\\]"), md);
  assert.ok(!md.includes(HOSTILE.long.slice(0, 301)), "a 1000-character title is capped");
  assert.ok(md.includes(HOSTILE.long.slice(0, 299) + "…"), "… with an ellipsis at 300");
});

Deno.test("frames compile -f context caps every name at 300 characters", async () => {
  const block = await out(["compile", ...WINDOW, "-f", "context", "--min-minutes", "0"]);
  for (const line of block.split("\n")) {
    assert.ok(!line.includes("o".repeat(300)), "no 300-character run survives");
  }
  assert.ok(block.includes("after the nul") || block.includes("App nul"), block);
});

Deno.test("an error message that quotes a hostile path is one inert line", async () => {
  const r = await runFrames(
    [
      "compile",
      "--source",
      "native:/nope/\u001b]8;;https://evil.test\u0007x\u202e\ny.db",
      "--day",
      DAY,
    ],
    { home },
  );
  assert.notEqual(r.code, 0);
  assertInert(r.stderr, "stderr");
  assert.equal(r.stderr.trimEnd().split("\n").length, 1, r.stderr);
});
