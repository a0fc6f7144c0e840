/**
 * Whole-process time of `frames compile --day` (start-up, module load, read, compile, emit),
 * which `deno bench` cannot see. Runs this tree and, with `--against DIR`, another checkout
 * alternately in one session, so the machine's noise hits both alike; prints each median and
 * their ratio.
 *
 *   deno run -A bench/process_bench.ts                       # this tree, demo's busiest day
 *   deno run -A bench/process_bench.ts --against ../baseline --runs 21
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL("..", import.meta.url));

const { values } = parseArgs({
  options: {
    against: { type: "string" },
    runs: { type: "string", default: "15" },
    source: { type: "string" },
    day: { type: "string" },
    tz: { type: "string", default: "Europe/Berlin" },
  },
});

function frames(tree: string, args: string[]): Deno.CommandOutput {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", ...args],
    cwd: tree,
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
}

/** The demo's database and busiest day, built by this tree's `frames demo --keep`. */
function demoSource(): { source: string; day: string } {
  const out = frames(HERE, ["demo", "--keep", "-f", "context"]);
  const err = new TextDecoder().decode(out.stderr);
  const db = err.match(/database kept at (.*)$/m)?.[1];
  const day = new TextDecoder().decode(out.stdout).match(/USER ACTIVITY \((\d{4}-\d\d-\d\d)/)?.[1];
  if (!out.success || !db || !day) throw new Error(`Cannot build the demo database: ${err}`);
  return { source: `screenpipe:${db}`, day };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const demo = values.source ? undefined : demoSource();
const source = values.source ?? demo!.source;
const day = values.day ?? demo?.day ?? "today";
const args = ["compile", "--source", source, "--day", day, "--tz", values.tz!];
const trees = values.against ? [HERE, values.against] : [HERE];
const times = new Map<string, number[]>(trees.map((t) => [t, []]));
const outputs = new Map<string, string>();
const runs = Number(values.runs);

for (const tree of trees) frames(tree, args); // warm the module cache of each tree
for (let i = 0; i < runs; i++) {
  for (const tree of trees) {
    const t0 = performance.now();
    const out = frames(tree, args);
    times.get(tree)!.push(performance.now() - t0);
    if (!out.success) throw new Error(`${tree}: ${new TextDecoder().decode(out.stderr)}`);
    outputs.set(tree, new TextDecoder().decode(out.stdout));
  }
}

console.log(`frames ${args.join(" ")} — ${runs} runs each, alternating`);
for (const tree of trees) {
  const xs = times.get(tree)!;
  console.log(
    `${tree}: median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${
      Math.max(...xs).toFixed(0)
    })`,
  );
}
if (values.against) {
  const ratio = median(times.get(HERE)!) / median(times.get(values.against)!);
  console.log(`ratio this/against: ${ratio.toFixed(3)}`);
  const same = outputs.get(HERE) === outputs.get(values.against);
  console.log(same ? "outputs: byte-identical" : "outputs: DIFFER");
}
if (demo) {
  Deno.removeSync(demo.source.slice("screenpipe:".length).replace(/\/[^/]+$/, ""), {
    recursive: true,
  });
}
