/**
 * Whole-process time of `frames` commands (start-up, module load, read, compile, emit),
 * which `deno bench` cannot see. Runs this tree and, with `--against DIR`, another checkout
 * alternately in one session, so the machine's noise hits both alike; prints each case's
 * median per tree and their ratio.
 *
 * Cases: `busy` (`compile --day` on the demo's busiest day, no cache), `empty` (a day with
 * no capture), `help` (`frames --help`), `cached` (the busy day again with the day cache
 * warm; a tree without a cache just compiles again).
 *
 *   deno run -A bench/process_bench.ts                       # this tree
 *   deno run -A bench/process_bench.ts --against ../baseline --runs 21 --cases busy,empty
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
    "empty-day": { type: "string", default: "2026-03-01" },
    tz: { type: "string", default: "Europe/Berlin" },
    cases: { type: "string", default: "busy,empty,help,cached" },
  },
});

const home = Deno.makeTempDirSync({ prefix: "frames-bench-home-" });

function frames(
  tree: string,
  args: string[],
  env: Record<string, string> = {},
): Deno.CommandOutput {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts", ...args],
    cwd: tree,
    env: { FRAMES_HOME: `${home}/${tree === HERE ? "this" : "other"}`, ...env },
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
const base = ["compile", "--source", source, "--tz", values.tz!];
const CASES: Record<string, { args: string[]; ok?: number[] }> = {
  busy: { args: [...base, "--day", day, "--no-cache"] },
  empty: { args: [...base, "--day", values["empty-day"]!, "--no-cache"] },
  help: { args: ["--help"] },
  cached: { args: [...base, "--day", day] },
};
const trees = values.against ? [HERE, values.against] : [HERE];
const runs = Number(values.runs);

/** The other tree may predate `--no-cache`: drop the flag there when it is refused. */
function argsFor(tree: string, args: string[]): string[] {
  if (tree === HERE || !args.includes("--no-cache")) return args;
  const probe = frames(tree, args);
  return probe.code === 2 ? args.filter((a) => a !== "--no-cache") : args;
}

for (const name of values.cases!.split(",")) {
  const c = CASES[name];
  if (!c) throw new Error(`Unknown case "${name}": ${Object.keys(CASES).join(", ")}`);
  const times = new Map<string, number[]>(trees.map((t) => [t, []]));
  const outputs = new Map<string, string>();
  const args = new Map(trees.map((t) => [t, argsFor(t, c.args)]));
  for (const tree of trees) frames(tree, args.get(tree)!); // warm module and day caches
  for (let i = 0; i < runs; i++) {
    for (const tree of trees) {
      const t0 = performance.now();
      const out = frames(tree, args.get(tree)!);
      times.get(tree)!.push(performance.now() - t0);
      if (!out.success) throw new Error(`${tree}: ${new TextDecoder().decode(out.stderr)}`);
      outputs.set(tree, new TextDecoder().decode(out.stdout));
    }
  }
  console.log(`\n[${name}] frames ${c.args.join(" ")} — ${runs} runs each, alternating`);
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
}
Deno.removeSync(home, { recursive: true });
if (demo) {
  Deno.removeSync(demo.source.slice("screenpipe:".length).replace(/\/[^/]+$/, ""), {
    recursive: true,
  });
}
