/**
 * Routines over MCP: get_patterns lists them (no typed text), get_routine_plan serves a
 * plan valid against the plan schema, and an unknown id is an actionable tool error.
 */

import assert from "node:assert/strict";
// The plan schema is draft 2020-12; deno.json maps only ajv's draft-07 entry ("ajv").
// deno-lint-ignore no-import-prefix
import { Ajv2020 as Ajv } from "npm:ajv@8.20.0/dist/2020.js";
import schema from "../schema/routine-plan.schema.json" with { type: "json" };
import { dayWindow } from "../src/compile/time.ts";
import type { McpBackend, ToolContext } from "../src/mcp/tools/mod.ts";
import { CORE_TOOLS } from "../src/mcp/tools/mod.ts";
import { GET_PATTERNS } from "../src/mcp/tools/get_patterns.ts";
import { GET_ROUTINE_PLAN } from "../src/mcp/tools/get_routine_plan.ts";
import type { Capture } from "../src/model.ts";
import { synthCapture } from "./_routines_synth.ts";

const validate = new Ajv({ strict: true }).compile(schema);
const { capture } = synthCapture({ days: 14, seed: 21 });
// The operator did not opt in, but a source that holds text must still never leak it.
for (const e of capture.events) if (e.kind === "text") e.text = "hunter2-secret";

function slice(c: Capture, w: { start: number; end: number }): Capture {
  return {
    ...c,
    window: w,
    snapshots: c.snapshots.filter((s) => s.at >= w.start && s.at < w.end),
    events: c.events.filter((e) => e.at >= w.start && e.at < w.end),
  };
}

const backend = {
  now: () => capture.window.end,
  settings: () => ({ tz: "UTC", budget: 1500, minMinutes: 0.5 }),
  resolveWindow(req: { day?: string }) {
    const day = req.day === "today" || req.day === undefined ? "2026-03-15" : req.day;
    return { ...dayWindow(day, "UTC"), day };
  },
  read: (w: { start: number; end: number }) => Promise.resolve(slice(capture, w)),
  compile: () => Promise.reject(new Error("not used")),
} as unknown as McpBackend;

const ctx: ToolContext = {
  backend,
  settings: backend.settings(),
  now: capture.window.end - 1,
  maxTokens: 8000,
};

/** Every routine get_patterns lists, following next_cursor through the pages. */
async function allRoutines(): Promise<{ id: string; title: string }[]> {
  const out: { id: string; title: string }[] = [];
  let cursor: string | undefined;
  let figures: { h: number; h_raw: number } | undefined;
  do {
    const args = { days: 14, until: "2026-03-15", ...(cursor ? { cursor } : {}) };
    const page = await GET_PATTERNS.run(args, ctx);
    assert.ok(!JSON.stringify(page).includes("hunter2"), "typed text never served");
    out.push(...(page.structured.routines as { id: string; title: string }[]));
    figures ??= page.structured.routine_figures as { h: number; h_raw: number };
    cursor = page.structured.next_cursor as string | undefined;
  } while (cursor !== undefined);
  assert.ok(figures!.h > 0 && figures!.h_raw > figures!.h, JSON.stringify(figures));
  return out;
}

Deno.test("get_patterns lists routines with h, and never typed text", async () => {
  const routines = await allRoutines();
  assert.ok(routines.length >= 5, JSON.stringify(routines.map((r) => r.title)));
});

Deno.test("get_routine_plan serves the plan of a listed routine; an unknown id says how to list", async () => {
  assert.ok(CORE_TOOLS.includes(GET_ROUTINE_PLAN));
  const id = (await allRoutines())[0].id;
  const out = await GET_ROUTINE_PLAN.run({ id, days: 14, until: "2026-03-15" }, ctx);
  assert.ok(validate(out.structured), JSON.stringify(validate.errors));
  assert.equal((out.structured.routine as { id: string }).id, id);
  assert.ok(!JSON.stringify(out).includes("hunter2"));
  await assert.rejects(
    GET_ROUTINE_PLAN.run({ id: "r-nothing", days: 14, until: "2026-03-15" }, ctx),
    /Unknown routine "r-nothing".*get_patterns/,
  );
});

Deno.test("get_patterns prices routines on the capture's own screen, as frames routines does (captureSteps)", async () => {
  const { captureSteps, mineRoutines } = await import("../src/routines/mod.ts");
  // A measured 2560×1440 screen: a step costs more tokens than on the default 1280×800.
  const big = [{ display: "monitor_1", x: 0, y: 0, width: 2560, height: 1440, scale: 1 }];
  const measured = { ...capture, displays: big };
  const wide = {
    ...backend,
    read: (w: { start: number; end: number }) => Promise.resolve(slice(measured, w)),
  };
  const page = await GET_PATTERNS.run(
    { days: 14, until: "2026-03-15" },
    { ...ctx, backend: wide as unknown as McpBackend },
  );
  const listed = page.structured.routines as { id: string; R_info: number }[];
  // The truth: the days the tool reads, mined once with the settled geometry.
  const days = Array.from({ length: 14 }, (_, i) => `2026-03-${String(2 + i).padStart(2, "0")}`);
  const got = captureSteps(days.map((d) => slice(measured, dayWindow(d, "UTC"))));
  assert.deepEqual(got.displays, big);
  const want = mineRoutines(got.steps, {
    tz: "UTC",
    unplaced: got.unplaced,
    displays: got.displays,
  });
  const byId = new Map(want.report.routines.map((r) => [r.id, r.R_info]));
  const plain = mineRoutines(got.steps, { tz: "UTC", unplaced: got.unplaced });
  const defaultR = new Map(plain.report.routines.map((r) => [r.id, r.R_info]));
  assert.ok(listed.length > 0);
  for (const r of listed) {
    assert.equal(r.R_info, byId.get(r.id), r.id);
    assert.ok(r.R_info > defaultR.get(r.id)!, `${r.id} priced on the measured screen`);
  }
});
