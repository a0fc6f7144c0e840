/**
 * One-minute absorbs in a warm incremental session on a busy day, without and with the
 * demo's true geometry given (as `--displays` gives it), and with it inferred (`--displays
 * infer`): main-thread CPU and wall ms, and
 * how many absorbs looked element rows up for geometry inference (the element lookup is
 * wrapped and its whole-display probes counted). Each tree and mode in a fresh process of
 * its own (a second session in one process would run JIT-warm); with `--against DIR`, that
 * checkout too, alternating.
 *
 *   deno run -A bench/absorb_geometry.ts --source /tmp/demo.sqlite --against ../base
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
    child: { type: "string" }, // internal: the checkout this process times
    mode: { type: "string", default: "none" }, // internal: "none", "displays" or "infer"
  },
});
const GEOMETRY = "monitor_1=1920x1080+0+0,monitor_2=2560x1440+1920+0";

async function child(tree: string): Promise<void> {
  const cpu = cpuClock();
  const at = (f: string) => new URL(f, `file://${tree.replace(/\/?$/, "/")}`).href;
  const { resolveSource } = await import(at("adapters/resolve.ts"));
  const { startIncremental } = await import(at("src/compile/mod.ts"));
  const { parseDisplays } = await import(at("src/compile/enrich/mod.ts"));
  const { dayWindow } = await import(at("src/compile/time.ts"));
  const { loadTyperForUrls, redactCapture } = await import(at("src/entities/mod.ts"));
  const { deltaBetween, prefixCapture } = await import(at("src/cache/replay.ts"));
  const tz = values.tz!, day = values.day!, n = Number(values.absorbs);
  const source = await resolveSource(`screenpipe:${values.source}`);
  const w = dayWindow(day, tz);
  const capture = redactCapture(source.read(w));
  const urls = capture.snapshots.flatMap((s: { url?: string }) => s.url ? [s.url] : []);
  const typer = await loadTyperForUrls(urls);
  const opts = {
    tz,
    day,
    ...(typer ? { typer } : {}),
    ...(values.mode === "infer" ? { inferDisplays: true } : {}),
  };
  {
    const mode = values.mode;
    const inner = capture.elements;
    let probes = 0;
    const elements = {
      units: inner.units,
      near: (p: { dx: number; dy: number }[]) => {
        probes += p.filter((x) => x.dx === 0.5 && x.dy === 0.5).length;
        return inner.near(p);
      },
      ...(inner.levels ? { levels: inner.levels.bind(inner) } : {}),
    };
    const displays = mode === "displays" ? parseDisplays(GEOMETRY) : capture.displays;
    const cap = { ...capture, elements, displays };
    let t = w.start + (w.end - w.start) * 0.6;
    const session = startIncremental(prefixCapture(cap, t), opts);
    for (let i = 0; i < 5; i++, t += 60_000) session.absorb(deltaBetween(cap, t, t + 60_000));
    const c: number[] = [], wall: number[] = [];
    let looked = 0, snaps = 0;
    for (let i = 0; i < n; i++, t += 60_000) {
      const delta = deltaBetween(cap, t, t + 60_000);
      const p0 = probes, c0 = cpu(), w0 = performance.now();
      session.absorb(delta);
      c.push(cpu() - c0);
      wall.push(performance.now() - w0);
      if (probes > p0) looked++;
      snaps += probes - p0;
    }
    const said = mode === "none"
      ? "no --displays"
      : mode === "infer"
      ? "--displays infer"
      : "--displays";
    console.log(
      `${tree}: ${said}: CPU median ${quantile(c, 0.5).toFixed(2)} min ${
        quantile(c, 0).toFixed(2)
      } ` +
        `p90 ${quantile(c, 0.9).toFixed(2)}, wall median ${quantile(wall, 0.5).toFixed(2)}; ` +
        `looked rows up ${looked}/${n} (${snaps} snapshots)`,
    );
  }
}

if (values.child !== undefined) await child(values.child);
else {
  if (values.source === undefined) throw new Error("Cannot time absorbs: pass --source DB");
  const here = fileURLToPath(new URL("..", import.meta.url));
  const trees = values.against ? [here, values.against] : [here];
  for (let r = 0; r < Number(values.rounds); r++) {
    for (const [tree, mode] of trees.flatMap((t) => [[t, "none"], [t, "displays"], [t, "infer"]])) {
      const mine = ["--source", values.source, "--day", values.day!, "--tz", values.tz!];
      const args = ["--child", tree, "--mode", mode, ...mine, "--absorbs", values.absorbs!];
      console.log(runUnderTree(tree, import.meta.filename!, args).replace(/\n$/, ""));
    }
  }
}
