/**
 * One-minute absorbs in a warm incremental session at 10%, 50% and 90% of a busy day's
 * rows (issue 19 item 3): the whole-day recompute grows with the rows already absorbed,
 * the tail path should not. Main-thread CPU and wall ms per absorb, median and min; each
 * tree and position in a fresh process of its own (a second session in one process would
 * run JIT-warm); with `--against DIR`, that checkout too, alternating. `--stages` times the
 * measuring half alone in this tree: a whole buildFrames() + tallyCredit() against the
 * session's tail build + tally, on the same rows, each with every union of the tally
 * measured once (what ledgers and coverage read).
 *
 *   deno run -A bench/absorb_tail.ts --source /tmp/demo.sqlite --against /work/base7
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { cpuClock } from "./_cpu_clock.ts";
import { quantile, runUnderTree } from "./_tree_child.ts";

const { values } = parseArgs({
  options: {
    source: { type: "string" },
    day: { type: "string", default: "2026-03-25" },
    tz: { type: "string", default: "Europe/Berlin" },
    absorbs: { type: "string", default: "40" },
    rounds: { type: "string", default: "2" },
    against: { type: "string" },
    stages: { type: "boolean", default: false },
    child: { type: "string" }, // internal: the checkout this process times
    at: { type: "string" }, // internal: the position, a fraction of the day's rows
  },
});

const fmt = (xs: number[]) => `${quantile(xs, 0.5).toFixed(2)} / ${quantile(xs, 0).toFixed(2)}`;

async function child(tree: string, frac: number): Promise<void> {
  const cpu = cpuClock();
  const at = (f: string) => new URL(f, `file://${tree.replace(/\/?$/, "/")}`).href;
  const { resolveSource } = await import(at("adapters/resolve.ts"));
  const { startIncremental } = await import(at("src/compile/mod.ts"));
  const incremental = await import(at("src/compile/incremental.ts"));
  const { dayWindow } = await import(at("src/compile/time.ts"));
  const { loadTyperForUrls, redactCapture } = await import(at("src/entities/mod.ts"));
  const { deltaBetween, prefixCapture } = await import(at("src/cache/replay.ts"));
  const tz = values.tz!, day = values.day!, n = Number(values.absorbs);
  const source = await resolveSource(`screenpipe:${values.source}`);
  const capture = redactCapture(source.read(dayWindow(day, tz)));
  const urls = capture.snapshots.flatMap((s: { url?: string }) => s.url ? [s.url] : []);
  const typer = await loadTyperForUrls(urls);
  const opts = { tz, day, ...(typer ? { typer } : {}) };
  const times = [...capture.snapshots, ...capture.events].map((r: { at: number }) => r.at)
    .sort((a: number, b: number) => a - b);
  let t = times[Math.floor(frac * (times.length - 1))];
  const rowsBefore = times.filter((x: number) => x < t).length;
  const session = startIncremental(prefixCapture(capture, t), opts);
  for (let i = 0; i < 5; i++, t += 60_000) session.absorb(deltaBetween(capture, t, t + 60_000));
  const c: number[] = [], wall: number[] = [];
  let rows = 0;
  for (let i = 0; i < n; i++, t += 60_000) {
    const delta = deltaBetween(capture, t, t + 60_000);
    rows += delta.snapshots.length + delta.events.length;
    const c0 = cpu(), w0 = performance.now();
    session.absorb(delta);
    c.push(cpu() - c0);
    wall.push(performance.now() - w0);
  }
  const paths = incremental.absorbPaths?.(session);
  const said = paths ? `tail ${paths.tail}, whole ${paths.whole}` : "whole-day recompute";
  console.log(
    `${tree} at ${Math.round(frac * 100)}% (${rowsBefore} rows before, ${
      (rows / n).toFixed(1)
    } new per absorb): CPU median/min ${fmt(c)}, wall ${fmt(wall)}; ${said}`,
  );
}

/** The measuring half alone, this tree: whole buildFrames + tally against the tail build. */
async function stages(frac: number): Promise<void> {
  const cpu = cpuClock();
  const { resolveSource } = await import("../adapters/resolve.ts");
  const { buildFrames, DEFAULT_RULES } = await import("../src/compile/mod.ts");
  const { tallyCredit } = await import("../src/compile/tally.ts");
  const { tailSession } = await import("../src/compile/tail.ts");
  const { cachedSiteOf } = await import("../src/compile/site.ts");
  const { dayWindow } = await import("../src/compile/time.ts");
  const { redactCapture } = await import("../src/entities/mod.ts");
  const { deltaBetween, prefixCapture } = await import("../src/cache/replay.ts");
  const source = await resolveSource(`screenpipe:${values.source}`);
  const capture = redactCapture(source.read(dayWindow(values.day!, values.tz!)));
  const times = [...capture.snapshots, ...capture.events].map((r) => r.at).sort((a, b) => a - b);
  let t = times[Math.floor(frac * (times.length - 1))];
  const first = prefixCapture(capture, t);
  const cap = redactCapture({
    ...first,
    snapshots: [...first.snapshots],
    events: [...first.events],
  });
  const site = cachedSiteOf();
  const session = tailSession(site);
  const o = { stale: true };
  session.build(cap, DEFAULT_RULES, o, false);
  const whole: number[] = [], tail: number[] = [];
  // What ledgers and coverage read of a tally: every union measured once.
  const measure = (ty: ReturnType<typeof tallyCredit>) => {
    for (const key of ["\u0000all", "presence:"]) ty.union.unionMs(key);
    for (const a of ty.apps) ty.union.unionMs("app:" + a);
    for (const x of ty.sites) ty.union.unionMs("site:" + x);
  };
  for (let i = 0; i < 5 + Number(values.absorbs); i++, t += 60_000) {
    const d = deltaBetween(capture, t, t + 60_000);
    cap.snapshots.push(...d.snapshots!);
    cap.events.push(...d.events!);
    const a0 = cpu();
    measure(tallyCredit(buildFrames(cap, DEFAULT_RULES, o)));
    const a1 = cpu();
    measure(session.tally(session.build(cap, DEFAULT_RULES, o, true)));
    const a2 = cpu();
    if (i >= 5) {
      whole.push(a1 - a0);
      tail.push(a2 - a1);
    }
  }
  console.log(
    `stages at ${Math.round(frac * 100)}%: buildFrames + tally + its unions, whole ${
      fmt(whole)
    }; tail ${
      fmt(tail)
    } (CPU median / min ms; tail ${session.counts.tail}, whole ${session.counts.whole})`,
  );
}

const FRACS = [0.1, 0.5, 0.9];
if (values.child !== undefined) {
  if (values.child === "stages") await stages(Number(values.at));
  else await child(values.child, Number(values.at));
} else {
  if (values.source === undefined) throw new Error("Cannot time absorbs: pass --source DB");
  const here = fileURLToPath(new URL("..", import.meta.url));
  const trees = values.against ? [here, values.against] : [here];
  const load = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  for (let r = 0; r < Number(values.rounds); r++) {
    console.log(`round ${r + 1}, load ${load()}`);
    const jobs = values.stages
      ? FRACS.map((f) => [here, "stages", f] as const)
      : FRACS.flatMap((f) => trees.map((tree) => [tree, tree, f] as const));
    for (const [tree, who, f] of jobs) {
      const args = ["--child", who, "--at", String(f), "--source", values.source];
      args.push("--day", values.day!, "--tz", values.tz!, "--absorbs", values.absorbs!);
      console.log(runUnderTree(tree, import.meta.filename!, args).replace(/\n$/, ""));
    }
  }
}
