/**
 * Routine mining speed on 7, 14 and 28 days of synthetic capture (≈ 3.5k input events and
 * ≈ 2k snapshots a day, six planted routines among background clicks on generic names).
 *
 *   deno bench -A bench/routines_bench.ts              # in-process: steps view + mining
 *   deno run -A bench/routines_bench.ts --process      # whole `frames routines` processes,
 *                                                      # wall time and peak memory (RSS)
 *
 * @module
 */

import { join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { actionSteps, mineRoutines } from "../src/routines/mod.ts";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { synthCapture, writeScreenpipe } from "../tests/_routines_synth.ts";

const HERE = fileURLToPath(new URL("..", import.meta.url));
const VOLUME = { background: 1750, noise: true, dense: true, seed: 1 };

function corpus(days: number) {
  return synthCapture({ days, ...VOLUME }).capture;
}

if (import.meta.main && Deno.args.includes("--process")) {
  const { values } = parseArgs({
    options: { process: { type: "boolean" }, runs: { type: "string", default: "3" } },
  });
  const dir = await Deno.makeTempDir({ prefix: "frames-routines-bench-" });
  try {
    for (const days of [7, 14, 28]) {
      const capture = corpus(days);
      const db = join(dir, `db-${days}.sqlite`);
      writeScreenpipe(capture, db, SCREENPIPE_SCHEMA_SQL);
      const to = new Date(capture.window.end - 1).toISOString().slice(0, 10);
      const args = ["run", "-A", join(HERE, "main.ts"), "routines", "--source", `screenpipe:${db}`];
      args.push("--from", "2026-03-02", "--to", to, "--tz", "UTC", "-o", join(dir, "out.json"));
      const times: number[] = [];
      let rss = 0;
      for (let i = 0; i < Number(values.runs); i++) {
        const t0 = performance.now();
        const out = new Deno.Command("/usr/bin/time", {
          args: ["-f", "%M", Deno.execPath(), ...args],
          stdout: "null",
          stderr: "piped",
        }).outputSync();
        times.push(performance.now() - t0);
        const err = new TextDecoder().decode(out.stderr).trim().split("\n");
        if (!out.success) throw new Error(`frames routines failed: ${err.join(" ")}`);
        rss = Math.max(rss, Number(err[err.length - 1]) / 1024);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${days} days: ${capture.events.length} input events, ${capture.snapshots.length} snapshots: ` +
          `median ${(times[times.length >> 1] / 1000).toFixed(2)} s, peak RSS ${rss.toFixed(0)} MB`,
      );
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
} else {
  for (const days of [7, 14, 28]) {
    const capture = corpus(days);
    const { steps, unplaced } = actionSteps(capture);
    Deno.bench(
      `steps view, ${days} days (${capture.events.length} events)`,
      { group: `${days}` },
      () => {
        actionSteps(capture);
      },
    );
    Deno.bench(`mining, ${days} days (${steps.length} action steps)`, {
      group: `${days}`,
      baseline: true,
    }, () => {
      mineRoutines(steps, { tz: "UTC", unplaced });
    });
  }
}
