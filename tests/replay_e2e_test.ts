import { deepEqual, equal, ok } from "node:assert/strict";
import { dirname, join } from "node:path";
import { browserTest } from "./_requires.ts";
import { runFrames } from "./_frames.ts";
import { serveSite, type SiteEvent } from "./data/replay-site/serve.ts";
import { addDays } from "../src/compile/time.ts";
import { DEMO_DISPLAYS, TRUTH_FILE } from "../src/demo/mod.ts";
import type { RoutinePlan } from "../src/routines/mod.ts";
import type { ReplayReport } from "../src/replay/mod.ts";

// End to end, as a user would chain the commands: plant routines (`frames demo --routines`),
// mine them (`frames routines`), write each web routine's guarded plan (`frames routines
// plan ID`) and replay it (`frames replay`) on the fixture site, whose mirrors of the
// demo's Linear, GitHub and Stripe pages sit under /HOST/… — so `--url-map
// https://HOST=ORIGIN/HOST` is the only thing the test adds to a mined plan. Routines of
// desktop apps (Mail, Slack, Notion) have no site and cannot run in a browser.

const OPTS = { sanitizeOps: false, sanitizeResources: false };
const A = ["run", "-A"];
let runs = 0;

interface Truth {
  routines: { id: string; site: string | null; occurrences: { day: string }[] }[];
}

interface Mined {
  routines: { id: string; title: string; site: string | null }[];
}

/** Target slots take the first name seen; typed text (never shown without opt-in) a fixed one. */
function slotArgs(plan: RoutinePlan): string[] {
  return plan.slots.flatMap((s) => [
    "--slot",
    `${s.name}=${s.examples?.[0] ?? `typed by the replay e2e test (${s.name})`}`,
  ]);
}

async function replay(
  home: string,
  planFile: string,
  plan: RoutinePlan,
  origin: string,
  args: string[] = [],
): Promise<{ code: number; report: ReplayReport; stderr: string }> {
  const reportFile = join(home, `run-${++runs}.json`);
  const r = await runFrames([
    "replay",
    planFile,
    ...slotArgs(plan),
    "--url-map",
    `https://${plan.site}=${origin}/${plan.site}`,
    "--report",
    reportFile,
    ...args,
  ], { home, flags: A });
  ok(r.code === 0 || r.code === 1, `frames replay ${plan.routine.id}: exit ${r.code}: ${r.stderr}`);
  return {
    code: r.code,
    report: JSON.parse(await Deno.readTextFile(reportFile)),
    stderr: r.stderr,
  };
}

function timings(report: ReplayReport): string {
  const steps = report.steps.map((s) =>
    `${s.index} ${s.status} ${s.guard_ms}${s.settled ? `+${s.settle_ms} settle` : ""}`
  );
  return `browser ${report.browser_start_ms} ms; guard ms per step: ${steps.join(", ")}`;
}

browserTest("plan from frames routines plan replays on the fixture site", OPTS, async () => {
  const home = await Deno.makeTempDir({ prefix: "frames_replay_e2e_" });
  const demo = await runFrames(["demo", "--routines", "--keep", "-f", "context"], { home });
  equal(demo.code, 0, demo.stderr);
  const db = /database kept at (.*)$/m.exec(demo.stderr)?.[1];
  ok(db, `the demo names its database: ${demo.stderr}`);
  const truth: Truth = JSON.parse(await Deno.readTextFile(join(dirname(db), TRUTH_FILE)));
  // The demo's own window (its planted days), not the default 28 days ending today.
  const days = truth.routines.flatMap((p) => p.occurrences.map((o) => o.day)).sort();
  const window = [
    "--source",
    `screenpipe:${db}`,
    "--tz",
    "Europe/Berlin",
    "--from",
    days[0],
    "--to",
    addDays(days[days.length - 1], 1),
    "--displays",
    DEMO_DISPLAYS,
  ];
  const mined = await runFrames(["routines", ...window, "-f", "json"], { home });
  equal(mined.code, 0, mined.stderr);
  const report = JSON.parse(mined.stdout) as Mined;
  const web = report.routines.filter((r) => r.site !== null);
  // Every planted site is mined (github.com twice: Approve and Request changes stay apart).
  const plantedSites = truth.routines.flatMap((p) => p.site === null ? [] : [p.site]).sort();
  deepEqual(web.map((r) => r.site).sort(), plantedSites, JSON.stringify(report.routines));

  const site = serveSite();
  // Read through a function: an assertion on site.events would narrow its type for good.
  const events = (): SiteEvent[] => site.events;
  try {
    const plans = new Map<string, { file: string; plan: RoutinePlan }>();
    for (const r of web) {
      const file = join(home, `${r.id}.json`);
      const planned = await runFrames(["routines", "plan", r.id, ...window, "-o", file], { home });
      equal(planned.code, 0, planned.stderr);
      plans.set(r.id, { file, plan: JSON.parse(await Deno.readTextFile(file)) });
    }

    // Dry runs: every step of every web plan passes its guards, and nothing happens.
    const clean: string[] = [];
    for (const [id, { file, plan }] of plans) {
      const dry = await replay(home, file, plan, site.origin);
      console.log(`dry run ${id} (${plan.site}): ${dry.report.outcome}; ${timings(dry.report)}`);
      equal(dry.code, 0, `${id}: ${dry.report.message}\n${dry.stderr}`);
      deepEqual(
        dry.report.steps.map((s) => s.status),
        plan.steps.map(() => "checked"),
        `${id}: ${JSON.stringify(dry.report.steps.map((s) => [s.status, s.reason, s.found]))}`,
      );
      clean.push(id);
    }
    ok(clean.length >= 2, `at least two mined plans dry-run cleanly: ${clean.join(", ")}`);
    deepEqual(events(), [], "a dry run clicks, types and submits nothing");

    // Execute the Linear plan: the issue the first slot names ends up In Progress.
    const linear = [...plans.values()].find((p) => p.plan.site === "linear.app")!;
    const done = await replay(home, linear.file, linear.plan, site.origin, ["--execute"]);
    console.log(`execute ${linear.plan.routine.id}: ${timings(done.report)}`);
    equal(done.code, 0, done.report.message);
    deepEqual(done.report.steps.map((s) => s.status), linear.plan.steps.map(() => "done"));
    const issue = linear.plan.slots.find((s) => s.kind === "target")!.examples![0];
    const key = issue.split(" ")[0];
    equal(done.report.final?.title, `${key} · In Progress`, "the page shows the new status");
    deepEqual(events().map((e) => [e.action, e.value, e.page.split("/")[4]]), [
      ["status", "In Progress", key],
    ]);

    // The GitHub reviews: refused at the first destructive step without the flag (nothing
    // submitted), then submitted with it — each plan its own verdict.
    const reviews = [...plans.values()].filter((p) => p.plan.site === "github.com");
    equal(reviews.length, 2);
    for (const { file, plan } of reviews) {
      const firstDestructive = plan.steps.find((s) => s.destructive)!;
      ok(firstDestructive, `${plan.routine.id} has a destructive step`);
      const before = events().length;
      const refused = await replay(home, file, plan, site.origin, ["--execute"]);
      equal(refused.code, 1, refused.report.message);
      equal(refused.report.outcome, "refused");
      equal(refused.report.stopped_at, firstDestructive.index);
      equal(refused.report.steps[firstDestructive.index - 1].status, "refused");
      equal(events().length, before, "nothing submitted without --allow-destructive");

      const submitted = await replay(home, file, plan, site.origin, [
        "--execute",
        "--allow-destructive",
      ]);
      console.log(`execute --allow-destructive ${plan.routine.id}: ${timings(submitted.report)}`);
      equal(submitted.code, 0, submitted.report.message);
      const verdict = plan.steps.find((s) => s.target?.role === "radio")!.target!.name!;
      const pull = events().slice(before);
      deepEqual(pull.map((e) => [e.action, e.verdict]), [["review", verdict]]);
      ok(submitted.report.final?.title.endsWith(`· ${verdict}`), submitted.report.final?.title);
    }
  } finally {
    await site.close();
    await Deno.remove(dirname(db), { recursive: true });
    await Deno.remove(home, { recursive: true });
  }
});
