// writeOutput() (src/cli/_output.ts) skips the sanitiser's second pass for a text in which
// hasUnsafeText() finds nothing. That holds only while every escape sequence terminalText()
// removes starts with a character hasUnsafeText() finds: checked here on seeded strings.

import { equal } from "node:assert/strict";
import { join } from "node:path";
import { writeOutput } from "../src/cli/_output.ts";
import { hasUnsafeText, terminalText } from "../src/text/sanitize.ts";

const POOL = [
  "a",
  "Z",
  " ",
  "\n",
  "\t",
  "\r",
  "ä",
  "€",
  "𝄞",
  "[",
  "]",
  "\\",
  "P",
  "X",
  "^",
  "_",
  "0",
  ";",
  "\u001b",
  "\u009b",
  "\u009d",
  "\u009c",
  "\u0007",
  "\u007f",
  "\u0085",
  "\u2028",
  "\u202e",
  "\u2066",
  "\u200f",
  "\u061c",
  "\u0000",
  "\ufeff",
  "\ud800",
];

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

Deno.test("a text hasUnsafeText() passes is one terminalText() leaves as it is", () => {
  const next = seeded(19);
  let clean = 0;
  for (let i = 0; i < 20_000; i++) {
    let s = "";
    const n = 1 + Math.floor(next() * 12);
    for (let j = 0; j < n; j++) s += POOL[Math.floor(next() * POOL.length)];
    if (hasUnsafeText(s)) continue;
    clean++;
    equal(terminalText(s), s, JSON.stringify(s));
  }
  equal(clean > 1000, true, `only ${clean} clean strings were tried`);
});

Deno.test("writeOutput() writes what terminalText() makes of the text, hostile or plain", async () => {
  const dir = await Deno.makeTempDir({ prefix: "frames-output-test-" });
  try {
    for (
      const text of ['{"t":"plain ä"}\n', "a\u001b[31mred\u001b]0;x\u0007\u202e\n", "x\r\ny\rz"]
    ) {
      const path = join(dir, "out.txt");
      await writeOutput(text, path);
      equal(await Deno.readTextFile(path), terminalText(text));
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeOutput() to standard output delivers every byte through a slow pipe", async () => {
  const text = "ä€𝄞 line\n".repeat(60_000); // ~1 MB: many times a pipe's buffer
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `import { writeOutput } from ${
        JSON.stringify(new URL("../src/cli/_output.ts", import.meta.url).href)
      };
       await writeOutput(${JSON.stringify("ä€𝄞 line\n")}.repeat(60_000), undefined);`,
    ],
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const chunks: Uint8Array[] = [];
  for await (const chunk of child.stdout) {
    chunks.push(chunk);
    await new Promise((r) => setTimeout(r, 1)); // the writer finds the pipe full
  }
  const status = await child.status;
  const err = new TextDecoder().decode(await new Response(child.stderr).arrayBuffer());
  equal(status.code, 0, err);
  const got = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) got.set(c, (at += c.length) - c.length);
  equal(new TextDecoder().decode(got), text);
});
