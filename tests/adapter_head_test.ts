// Adapter heads (adapters/mod.ts HEADS): a source file resolved `lazy` binds its watermark
// from the head and loads the reader only when read, so a day answered from the day cache
// never loads it. The lazy binding must be the same source as the full one.

import { deepStrictEqual, equal, ok, rejects, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { HEADS, loadAdapter, loadAdapterHead, type SourceScheme } from "../adapters/mod.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import type { Capture } from "../src/model.ts";

const home = await Deno.makeTempDir({ prefix: "frames-head-test-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));
const db = join(home, "db.sqlite");
{
  const sql = await Deno.readTextFile(
    new URL("../fixtures/flicker_edges/input.sql", import.meta.url),
  );
  const conn = new DatabaseSync(db);
  conn.exec(SCREENPIPE_SCHEMA_SQL + "\n" + sql);
  conn.close();
}
const DAY = { start: Date.UTC(2026, 6, 3, 22), end: Date.UTC(2026, 6, 4, 22) };

/** What a read says, without its element lookup (an object of functions). */
function plain(c: Capture): unknown {
  const { elements: _, ...rest } = c;
  return JSON.parse(JSON.stringify(rest));
}

Deno.test("every head carries the full adapter's own fields, functions included", async () => {
  const schemes = Object.keys(HEADS) as SourceScheme[];
  ok(schemes.includes("screenpipe"));
  for (const scheme of schemes) {
    const head = (await loadAdapterHead(scheme))!;
    const full = await loadAdapter(scheme);
    equal(head.scheme, scheme);
    for (const k of ["scheme", "name", "spelling", "urls", "splitReads"] as const) {
      equal(head[k], full[k], `${scheme}.${k}`);
    }
    deepStrictEqual(head.capabilities, full.capabilities);
    equal(head.watermark, full.watermark, `${scheme}: the same watermark function`);
    equal(head.keepWatermark, full.keepWatermark);
    equal(head.spans, full.span !== undefined);
  }
  equal(await loadAdapterHead("native"), undefined);
});

Deno.test("a lazily bound screenpipe file is the same source, its reader loaded on first read", async () => {
  const full = await resolveSource(`screenpipe:${db}`, {});
  const lazy = await resolveSource(`screenpipe:${db}`, { lazy: true });
  equal(full.prepare, undefined);
  ok(lazy.prepare !== undefined);
  equal(lazy.adapter, full.adapter);
  equal(lazy.path, full.path);
  equal(lazy.splitReads, full.splitReads);
  deepStrictEqual(lazy.watermark!(DAY), full.watermark!(DAY));
  const kept = lazy.keepWatermark!();
  try {
    deepStrictEqual(kept.measure(DAY), full.watermark!(DAY));
  } finally {
    kept.close();
  }
  // A synchronous read needs the reader: it says so instead of reading nothing.
  throws(() => lazy.read(DAY), /before its reader is loaded/);
  throws(() => lazy.span!(), /before its reader is loaded/);
  const fresh = await resolveSource(db, { lazy: true });
  deepStrictEqual(plain(await fresh.readAsync(DAY)), plain(await full.readAsync(DAY)));
  deepStrictEqual(plain(fresh.read(DAY)), plain(full.read(DAY)));
  ok(plain(full.read(DAY)) !== undefined && full.read(DAY).snapshots.length > 0);
  await lazy.prepare!();
  deepStrictEqual(lazy.span!(), full.span!());
  deepStrictEqual(plain(lazy.read(DAY)), plain(full.read(DAY)));
  // The same errors, in the reader's words.
  const missing = join(home, "missing.sqlite");
  const a = await resolveSource(missing, { lazy: true });
  const b = await resolveSource(missing, {});
  const message = await b.readAsync(DAY).then(() => "", (e) => (e as Error).message);
  ok(message.includes("does not exist"), message);
  await rejects(() => a.readAsync(DAY), (e) => (e as Error).message === message);
});

Deno.test("URLs, SCHEME:api and other schemes bind the full adapter even when lazy", async () => {
  for (const spec of ["screenpipe:api", "screenpipe:http://127.0.0.1:9/", `native:${db}`]) {
    const s = await resolveSource(spec, { lazy: true, home });
    equal(s.prepare, undefined, spec);
  }
});

Deno.test("a CLI run binds the head only when the day cache may answer it", async () => {
  const { prepareWindow } = await import("../src/cli/_capture.ts");
  const { parseFlags } = await import("../src/cli/_args.ts");
  const { COMPILE_OPTIONS } = await import("../src/cli/compile.ts");
  const lazy = async (...extra: string[]) => {
    const args = ["--source", `screenpipe:${db}`, "--tz", "UTC", ...extra];
    const p = parseFlags(args, COMPILE_OPTIONS, { command: "compile" });
    return (await prepareWindow(p)).source.prepare !== undefined;
  };
  equal(await lazy("--day", "2026-07-04"), true);
  // Runs that read anyway load the whole adapter at once, as before.
  equal(await lazy("--day", "2026-07-04", "--no-cache"), false);
  equal(await lazy("--day", "2026-07-04", "--include-text"), false);
  equal(await lazy("--day", "today"), false);
});
