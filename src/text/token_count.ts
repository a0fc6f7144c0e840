/**
 * cl100k token counts of texts that repeat most of themselves from call to call (the
 * context block, MCP results of a live day): the text is cut where the tokenizer itself
 * must cut, each piece is counted once and remembered, and the counts add up to exactly
 * what `countTokens` gives for the whole text.
 *
 * Why the sum is exact: cl100k splits a text with one regular expression (no look-behind,
 * no multiline `$`) and encodes each match on its own, so a count is a sum over matches;
 * cutting at a point no match can cross, where every match after it starts as it would in
 * the whole text, changes nothing. Two kinds of point qualify:
 * - after a line feed followed by a non-space character: every match that can hold a line
 *   feed ends at the last line feed of its whitespace run (or, after punctuation, at the
 *   last of its line feeds), and that run ends here; cut off, the piece's tail is matched
 *   by the end-of-text rule instead, with the same extent;
 * - between a letter or digit and a character of another class: letters are matched only
 *   by letter runs (and contractions, which end inside them), digits only by runs of at
 *   most three, so the match ends here. This cut is taken only at the two characters
 *   `\` `n` (a line feed escaped in JSON): after them (the `n` is a letter) or before them,
 *   so that JSON text is cut per line.
 * No special token (`<|endoftext|>`, …) holds a line feed or a backslash, so one is never
 * cut apart and still fails the count of its piece as it fails the whole text's.
 * tests/token_count_test.ts checks the sum against `countTokens` on random texts.
 *
 * @module
 */

import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";

/** Pieces remembered at most; past that the memo starts again (it is only a shortcut). */
const MAX_PIECES = 20_000;

const memo = new Map<string, number>();

const SPACE = /\s/u;
const LETTER = /\p{L}/u;
const WORD = /^[\p{L}\p{N}]$/u;

/** The character (code point) that ends at `i`, surrogate pairs joined. */
function codePointBefore(text: string, i: number): string {
  const low = text.charCodeAt(i - 1);
  if (low >= 0xdc00 && low <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(i - 2, i);
  }
  return text[i - 1];
}

function piece(text: string): number {
  let n = memo.get(text);
  if (n === undefined) {
    n = countTokens(text);
    if (memo.size >= MAX_PIECES) memo.clear();
    memo.set(text, n);
  }
  return n;
}

/**
 * The cl100k token count of `text`, equal to `countTokens(text)` (and throwing as it does
 * on a special token), from remembered counts of its lines.
 */
export function countTokensCached(text: string): number {
  let total = 0, from = 0;
  // Plain lines: cut after "\n" when the next line starts with a non-space character.
  for (let i = text.indexOf("\n"); i !== -1 && i + 1 < text.length; i = text.indexOf("\n", i + 1)) {
    if (SPACE.test(text[i + 1])) continue;
    total += piece(text.slice(from, i + 1));
    from = i + 1;
  }
  if (from > 0) return total + piece(text.slice(from));
  // JSON text: cut after an escaped line feed ("\" "n") followed by a non-letter, else
  // before it when a letter or digit ends the line.
  for (
    let i = text.indexOf("\\n");
    i !== -1 && i + 2 < text.length;
    i = text.indexOf("\\n", i + 2)
  ) {
    // By code point: a letter past U+FFFF would continue the letter run.
    if (!LETTER.test(String.fromCodePoint(text.codePointAt(i + 2)!))) {
      total += piece(text.slice(from, i + 2));
      from = i + 2;
    } else if (i > from && WORD.test(codePointBefore(text, i))) {
      total += piece(text.slice(from, i));
      from = i;
    }
  }
  return total + piece(text.slice(from));
}
