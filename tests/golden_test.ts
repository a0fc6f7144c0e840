/**
 * Golden cases: one folder per case under fixtures/, each with `input.sql` (rows of a
 * screenpipe-layout database as SQL text; the full layout is created first unless the case
 * creates its own tables), `case.json` (tz, day, options) and one expected
 * file per emitter. Regenerate with `deno task test -- --update` (or FRAMES_UPDATE_GOLDEN=1)
 * and review the diff; files in a case folder that no emitter produced fail the run.
 */
import { equal } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { emit, type Format } from "../src/emit/mod.ts";
import { loadTyper } from "../src/entities/mod.ts";
import { assertValidDocument } from "./_schema.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);
const UPDATE = Deno.args.includes("--update") || Deno.env.get("FRAMES_UPDATE_GOLDEN") === "1";
const OUTPUTS: [Format, string][] = [
  ["json", "expected.json"],
  ["yaml", "expected.yaml"],
  ["md", "expected.md"],
  ["context", "expected.context.txt"],
];
const INPUTS = ["input.sql", "case.json"];

interface CaseConfig {
  tz: string;
  day: string;
  min_minutes?: number;
  budget?: number;
}

const cases = [...Deno.readDirSync(FIXTURES)].filter((e) => e.isDirectory).map((e) => e.name)
  .sort();
const typer = await loadTyper();

/** Compiles one case and returns its outputs by file name. */
async function render(name: string): Promise<Map<string, string>> {
  const dir = new URL(`${name}/`, FIXTURES);
  const cfg: CaseConfig = JSON.parse(await Deno.readTextFile(new URL("case.json", dir)));
  const tmp = await Deno.makeTempDir({ prefix: "frames-golden-" });
  try {
    const db = join(tmp, "capture.db");
    const w = new DatabaseSync(db);
    const sql = await Deno.readTextFile(new URL("input.sql", dir));
    // Cases with their own (older) layout create their tables; the rest get the full one.
    if (!/^CREATE TABLE/m.test(sql)) w.exec(SCREENPIPE_SCHEMA_SQL);
    w.exec(sql);
    w.close();
    const capture = readScreenpipe(db, dayWindow(cfg.day, cfg.tz));
    // The temporary path differs per run; record the fixture instead.
    capture.facts.location = `fixtures/${name}/input.sql`;
    const doc = compile(capture, {
      tz: cfg.tz,
      day: cfg.day,
      minMinutes: cfg.min_minutes,
      typer,
    });
    assertValidDocument(doc);
    const out = new Map<string, string>();
    for (const [format, file] of OUTPUTS) {
      out.set(file, emit(doc, { format, budget: cfg.budget ?? 1500 }));
    }
    return out;
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

Deno.test("golden cases exist for every rule's edge", () => {
  equal(cases.length >= 9, true, `only ${cases.length} golden cases`);
});

for (const name of cases) {
  Deno.test(`compile() and every emitter match golden case ${name}`, async () => {
    const dir = new URL(`${name}/`, FIXTURES);
    const outputs = await render(name);
    const present = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    const leftovers = present.filter((f) => !INPUTS.includes(f) && !outputs.has(f));
    if (UPDATE) {
      for (const f of leftovers) await Deno.remove(new URL(f, dir));
      for (const [file, text] of outputs) await Deno.writeTextFile(new URL(file, dir), text);
      return;
    }
    equal(leftovers.length, 0, `leftover golden files in ${name}: ${leftovers.join(", ")}`);
    for (const [file, text] of outputs) {
      let want: string;
      try {
        want = await Deno.readTextFile(new URL(file, dir));
      } catch {
        throw new Error(`missing golden file fixtures/${name}/${file}: run with --update`);
      }
      equal(text, want, `fixtures/${name}/${file} differs (review, then --update)`);
    }
  });
}
