/**
 * The busy day's stages in fresh processes, timed by the main thread's CPU clock
 * (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)` through FFI, Linux), so a loaded machine's wait
 * for a core is not counted; wall time of the same stages varies by ±40% at load 5 here.
 * Prints the median of `--runs` children per stage; with `--against DIR`, that checkout's
 * stages too, alternating.
 *
 *   deno run -A bench/stage_cpu.ts --source /tmp/demo.sqlite --day 2026-03-25 --against ../base
 *
 * @module
 */

import { parseArgs } from "../src/cli/_parse_args.ts";
import { cpuClock } from "./_cpu_clock.ts";
import { runUnderTree } from "./_tree_child.ts";

const { values } = parseArgs({
  args: Deno.args,
  allowPositionals: false,
  options: {
    source: { type: "string" },
    day: { type: "string", default: "2026-03-25" },
    tz: { type: "string", default: "Europe/Berlin" },
    runs: { type: "string", default: "9" },
    against: { type: "string" },
    child: { type: "string" }, // internal: the checkout whose stages this process times
  },
}) as { values: Record<string, string | undefined> };

async function child(tree: string): Promise<void> {
  const cpu = cpuClock();
  const at = (file: string) => new URL(file, `file://${tree.replace(/\/?$/, "/")}`).href;
  const times: Record<string, number> = {};
  let last = cpu();
  const mark = (stage: string) => {
    const now = cpu();
    times[stage] = now - last;
    last = now;
  };
  const { readScreenpipe } = await import(at("adapters/screenpipe/read.ts"));
  const { redactCapture } = await import(at("src/entities/redact_capture.ts"));
  const { loadTyperForUrls } = await import(at("src/entities/mod.ts"));
  const { captureUrls } = await import(at("src/cli/_capture.ts"));
  // The compiler as `frames compile` loads it (src/cli/_capture.ts, loadCompiler): the
  // options and the pipeline, not src/compile/mod.ts, which also holds the live session's
  // modules (incremental, tail, memos) a one-off compile never loads.
  const [{ settle }, { compileSettled }] = await Promise.all([
    import(at("src/compile/options.ts")),
    import(at("src/compile/pipeline.ts")),
  ]);
  const noTyper = () => {
    throw new Error("Cannot time the compile stage: the day's URLs have no typer");
  };
  const compile = (c: unknown, o: Record<string, unknown>) => compileSettled(c, settle(o, noTyper));
  const { dayWindow } = await import(at("src/compile/time.ts"));
  const { emitJson } = await import(at("src/emit/json.ts"));
  mark("import");
  const tz = values.tz!;
  const raw = readScreenpipe(
    values.source!.replace(/^screenpipe:/, ""),
    dayWindow(values.day!, tz),
  );
  mark("read");
  const capture = redactCapture(raw);
  mark("redact");
  const typer = await loadTyperForUrls(captureUrls(capture));
  mark("typer");
  const doc = compile(capture, { tz, day: values.day, ...(typer ? { typer } : {}) });
  mark("compile");
  emitJson(doc);
  mark("json");
  console.log(JSON.stringify(times));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

if (values.child !== undefined) {
  await child(values.child);
} else {
  if (values.source === undefined) throw new Error("Cannot time the stages: pass --source DB");
  const here = new URL("..", import.meta.url).pathname;
  const trees = values.against ? [here, values.against] : [here];
  const got = new Map<string, Record<string, number[]>>(trees.map((t) => [t, {}]));
  for (let i = 0; i < Number(values.runs); i++) {
    for (const tree of trees) {
      const args = ["--child", tree, "--source", values.source, "--day", values.day!];
      const out = runUnderTree(tree, import.meta.filename!, [...args, "--tz", values.tz!]);
      const times = JSON.parse(out) as Record<string, number>;
      const acc = got.get(tree)!;
      for (const [k, v] of Object.entries(times)) (acc[k] ??= []).push(v);
    }
  }
  console.log(`main-thread CPU ms per stage, median of ${values.runs} fresh processes:`);
  for (const [tree, acc] of got) {
    const line = Object.entries(acc).map(([k, v]) => `${k} ${median(v).toFixed(1)}`).join(", ");
    console.log(`${tree}: ${line}`);
  }
}
