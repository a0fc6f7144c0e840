/**
 * Start-up trace: what each module (or module set) of a command costs to load in a fresh
 * process, and the phases of one `frames compile` in process — the fixed costs `--stats`
 * cannot show. Each line is the median of `--runs` fresh processes.
 *
 *   deno run -A bench/startup_trace.ts --source screenpipe:/tmp/demo.sqlite --day 2026-03-25
 *
 * @module
 */

import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const HERE = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    source: { type: "string" },
    day: { type: "string", default: "2026-03-25" },
    tz: { type: "string", default: "Europe/Berlin" },
  },
});

const MODULES = [
  "src/cli/mod.ts",
  "src/cli/compile.ts",
  "src/cli/_capture.ts",
  "src/compile/mod.ts",
  "src/entities/mod.ts",
  "adapters/screenpipe/mod.ts",
  "src/cache/mod.ts",
  "src/emit/json.ts",
  "src/emit/yaml.ts",
  "src/emit/context.ts",
  "src/mcp/mod.ts",
  "node:util",
  "node:sqlite",
];

const IMPORT = `const t0 = performance.now();
for (const m of Deno.args) await import(m.startsWith("node:") ? m : new URL(m, "file://${HERE}").href);
console.log(performance.now() - t0);`;

const PHASES = `const T: [string, number][] = [["process start → first line", performance.now()]];
const mark = (l: string) => T.push([l, performance.now()]);
const cap = await import("${HERE}src/cli/_capture.ts"); mark("import the compile path");
const { resolveSettings } = await import("${HERE}src/cli/_settings.ts");
const s = resolveSettings({ source: Deno.args[0], tz: Deno.args[2] }); mark("settings (zone check)");
const { resolveWindow } = await import("${HERE}src/cli/_window.ts");
const w = resolveWindow({ day: Deno.args[1] }, Date.now(), s.tz); mark("window");
const src = await cap.resolveCliSource(s); mark("resolve source (adapter import)");
const c = await cap.readCliWindow(src, w, { settings: s }); mark("read");
const { loadTyperForUrls } = await import("${HERE}src/entities/mod.ts");
const typer = await loadTyperForUrls(cap.captureUrls(c)); mark("parsers for the hosts seen");
const { compile } = await import("${HERE}src/compile/mod.ts");
const doc = compile(c, { tz: s.tz, day: w.day, typer }); mark("compile");
const { loadEmitter } = await import("${HERE}src/emit/load.ts");
(await loadEmitter("json"))(doc); mark("emit json");
let prev = 0;
for (const [l, t] of T) { console.log(l + "\\t" + (t - prev).toFixed(1)); prev = t; }`;

async function run(code: string, args: string[]): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", "--config", `${HERE}deno.json`, "--ext=ts", code, ...args],
    stdout: "piped",
    stderr: "piped",
    cwd: HERE,
  }).spawn();
  const out = await child.output();
  if (!out.success) throw new Error(new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const runs = Number(values.runs);
console.log("module load in a fresh process (ms, median):");
for (const m of MODULES) {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) xs.push(Number(await run(IMPORT, [m])));
  console.log(`  ${m.padEnd(30)} ${median(xs).toFixed(1)}`);
}
if (values.source) {
  console.log(`\nphases of one compile in process (ms, median of ${runs}):`);
  const rows = new Map<string, number[]>();
  for (let i = 0; i < runs; i++) {
    const out = await run(PHASES, [values.source, values.day!, values.tz!]);
    for (const line of out.trim().split("\n")) {
      const [l, v] = line.split("\t");
      rows.set(l, [...(rows.get(l) ?? []), Number(v)]);
    }
  }
  for (const [l, xs] of rows) console.log(`  ${l.padEnd(34)} ${median(xs).toFixed(1)}`);
}
