import assert from "node:assert/strict";
import { exifTag } from "../adapters/recall/_exif.ts";
import { jpegWithExif, utf16le } from "./data/recall/jpeg.ts";

// JPEGs built byte by byte in tests/data/recall/jpeg.ts (EXIF/TIFF layout), read back.

const enc = new TextEncoder();
const META = enc.encode('{"AppName":"Notepad","DateTime":"1783159200000"}');

Deno.test("exifTag() finds tag 37500 in the Exif sub-IFD, in either byte order", () => {
  for (const bigEndian of [false, true]) {
    for (const app0 of [false, true]) {
      const jpeg = jpegWithExif([
        { tag: 0x9000, type: 7, bytes: enc.encode("0230") }, // ExifVersion, inline
        { tag: 37500, bytes: META },
        { tag: 37510, bytes: enc.encode("ASCII\0\0\0comment") }, // UserComment after it
      ], { bigEndian, app0 });
      const got = exifTag(jpeg, 37500);
      assert.ok("bytes" in got, JSON.stringify(got));
      assert.equal(new TextDecoder().decode(got.bytes), new TextDecoder().decode(META));
      const inline = exifTag(jpeg, 0x9000);
      assert.ok("bytes" in inline);
      assert.equal(new TextDecoder().decode(inline.bytes), "0230");
    }
  }
});

Deno.test("exifTag() says what is missing: no APP1, no Exif sub-IFD, no such tag", () => {
  const bare = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 0xff, 0xd9]);
  assert.deepEqual(exifTag(bare, 37500), { missing: "no EXIF (APP1) segment" });
  assert.deepEqual(exifTag(Uint8Array.from([1, 2, 3]), 37500), {
    missing: "no EXIF (APP1) segment",
  });
  assert.deepEqual(exifTag(jpegWithExif([], { noExifIfd: true }), 37500), {
    missing: "no Exif sub-IFD",
  });
  assert.deepEqual(exifTag(jpegWithExif([{ tag: 37510, bytes: META }]), 37500), {
    missing: "no EXIF tag 37500",
  });
});

Deno.test("exifTag() never throws on a cut or corrupted JPEG", () => {
  const jpeg = jpegWithExif([{ tag: 37500, bytes: utf16le('{"App":"x"}') }], { app0: true });
  let found = 0;
  for (let n = 0; n <= jpeg.length; n++) {
    const got = exifTag(jpeg.subarray(0, n), 37500);
    if ("bytes" in got) found++;
  }
  // Only cuts after the whole APP1 segment still hold the tag.
  assert.ok(found > 0 && found < jpeg.length);
  let seed = 7;
  for (let k = 0; k < 2000; k++) {
    const copy = jpeg.slice();
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    copy[seed % copy.length] = seed & 0xff;
    exifTag(copy, 37500); // must not throw
  }
});
