// The day cache's file check (src/cache/file.ts): SHA-256 over the body's UTF-8 bytes, its
// length in bytes, and a header the writer may extend with what it keeps beside the body.

import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { createHash } from "node:crypto";
import { bodyHash, CACHE_MAGIC, sha256Hex } from "../src/cache/mod.ts";
import { decodeCacheFile, encodeCacheFile, openCacheFile } from "../src/cache/file.ts";

/** An independent reference: Node's own SHA-256 over the same UTF-8 bytes. */
function reference(text: string): string {
  return createHash("sha256").update(new TextEncoder().encode(text)).digest("hex");
}

Deno.test("bodyHash() is SHA-256 over the UTF-8 bytes, lone surrogates as U+FFFD", async () => {
  // The FIPS 180-2 test vector for "abc".
  equal(await bodyHash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  for (const text of ["", "ä€𝄞", "a\u2028b\u202e\u0000", "x".repeat(200_000), "\ud800z"]) {
    equal(await bodyHash(text), reference(text), JSON.stringify(text.slice(0, 20)));
  }
  equal(await bodyHash("\ud800"), await bodyHash("\ufffd"));
  equal(await sha256Hex(new Uint8Array([97, 98, 99])), await bodyHash("abc"));
});

const HEAD = {
  key: "k1",
  version: "9.9.9",
  watermark: { schema: "s", parts: { frames: { maxRef: 3, rows: 3, lastAt: "t" } } },
};

Deno.test("a cache file round-trips its body byte for byte, a BOM and odd characters included", async () => {
  for (const body of ['{"a":1}', "\ufeff{}", '{"t":"\\u2028 ä 𝄞"}', ""]) {
    const bytes = await encodeCacheFile({ ...HEAD, meta: { stats: { n: 1 } } }, body);
    const file = await decodeCacheFile(bytes, HEAD);
    ok(file, JSON.stringify(body));
    equal(file.body, body);
    equal(file.header.magic, CACHE_MAGIC);
    deepStrictEqual(file.header.meta, { stats: { n: 1 } });
    equal(file.header.length, new TextEncoder().encode(body).length);
  }
});

Deno.test("a cache file with a changed byte, another length, key or version is a miss", async () => {
  const bytes = await encodeCacheFile(HEAD, '{"app":"Code"}');
  ok(await decodeCacheFile(bytes, HEAD));
  // One byte of the body changed, same length: the hash fails.
  const edited = bytes.slice();
  edited[edited.length - 3] ^= 1;
  equal(await decodeCacheFile(edited, HEAD), undefined);
  // Truncated: the length fails before any hashing.
  equal(openCacheFile(bytes.slice(0, bytes.length - 1), HEAD), undefined);
  equal(await decodeCacheFile(bytes, { ...HEAD, key: "k2" }), undefined);
  equal(await decodeCacheFile(bytes, { ...HEAD, version: "1.0.0" }), undefined);
  equal(await decodeCacheFile(new TextEncoder().encode("not a cache file"), HEAD), undefined);
  // Not UTF-8 where the hash holds: still a miss, never a thrown error.
  const body = new Uint8Array([0xff, 0xfe]);
  const header = JSON.stringify({
    magic: CACHE_MAGIC,
    ...HEAD,
    length: 2,
    hash: await sha256Hex(body),
  });
  const odd = new Uint8Array([...new TextEncoder().encode(header + "\n"), ...body]);
  equal(await decodeCacheFile(odd, HEAD), undefined);
});
