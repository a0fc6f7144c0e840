// src/file_path.ts ports Node's POSIX path functions so the compile path need not start
// Node compatibility; Node's own functions are the truth they are checked against.

import { equal } from "node:assert/strict";
import { existsSync } from "node:fs";
import { posix } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import {
  basename,
  delimiter,
  dirname,
  exists,
  extname,
  fileUrl,
  isAbsolute,
  join,
  resolve,
} from "../src/file_path.ts";

// Segments that exercise every branch of normalisation: empty, dots, dot-like names and
// the characters the file URL must escape.
const segment = fc.constantFrom(
  "",
  ".",
  "..",
  "...",
  "a",
  "b.c",
  ".x",
  "..y",
  "z..",
  "é",
  "a b",
  "%41",
  "q?#",
  "back\\slash",
  "tab\t",
  "nl\n",
);
const path = fc.array(segment, { maxLength: 7 }).chain((parts) =>
  fc.tuple(fc.boolean(), fc.boolean()).map(([lead, trail]) =>
    `${lead ? "/" : ""}${parts.join("/")}${trail ? "/" : ""}`
  )
);

Deno.test("join, resolve, dirname, basename, isAbsolute agree with node:path (POSIX)", () => {
  if (Deno.build.os === "windows") return; // there the module calls node:path itself
  fc.assert(
    fc.property(fc.array(path, { maxLength: 4 }), (parts) => {
      equal(join(...parts), posix.join(...parts), `join ${JSON.stringify(parts)}`);
      equal(resolve(...parts), posix.resolve(...parts), `resolve ${JSON.stringify(parts)}`);
      for (const p of parts) {
        equal(dirname(p), posix.dirname(p), `dirname ${JSON.stringify(p)}`);
        equal(basename(p), posix.basename(p), `basename ${JSON.stringify(p)}`);
        equal(isAbsolute(p), posix.isAbsolute(p), `isAbsolute ${JSON.stringify(p)}`);
        equal(extname(p), posix.extname(p), `extname ${JSON.stringify(p)}`);
      }
    }),
    { numRuns: 3000 },
  );
  equal(delimiter, posix.delimiter);
});

Deno.test("fileUrl agrees with node:url pathToFileURL", () => {
  fc.assert(
    fc.property(path, (p) => {
      equal(fileUrl(p).href, pathToFileURL(p).href, JSON.stringify(p));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("exists agrees with node:fs existsSync on files, folders, links and nothing", () => {
  const dir = Deno.makeTempDirSync();
  try {
    Deno.writeTextFileSync(`${dir}/file`, "x");
    Deno.mkdirSync(`${dir}/folder`);
    Deno.symlinkSync(`${dir}/file`, `${dir}/link`);
    Deno.symlinkSync(`${dir}/gone`, `${dir}/dangling`);
    // (An empty path is left out: node:fs throws for it under some permission sets; no
    // caller asks about one.)
    const cases = ["file", "folder", "link", "dangling", "gone", "file/inside"].map((n) =>
      `${dir}/${n}`
    );
    for (const c of cases) equal(exists(c), existsSync(c), c);
    equal(exists(`${dir}/file`), true); // the cases must include a yes
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
