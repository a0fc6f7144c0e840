/**
 * Replay's own costs on the fixture site, in headless Debian Chromium (run with -A:
 * playwright-core needs it): browser start to the first step, and the guard machinery's
 * per-step overhead (URL check + one exact role lookup; the settle re-check excluded).
 *
 *   deno run -A bench/replay_bench.ts [--runs 10]
 *
 * Prints medians and p90s over the runs as one JSON object (not a `deno bench` file: each
 * sample is a whole browser session, far longer than Deno.bench's iterations).
 */

import { parseArgs } from "node:util";
import { PLANS, serveSite } from "../tests/data/replay-site/serve.ts";
import { parsePlan, replay } from "../src/replay/mod.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { runs: { type: "string", default: "10" } },
});
const runs = Number(values.runs);
const site = serveSite();
const urlMap = [
  { from: "https://tracker.example.com", to: site.origin },
  { from: "https://billing.example.com", to: site.origin },
];
const plans: { plan: ReturnType<typeof parsePlan>; slots: Record<string, string> }[] = [
  {
    plan: parsePlan(JSON.parse(Deno.readTextFileSync(PLANS.setStatus))),
    slots: { status: "Done" },
  },
  {
    plan: parsePlan(JSON.parse(Deno.readTextFileSync(PLANS.sendInvoice))),
    slots: { customer: "ACME", amount: "1" },
  },
];
const start: number[] = [], first: number[] = [], guard: number[] = [], settledSteps: number[] = [];
for (let i = 0; i < runs; i++) {
  for (const { plan, slots } of plans) {
    const r = await replay(plan, {
      slots,
      urlMap,
      execute: true,
      allowDestructive: true,
      screenshotDir: null,
    });
    if (r.outcome !== "completed") throw new Error(`bench run failed: ${r.message}`);
    start.push(r.browser_start_ms);
    first.push(r.first_step_ms!);
    for (const s of r.steps) {
      // Navigate steps' guard is a string compare; the element guards are what cost.
      if (s.op !== "navigate" && s.status !== "skipped") guard.push(s.guard_ms);
      if (s.settled) settledSteps.push(s.index);
    }
  }
}
await site.close();
const q = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(JSON.stringify(
  {
    runs: runs * plans.length,
    browser_start_ms: { median: q(start, 0.5), p90: q(start, 0.9) },
    start_to_first_step_ms: { median: q(first, 0.5), p90: q(first, 0.9) },
    element_guard_ms: {
      samples: guard.length,
      median: q(guard, 0.5),
      p90: q(guard, 0.9),
      max: Math.max(...guard),
    },
    steps_needing_settle: settledSteps.length,
  },
  null,
  2,
));
