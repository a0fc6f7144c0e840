// The cache body hash (src/cache/_fnv.ts): the hand-assembled WebAssembly FNV-1a gives the
// value of the plain loop over TextEncoder's bytes, across its 64 KiB pages and for text
// that is not valid UTF-16.

import { equal } from "node:assert/strict";
import { fnv1aBytes, fnv1aUtf8 } from "../src/cache/_fnv.ts";
import { bodyHash } from "../src/cache/mod.ts";

// The textbook definition, in exact integers, independent of both implementations.
function referenceExact(text: string): number {
  let h = 2166136261n;
  for (const b of new TextEncoder().encode(text)) h = ((h ^ BigInt(b)) * 16777619n) % 2n ** 32n;
  return Number(h);
}

let seed = 19;
function random(): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}

function randomText(length: number): string {
  const pieces = ["a", "é", "日", "🎉", "\ud800", "\udc00", "\u0000", "\n", "REDACTED", "\u202e"];
  let out = "";
  while (out.length < length) out += pieces[Math.floor(random() * pieces.length)];
  return out;
}

Deno.test("fnv1aUtf8() is FNV-1a over the UTF-8 bytes, page boundaries and lone surrogates included", () => {
  equal(fnv1aUtf8(""), 0x811c9dc5);
  equal(fnv1aUtf8("a"), 0xe40c292c); // the published FNV-1a 32 test vector for "a"
  equal(fnv1aUtf8("foobar"), 0xbf9cf968); // and for "foobar"
  for (const length of [1, 7, 100, 21_845, 65_535, 65_536, 65_537, 200_003]) {
    const text = randomText(length);
    const want = referenceExact(text);
    equal(fnv1aUtf8(text), want, `length ${length}`);
    equal(fnv1aBytes(new TextEncoder().encode(text)), want, `length ${length} (loop)`);
  }
  equal(bodyHash("foobar"), "bf9cf968");
});
