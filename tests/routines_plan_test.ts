/**
 * Guarded plans (valid against schema/routine-plan.schema.json, ARIA roles, slots,
 * destructive verbs, keys after, typed text only on opt-in) and the Memory Archive export,
 * read back by frames' own Memory Archive adapter.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
// The plan schema is draft 2020-12; deno.json maps only ajv's draft-07 entry ("ajv").
// deno-lint-ignore no-import-prefix
import { Ajv2020 as Ajv } from "npm:ajv@8.20.0/dist/2020.js";
import schema from "../schema/routine-plan.schema.json" with { type: "json" };
import { readMemoryArchive } from "../adapters/memory_archive/read.ts";
import type { Capture } from "../src/model.ts";
import { actionSteps, memoryArchiveFiles, mineRoutines, planOf } from "../src/routines/mod.ts";
import { routinePlan } from "../src/routines/plan.ts";
import type { RoutineDraft } from "../src/routines/routine.ts";
import { synthCapture } from "./_routines_synth.ts";

const ajv = new Ajv({ allErrors: true, strict: true });
const validate = ajv.compile(schema);

function mined(capture: Capture, includeText = false) {
  const { steps, unplaced } = actionSteps(capture);
  return mineRoutines(steps, { tz: "UTC", unplaced, includeText });
}

const { capture } = synthCapture({ days: 14, seed: 5 });
const m = mined(capture);
const byTitle = (re: RegExp) => m.report.routines.find((r) => re.test(r.title))!;

Deno.test("planOf() writes plans valid against the routine-plan schema", () => {
  assert.ok(m.report.routines.length >= 5);
  for (const r of m.report.routines) {
    const plan = planOf(m, r.id)!;
    assert.ok(validate(plan), JSON.stringify(validate.errors));
    assert.equal(plan.routine.id, r.id);
    // A plan opens the page a routine's first click was on when that page was one fixed URL.
    const first = r.steps[0];
    const opens = first.op !== "navigate" && first.url !== null && !first.url.includes("*");
    assert.equal(plan.steps.length, r.steps.length + (opens ? 1 : 0));
    assert.deepEqual(plan.steps.map((s) => s.index), plan.steps.map((_, k) => k + 1));
    assert.equal(plan.routine.occurrences, r.occurrences.length);
  }
  assert.equal(planOf(m, "r-nope"), undefined);
  // The schema is strict: an unknown key fails, so the check above can fail.
  assert.equal(validate({ ...planOf(m, m.report.routines[0].id)!, extra: 1 }), false);
});

Deno.test("planOf() maps roles to ARIA, names slots, marks destructive verbs", () => {
  const invoice = planOf(m, byTitle(/^New Message/).id)!;
  assert.deepEqual(invoice.steps.map((s) => s.target?.role), [
    "button",
    "menuitem",
    "textbox",
    "button",
    "button",
  ]);
  const slot = invoice.steps[1];
  assert.equal(slot.target?.name, null);
  assert.equal(slot.guards.element?.name, null);
  assert.ok(slot.slot !== null);
  const def = invoice.slots.find((s) => s.name === slot.slot)!;
  assert.equal(def.kind, "target");
  assert.ok(def.examples!.length >= 3);
  const typed = invoice.steps[2];
  assert.equal(typed.op, "type");
  assert.equal(typed.text, null);
  assert.equal(invoice.slots.find((s) => s.name === typed.slot)?.kind, "text");
  assert.deepEqual(invoice.steps.map((s) => s.destructive), [false, false, false, false, true]);
  const review = planOf(m, byTitle(/Approve/).id)!;
  assert.deepEqual(review.steps.map((s) => s.destructive), [false, false, true, true]);
  assert.equal(review.steps[0].guards.url, "https://github.com/acme/api/pull/*");
  assert.equal(review.app, "Google Chrome");
  assert.equal(review.site, "github.com");
});

Deno.test("planOf() shows typed text only on opt-in, and keys after from it", () => {
  const c = synthCapture({ days: 6, seed: 9 }).capture;
  // The operator opted in: typed runs carry text; the standup message ends with Return.
  let n = 0;
  for (const e of c.events) {
    if (e.kind === "text") {
      e.text = `secret-${n++}` + (e.element?.name?.startsWith("Message") ? "\n" : "");
    }
  }
  const off = mined(structuredClone(c));
  const on = mined(c, true);
  const id = on.report.routines.find((r) => r.title.startsWith("#standup"))!.id;
  const plainPlan = JSON.stringify(planOf(off, id)) + JSON.stringify(off.report);
  assert.ok(!plainPlan.includes("secret-"), "no typed text without opt-in");
  const plan = planOf(on, id, { includeText: true })!;
  assert.ok(validate(plan), JSON.stringify(validate.errors));
  assert.deepEqual(plan.steps.map((s) => s.keys_after), [[], ["Enter"], []]);
  const text = plan.slots.find((s) => s.kind === "text")!;
  assert.ok(text.examples!.every((v) => v.startsWith("secret-")));
});

Deno.test("memoryArchiveFiles() writes a session the Memory Archive adapter reads back", async () => {
  const r = byTitle(/^New Message/);
  const draft = m.drafts.get(r.id)!;
  const files = memoryArchiveFiles(draft, { plan: planOf(m, r.id)! });
  const dir = await Deno.makeTempDir({ prefix: "frames-routine-ma-" });
  try {
    for (const [path, text] of files) {
      await Deno.mkdir(join(dir, path, ".."), { recursive: true });
      await Deno.writeTextFile(join(dir, path), text);
    }
    for (const need of ["memory.md", "metadata.json", "commands/actuation_commands.json"]) {
      assert.ok(files.has(need), need);
    }
    const md = files.get("memory.md")!;
    assert.match(md, /^# Memory: /);
    for (const h of ["## Overview", "## Prerequisites", "## Steps", "## Notes & Edge Cases"]) {
      assert.ok(md.includes(h), h);
    }
    assert.equal(md.match(/^### Step \d+ \u2014 /gm)?.length, r.steps.length);
    const back = readMemoryArchive(dir, { start: 0, end: Date.UTC(2100, 0, 1) });
    // The session replays the first complete occurrence: same kinds, times and positions.
    const occ = draft.matched.find((x) => x.every((s) => s !== undefined))!;
    assert.deepEqual(
      back.events.map((e) => [e.kind, e.at, e.x, e.y]),
      occ.map((s) => [
        s!.op === "click" ? "click" : "text",
        s!.at,
        s!.op === "click" ? s!.x : undefined,
        s!.op === "click" ? s!.y : undefined,
      ]),
    );
    const meta = JSON.parse(files.get("metadata.json")!);
    assert.equal(meta.total_steps, r.steps.length);
    assert.ok(validate(meta.frames_plan));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

function draftOf(steps: RoutineDraft["steps"]): RoutineDraft {
  const occurrence = { event_ids: [1], start: "", end: "", slots: { link: "ENG-1 Fix it" } };
  return {
    id: "r-test",
    title: "test",
    app: "Google Chrome",
    site: "linear.app",
    steps,
    occurrences: [occurrence, occurrence, occurrence],
    matched: [[], [], []],
  };
}

Deno.test("routinePlan() opens the fixed page a routine's first click was on", () => {
  const link = { op: "click" as const, name: null, role: "link", slot: true, optional: false };
  const status = {
    op: "click" as const,
    name: "Status",
    role: "button",
    slot: false,
    optional: false,
  };
  const list = "https://linear.app/acme/my-issues/assigned";
  const issue = "https://linear.app/acme/issue/*/*";
  const plan = routinePlan(
    draftOf([{ ...link, url: list, slot_name: "link" }, { ...status, url: issue }]),
    { generator: "frames test", includeText: false },
  );
  assert.ok(validate(plan), JSON.stringify(validate.errors));
  assert.deepEqual(
    plan.steps.map((s) => [s.index, s.op, s.url, s.guards.url]),
    [[1, "navigate", list, null], [2, "click", null, list], [3, "click", null, issue]],
  );
  assert.equal(plan.steps[0].destructive, false);
  // A first page that varied is a template: it cannot be opened, so nothing is added.
  const varied = routinePlan(
    draftOf([{ ...status, url: issue }, { ...link, url: list, slot_name: "link" }]),
    { generator: "frames test", includeText: false },
  );
  assert.deepEqual(varied.steps.map((s) => s.op), ["click", "click"]);
  // Outside a browser there is no page to open.
  const app = routinePlan(draftOf([{ ...status, url: null }]), {
    generator: "frames test",
    includeText: false,
  });
  assert.deepEqual(app.steps.map((s) => s.op), ["click"]);
});
