import assert from "node:assert/strict";
import { join } from "node:path";
import { isSourceScheme, loadAdapter, loadAdapters, SOURCE_SCHEMES } from "../adapters/mod.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { IMPORT_KINDS } from "../src/import/sources.ts";
import { openStore, storePath } from "../src/store/mod.ts";

const dir = await Deno.makeTempDir({ prefix: "frames_registry_test_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));

Deno.test("loadAdapter() returns the adapter whose scheme is its registry key", async () => {
  for (const scheme of SOURCE_SCHEMES) {
    const adapter = await loadAdapter(scheme);
    assert.equal(adapter.scheme, scheme);
    assert.match(adapter.spelling, /^(PATH|DIR|PATH\|URL)$/);
  }
});

Deno.test("loadAdapters() names every source once and every import kind has an importer", async () => {
  const adapters = await loadAdapters();
  const names = adapters.map((a) => a.name);
  assert.equal(new Set(names).size, names.length);
  for (const kind of IMPORT_KINDS) {
    const adapter = adapters.find((a) => a.name === kind);
    assert.ok(adapter?.importer !== undefined, `no importer for ${kind}`);
  }
});

Deno.test("isSourceScheme() accepts registered schemes only, not inherited object keys", async () => {
  assert.ok(isSourceScheme("aw"));
  for (const scheme of ["photos", "constructor", "toString", "__proto__"]) {
    assert.equal(isSourceScheme(scheme), false);
  }
  await assert.rejects(() => resolveSource("constructor:/tmp/x.db", {}), RangeError);
});

Deno.test("discover() of the native and screenpipe adapters finds, ranks and lists tried paths", async () => {
  const home = join(dir, "home");
  const framesHome = join(home, ".frames");
  const native = await loadAdapter("native");
  const screenpipe = await loadAdapter("screenpipe");
  assert.deepEqual(native.discover({ home, framesHome }), {
    best: undefined,
    found: [],
    tried: [storePath(framesHome)],
  });
  openStore(storePath(framesHome)).close();
  const store = native.discover({ home, framesHome });
  assert.equal(store.best, storePath(framesHome));
  assert.deepEqual(store.found.map((f) => f.location), [storePath(framesHome)]);
  const db = join(home, ".nocta", "db.sqlite");
  await Deno.mkdir(join(db, ".."), { recursive: true });
  await Deno.writeTextFile(db, "");
  const found = screenpipe.discover({ home, framesHome });
  assert.equal(found.best, db);
  assert.deepEqual(found.found, [{ location: db, detail: "database" }]);
  assert.equal(found.tried.length, 3);
});
