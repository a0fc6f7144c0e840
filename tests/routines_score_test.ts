/**
 * Scoring the miner against planted truth (issue 15 targets): recall of planted routines,
 * precision, |h − planted share|, near-duplicates separated, and the temporal holdout.
 * The truth comes from this file's own planted fixture (tests/_routines_synth.ts, in the
 * shape of /work/wt/ROUTINES_TRUTH.md) and, once `frames demo --routines` exists, from the
 * demo's `routines.truth.json` — detected by reading `frames demo --help`.
 */

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { addDays } from "../src/compile/time.ts";
import { actionSteps, mineRoutines } from "../src/routines/mod.ts";
import { runFrames } from "./_frames.ts";
import { synthCapture, type Truth } from "./_routines_synth.ts";

interface Reported {
  h: number;
  h_out: number | null;
  routines: { id: string; occurrences: { event_ids: number[]; start: string }[] }[];
}

/** The scores, computed from event ids only (independent of how the miner works). */
export function score(truth: Truth, report: Reported) {
  const owner = new Map<number, string>();
  for (const p of truth.routines) {
    for (const o of p.occurrences) for (const e of o.event_ids) owner.set(e, p.id);
  }
  const ids = (r: Reported["routines"][number]) => r.occurrences.flatMap((o) => o.event_ids);
  // A reported routine is planted structure when ≥ 90% of its steps are one planted routine's.
  const majority = report.routines.map((r) => {
    const counts = new Map<string, number>();
    for (const e of ids(r)) {
      const p = owner.get(e);
      if (p !== undefined) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    const [best, n] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    return {
      id: r.id,
      planted: n >= 0.9 * ids(r).length ? best : undefined,
      steps: new Set(ids(r)),
    };
  });
  const matchOf = new Map<string, string>();
  for (const p of truth.routines) {
    const all = p.occurrences.flatMap((o) => o.event_ids);
    let best: string | undefined, bestShare = 0;
    for (const m of majority) {
      if (m.planted !== p.id) continue;
      const share = all.filter((e) => m.steps.has(e)).length / all.length;
      if (share > bestShare) [best, bestShare] = [m.id, share];
    }
    if (best !== undefined && bestShare >= 0.75) matchOf.set(p.id, best);
  }
  const recall = matchOf.size / truth.routines.length;
  const precision = report.routines.length === 0
    ? 1
    : majority.filter((m) => m.planted !== undefined).length / report.routines.length;
  const separated = truth.near_duplicates.every(([a, b]) =>
    matchOf.has(a) && matchOf.has(b) && matchOf.get(a) !== matchOf.get(b)
  );
  return {
    recall,
    precision,
    hError: Math.abs(report.h - truth.planted_share),
    separated,
    matchOf,
  };
}

function mine(days: number, seed: number, holdoutFrom?: number) {
  const { capture, truth } = synthCapture({ days, seed });
  const { steps, unplaced } = actionSteps(capture);
  return { truth, report: mineRoutines(steps, { tz: "UTC", unplaced, holdoutFrom }).report };
}

for (const seed of [1, 2, 3]) {
  Deno.test(`mineRoutines() meets the targets on the planted fixture (seed ${seed})`, () => {
    const { truth, report } = mine(28, seed);
    const s = score(truth, report);
    assert.equal(s.recall, 1, `recall ${s.recall}: ${JSON.stringify([...s.matchOf])}`);
    assert.ok(s.precision >= 0.9, `precision ${s.precision}`);
    assert.ok(s.hError <= 0.005, `|h − planted| = ${s.hError}`);
    assert.ok(s.separated, "near-duplicates separated");
    assert.ok(report.h_raw > 10 * truth.planted_share, `h_raw ${report.h_raw}`);
  });
}

/**
 * Planted routines minable before `split` (≥ 3 occurrences there) that also occur from
 * `split` on, and those whose later steps the report covers less than 75%.
 */
function holdoutMisses(truth: Truth, report: Reported, split: string) {
  const later = (p: Truth["routines"][number]) => p.occurrences.filter((o) => o.day >= split);
  const minable = truth.routines.filter((p) =>
    p.occurrences.length - later(p).length >= 3 && later(p).length > 0
  );
  const reported = report.routines.map((r) => new Set(r.occurrences.flatMap((o) => o.event_ids)));
  const misses = minable.filter((p) => {
    const after = later(p).flatMap((o) => o.event_ids);
    const best = Math.max(0, ...reported.map((set) => after.filter((e) => set.has(e)).length));
    return best < 0.75 * after.length;
  });
  return { minable, misses };
}

Deno.test("mineRoutines() with a holdout matches every minable routine on the later half", () => {
  const { truth, report } = mine(28, 4, Date.UTC(2026, 2, 2 + 14));
  const { minable, misses } = holdoutMisses(truth, report, "2026-03-16");
  assert.ok(minable.length >= 5, `${minable.length} minable routines`);
  assert.deepEqual(misses.map((p) => p.id), []);
  // The weekly routine has only two occurrences before the split: it cannot be mined there.
  const weekly = truth.routines.find((p) => p.id === "p6")!;
  const weeklyIds = new Set(weekly.occurrences.flatMap((o) => o.event_ids));
  assert.ok(
    report.routines.every((r) =>
      r.occurrences.every((o) => !o.event_ids.some((e) => weeklyIds.has(e)))
    ),
  );
  assert.ok(report.h_in! > 0 && report.h_out! > 0);
});

// --- the demo's planted truth, when `frames demo --routines` exists -------------------

const home = await Deno.makeTempDir({ prefix: "frames-routines-score-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));
const demoHelp = await runFrames(["demo", "--help"], { home });
const demoHasRoutines = demoHelp.stdout.includes("--routines");

Deno.test({
  name: "frames routines meets the targets on the demo's planted routines (frames demo --routines)",
  ignore: !demoHasRoutines,
  async fn() {
    const demo = await runFrames(["demo", "--routines", "--keep"], { home });
    assert.equal(demo.code, 0, demo.stderr);
    const db = /(\/\S+\.sqlite)/.exec(demo.stdout + demo.stderr)?.[1];
    assert.ok(db !== undefined, `no database path in: ${demo.stdout}${demo.stderr}`);
    const truth = JSON.parse(
      await Deno.readTextFile(join(dirname(db), "routines.truth.json")),
    ) as Truth;
    const days = truth.routines.flatMap((p) => p.occurrences.map((o) => o.day)).sort();
    const args = [
      "routines",
      "--source",
      `screenpipe:${db}`,
      "--tz",
      "Europe/Berlin",
      // The corpus may start before its first planted occurrence and end after the last:
      // a week either side holds every action step the truth counts.
      "--from",
      addDays(days[0], -7),
      "--to",
      addDays(days[days.length - 1], 7),
      "--displays",
      "monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0",
    ];
    const r = await runFrames(args, { home });
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as Reported;
    const s = score(truth, report);
    console.log(`demo: recall ${s.recall}, precision ${s.precision}, |h − planted| ${s.hError}`);
    assert.equal(s.recall, 1);
    assert.ok(s.precision >= 0.9);
    assert.ok(s.hError <= 0.005);
    assert.ok(s.separated);
    const split = days[Math.floor(days.length / 2)];
    const held = await runFrames([...args, "--holdout-from", split], { home });
    assert.equal(held.code, 0, held.stderr);
    const { minable, misses } = holdoutMisses(truth, JSON.parse(held.stdout) as Reported, split);
    console.log(
      `demo holdout from ${split}: ${minable.length - misses.length}/${minable.length} matched`,
    );
    assert.deepEqual(misses.map((p) => p.id), []);
    await Deno.remove(dirname(db), { recursive: true });
  },
});
