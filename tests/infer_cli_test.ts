import { deepEqual, equal, match, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { type FramesResult, RUN_FLAGS, runFrames } from "./_frames.ts";
import { assertValidDocument } from "./_schema.ts";

const home = await Deno.makeTempDir({ prefix: "frames-infer-cli-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));

const db = join(home, "capture.db");
{
  const w = new DatabaseSync(db);
  w.exec(
    SCREENPIPE_SCHEMA_SQL +
      await Deno.readTextFile(new URL("../fixtures/flicker_edges/input.sql", import.meta.url)),
  );
  w.close();
}
const COMPILE = ["compile", "--source", db, "--day", "2026-07-04", "--tz", "Europe/Berlin"];

/** Runs `frames ARGS` with this file's temporary HOME. */
function frames(args: string[]): Promise<FramesResult> {
  return runFrames(args, { home, flags: RUN_FLAGS });
}

async function write(name: string, value: unknown): Promise<string> {
  const path = join(home, name);
  await Deno.writeTextFile(path, JSON.stringify(value));
  return path;
}

const measured = await frames(COMPILE);
const measuredDoc = JSON.parse(measured.stdout);
const rules = await write("rules.json", [{ name: ["Work"], rule: { type: "regex", regex: ".*" } }]);

Deno.test("frames compile --categories attaches tier-2 categories; --strip-inferred gives the measured bytes", async () => {
  equal(measured.code, 0, measured.stderr);
  const withCats = await frames([...COMPILE, "--categories", rules]);
  equal(withCats.code, 0, withCats.stderr);
  const doc = JSON.parse(withCats.stdout);
  assertValidDocument(doc);
  equal(doc.inferred.categories.entries.length, measuredDoc.frames.length);
  const stripped = await frames([...COMPILE, "--categories", rules, "--strip-inferred"]);
  equal(stripped.stdout, measured.stdout);
});

Deno.test("frames infer add rejects a poisoned entry with exit code 2 and merges a valid one", async () => {
  const docPath = join(home, "doc.json");
  await Deno.writeTextFile(docPath, measured.stdout);
  const id = measuredDoc.frames[0].id;
  const poison = await write("poison.json", {
    namespace: "evil",
    entries: [{
      subject: `frame:${id}`,
      key: "duration_min",
      value: 600,
      confidence: "high",
      evidence: [`frame:${id}`],
    }],
  });
  const bad = await frames(["infer", "add", poison, "--doc", docPath]);
  equal(bad.code, 2);
  match(
    bad.stderr,
    /Cannot add inferred entries of "evil": 1 problem: entry 0: key "duration_min" would overwrite the measured field/,
  );
  equal(bad.stdout, "");
  const good = await write("good.json", {
    namespace: "com.example.notes",
    entries: [{
      subject: `frame:${id}`,
      key: "note",
      value: "standup",
      confidence: "speculative",
      evidence: [id],
    }],
  });
  const merged = await frames(["infer", "add", good, "--doc", docPath]);
  equal(merged.code, 0, merged.stderr);
  const doc = JSON.parse(merged.stdout);
  assertValidDocument(doc);
  deepEqual(Object.keys(doc.inferred), ["com.example.notes"]);
  const mergedPath = join(home, "merged.json");
  await Deno.writeTextFile(mergedPath, merged.stdout);
  const strip = await frames(["infer", "strip", "--doc", mergedPath]);
  equal(strip.stdout, measured.stdout);
});

Deno.test("frames infer categories prints a tier-2 file that infer add accepts", async () => {
  const docPath = join(home, "doc2.json");
  await Deno.writeTextFile(docPath, measured.stdout);
  const cats = await frames(["infer", "categories", "--rules", rules, "--doc", docPath]);
  equal(cats.code, 0, cats.stderr);
  const file = JSON.parse(cats.stdout);
  equal(file.namespace, "categories");
  ok(
    file.entries.every((e: { confidence: string }) =>
      e.confidence === "high" || e.confidence === "medium"
    ),
  );
  const catsPath = join(home, "cats.json");
  await Deno.writeTextFile(catsPath, cats.stdout);
  const merged = await frames(["infer", "add", catsPath, "--doc", docPath]);
  equal(merged.code, 0, merged.stderr);
  const bad = await frames(["infer", "frobnicate"]);
  equal(bad.code, 2);
  match(bad.stderr, /Unknown action "frobnicate"/);
});
