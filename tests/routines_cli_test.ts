/**
 * `frames routines` as a process over a screenpipe-layout database: the JSON shape the
 * issue specifies, md and context, plans, Memory Archive export, holdout, and bad input.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
// The plan schema is draft 2020-12; deno.json maps only ajv's draft-07 entry ("ajv").
// deno-lint-ignore no-import-prefix
import { Ajv2020 as Ajv } from "npm:ajv@8.20.0/dist/2020.js";
import schema from "../schema/routine-plan.schema.json" with { type: "json" };
import { readMemoryArchive } from "../adapters/memory_archive/read.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { assertOneLineError, type FramesResult, runFrames } from "./_frames.ts";
import { synthCapture, writeScreenpipe } from "./_routines_synth.ts";

const validate = new Ajv({ strict: true }).compile(schema);
const home = await Deno.makeTempDir({ prefix: "frames-routines-cli-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));

const { capture, truth } = synthCapture({ days: 14, seed: 11 });
const db = join(home, "db.sqlite");
writeScreenpipe(capture, db, SCREENPIPE_SCHEMA_SQL);
const WINDOW = [
  "--source",
  `screenpipe:${db}`,
  "--from",
  "2026-03-02",
  "--to",
  "2026-03-15",
  "--tz",
  "UTC",
];

function frames(args: string[]): Promise<FramesResult> {
  return runFrames(args, { home });
}

const listed = await frames(["routines", ...WINDOW]);
const report = JSON.parse(listed.stdout);

Deno.test("frames routines prints the JSON the issue specifies", () => {
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(Object.keys(report).slice(0, 6), [
    "miner",
    "h",
    "h_raw",
    "h_in",
    "h_out",
    "action_steps",
  ]);
  assert.match(report.miner, /^frames \d+\.\d+\.\d+/);
  assert.equal(report.action_steps, truth.action_steps);
  assert.equal(report.h_in, null);
  assert.ok(report.routines.length >= 5);
  for (const r of report.routines) {
    for (const k of ["id", "title", "app", "site", "steps", "occurrences", "R_info", "R_inject"]) {
      assert.ok(k in r, k);
    }
    for (const s of r.steps) {
      for (const k of ["op", "name", "role", "url", "slot"]) assert.ok(k in s, k);
    }
    for (const o of r.occurrences) {
      assert.ok(o.event_ids.every((id: unknown) => Number.isInteger(id)));
      assert.match(o.start, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
      assert.ok(o.end >= o.start);
    }
    assert.ok(r.R_info > r.R_inject && r.R_inject > 1, `${r.R_info} ${r.R_inject}`);
  }
  // event_ids are the database's ui_events ids: the planted standup occurrences, exactly.
  const planted = truth.routines.find((p) => p.id === "p5")!;
  const found = report.routines.find((r: { title: string }) => r.title.startsWith("#standup"));
  assert.deepEqual(
    found.occurrences.map((o: { event_ids: number[] }) => o.event_ids),
    planted.occurrences.map((o) => o.event_ids),
  );
});

Deno.test("frames routines -f md and -f context render the report", async () => {
  const md = await frames(["routines", ...WINDOW, "-f", "md"]);
  assert.equal(md.code, 0, md.stderr);
  assert.match(md.stdout, /^# Routines/);
  assert.match(md.stdout, /\| id \| app \/ site \|/);
  assert.match(md.stdout, /## h per routine[\s\S]*\|\s+\d+ #+/);
  for (const r of report.routines) assert.ok(md.stdout.includes(r.id), r.id);
  const ctx = await frames(["routines", ...WINDOW, "-f", "context", "--budget", "200"]);
  assert.equal(ctx.code, 0, ctx.stderr);
  assert.match(ctx.stdout, /^USER ROUTINES \(/);
  assert.ok(countTokens(ctx.stdout) <= 200, `${countTokens(ctx.stdout)} tokens`);
  assert.match(ctx.stdout, /routines over the budget omitted/);
});

Deno.test("frames routines plan ID writes a valid plan; an unknown id is a usage error", async () => {
  const id = report.routines[0].id;
  const out = join(home, "plan.json");
  const r = await frames(["routines", "plan", id, ...WINDOW, "-o", out]);
  assert.equal(r.code, 0, r.stderr);
  const plan = JSON.parse(await Deno.readTextFile(out)) as { routine: { id: string } };
  assert.ok(validate(plan), JSON.stringify(validate.errors));
  assert.equal(plan.routine.id, id);
  const bad = await frames(["routines", "plan", "r-000000000000", ...WINDOW]);
  assertOneLineError(bad, 2, /Unknown routine "r-000000000000".*frames routines/);
  assertOneLineError(await frames(["routines", "plan", ...WINDOW]), 2, /needs a routine id/);
});

Deno.test("frames routines export ID --memory-archive DIR round-trips through the adapter", async () => {
  const r0 = report.routines[0];
  const dir = join(home, "session");
  const r = await frames(["routines", "export", r0.id, ...WINDOW, "--memory-archive", dir]);
  assert.equal(r.code, 0, r.stderr);
  const back = readMemoryArchive(dir, { start: 0, end: Date.UTC(2100, 0, 1) });
  assert.equal(back.events.length, r0.steps.length);
  const again = await frames(["routines", "export", r0.id, ...WINDOW, "--memory-archive", dir]);
  assertOneLineError(again, 1, /Cannot write Memory Archive session .*not empty/);
});

Deno.test("frames routines --holdout-from reports h_in and h_out", async () => {
  const r = await frames(["routines", ...WINDOW, "--holdout-from", "2026-03-09"]);
  assert.equal(r.code, 0, r.stderr);
  const h = JSON.parse(r.stdout);
  assert.ok(h.h_in > 0 && h.h_out > 0, `${h.h_in} ${h.h_out}`);
  assert.match(h.notes.join("\n"), /holdout/);
  assertOneLineError(
    await frames(["routines", ...WINDOW, "--holdout-from", "next week"]),
    2,
    /Invalid --holdout-from/,
  );
});

Deno.test("frames routines over a window with no named steps says why and exits 0", async () => {
  const bare = structuredClone(capture);
  for (const e of bare.events) delete e.element;
  const path = join(home, "bare.sqlite");
  writeScreenpipe(bare, path, SCREENPIPE_SCHEMA_SQL);
  const r = await frames([
    "routines",
    "--source",
    `screenpipe:${path}`,
    "--day",
    "2026-03-03",
    "--tz",
    "UTC",
  ]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.routines, []);
  assert.match(out.notes[0], /no named steps/);
  assert.ok(out.action_steps > 0);
});
