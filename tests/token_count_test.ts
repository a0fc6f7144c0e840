/**
 * src/text/token_count.ts: the remembered count of a text equals `countTokens` of the whole
 * text, on random texts built to sit on every rule the cuts rely on (line feeds before and
 * after spaces, punctuation before line feeds, letters and digits of every script, JSON
 * escapes, contractions, special tokens) — as plain text and as JSON.
 */
import { equal, throws } from "node:assert/strict";
import { rng } from "./_routines_synth.ts";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import { countTokensCached } from "../src/text/token_count.ts";

/** Pieces the random texts are made of; each sits next to every other somewhere. */
const PARTS = [
  "a",
  "Code",
  "github",
  "é",
  "日本語",
  "\u{1D400}",
  "\u{1D400}x",
  "Ⅻ",
  "٣",
  "²",
  "12",
  "1234567",
  " ",
  "  ",
  "\t",
  "\n",
  "\n\n",
  " \n",
  "\n ",
  "\r\n",
  "\r",
  "\u2028",
  "\u00a0",
  "\u3000",
  ".",
  ")",
  "(",
  "-",
  "- ",
  "—",
  ":",
  "[",
  "]",
  "\\",
  "\\n",
  "\\\\n",
  "\\t",
  '"',
  "'",
  "'s",
  "'S",
  "'ll",
  "'re",
  "x3",
  "🙂",
  "👩‍💻",
  "\u0301",
  "_",
  "/",
  "~",
  "{",
  "}",
  ",",
  ";",
];

function randomText(next: () => number, length: number): string {
  let out = "";
  while (out.length < length) {
    // Lines like the context block's now and then, so the memo is hit as well as missed.
    if (next() < 0.05) out += "- 10:02-10:31 Code/github.com (29m) [monitor_1:1234]: x3\n";
    else out += PARTS[Math.floor(next() * PARTS.length)];
  }
  return out;
}

function same(text: string): void {
  let want: number | Error;
  try {
    want = countTokens(text);
  } catch (err) {
    want = err as Error;
  }
  if (want instanceof Error) {
    throws(() => countTokensCached(text), { message: want.message });
  } else {
    equal(countTokensCached(text), want, JSON.stringify(text));
  }
}

Deno.test("countTokensCached equals countTokens on random plain and JSON texts", () => {
  const next = rng(19);
  for (let i = 0; i < 1500; i++) {
    const text = randomText(next, 200 + Math.floor(next() * 1200));
    same(text);
    same(JSON.stringify({ context: text, n: i }));
    // Twice: the second count comes from the memo.
    same(text);
  }
});

Deno.test("countTokensCached equals countTokens at every cut of a line", () => {
  // Every one-character ending of a line, before every one-character start of the next.
  for (const a of PARTS) {
    for (const b of PARTS) {
      const text = `${"word ".repeat(60)}${a}\n${b}rest of it ${a}\\n${b} more\n`;
      same(text);
      same(JSON.stringify(text));
    }
  }
});

Deno.test("countTokensCached throws on a special token as countTokens does", () => {
  const text = `${"line of text\n".repeat(40)}title <|endoftext|> here\n${"more\n".repeat(20)}`;
  throws(() => countTokens(text));
  same(text);
  same(JSON.stringify({ context: text }));
});
