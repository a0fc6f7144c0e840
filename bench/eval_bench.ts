/**
 * Eval, export and timesheet benchmarks over the demo.
 *
 * `deno bench bench/eval_bench.ts`: one day's eval (oracle, questions, four representations
 * with token counts, recall) and one day's Parquet export.
 *
 * Whole-run figures for the targets (14-day eval, 60-day export, sizes, recall):
 *
 *   deno run -A bench/eval_bench.ts measure
 */

import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { dayWindow } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { loadTyper } from "../src/entities/mod.ts";
import { runEval } from "../src/eval/mod.ts";
import { exportParquet } from "../src/export/mod.ts";

const TZ = "Europe/Berlin";
const dir = Deno.makeTempDirSync({ prefix: "frames-eval-bench-" });
const typer = await loadTyper();

function demo(days: number) {
  const path = join(dir, `demo-${days}.sqlite`);
  const summary = writeDemoDatabase(path, { days, overwrite: true });
  return { path, days: summary.days.map((d) => d.day), busiest: summary.busiestDay };
}

function read(path: string, days: readonly string[]) {
  return days.map((day) => ({ day, capture: readScreenpipe(path, dayWindow(day, TZ)) }));
}

async function du(path: string): Promise<number> {
  let n = 0;
  for await (const e of Deno.readDir(path)) {
    const p = join(path, e.name);
    n += e.isDirectory ? await du(p) : (await Deno.stat(p)).size;
  }
  return n;
}

if (Deno.args[0] === "measure") {
  const two = demo(14);
  let t = performance.now();
  const report = await runEval(read(two.path, two.days), { tz: TZ, typer });
  const evalMs = performance.now() - t;
  const row = (n: string) => report.representations.find((r) => r.name === n)!;
  console.log(
    `eval, 14 demo days (read + oracle + questions + compile + 4 representations + recall): ${
      evalMs.toFixed(0)
    } ms`,
  );
  console.log(
    `questions: ${report.questions}; token ratio raw : json : md : block = ${report.token_ratio}`,
  );
  for (const r of report.representations) {
    console.log(
      `  ${r.name.padEnd(9)} ${
        String(r.tokens_per_day).padStart(7)
      } tokens/day  recall ${r.recall.pct}%`,
    );
  }
  console.log(`context block recall at 1,500 tokens: ${row("context").recall.pct}%`);
  const sixty = demo(60);
  const out = join(dir, "lake");
  t = performance.now();
  const summary = exportParquet(read(sixty.path, sixty.days), {
    dir: out,
    user: "bench",
    tz: TZ,
    typer,
  });
  const exportMs = performance.now() - t;
  console.log(
    `export, 60 demo days (read + compile + steps + Parquet): ${exportMs.toFixed(0)} ms, ${
      ((await du(out)) / 1e6).toFixed(1)
    } MB, ${summary.files.length} files, rows ${JSON.stringify(summary.rows)}`,
  );
  Deno.removeSync(dir, { recursive: true });
} else {
  const one = demo(3);
  const days = read(one.path, [one.busiest]);
  Deno.bench("runEval: the busiest demo day", async () => {
    await runEval(days, { tz: TZ, typer });
  });
  Deno.bench("exportParquet: the busiest demo day, four tables", () => {
    exportParquet(days, { dir: join(dir, "lake"), user: "bench", tz: TZ, typer });
  });
}
