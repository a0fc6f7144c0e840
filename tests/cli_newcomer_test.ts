/**
 * The command line as a newcomer meets it (issue 18): one "active" figure in every output,
 * empty windows that say where the data is, frame ids a reader can pass to `frames steps`,
 * one flag style with one number check, and completions and help generated from the same
 * option tables the parsers use.
 */
import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { DEMO_DISPLAYS } from "../src/demo/mod.ts";
import * as cli from "../src/cli/mod.ts";
import type { CommandSpec } from "../src/cli/mod.ts";
import { assertOneLineError, type FramesResult, runFrames } from "./_frames.ts";

const home = await Deno.makeTempDir({ prefix: "frames-newcomer-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));
const TZ = "Europe/Berlin";
const demoPath = join(home, "demo.sqlite");
const demo = writeDemoDatabase(demoPath, { tz: TZ });
const FIRST = demo.days[0].day, LAST = demo.days[demo.days.length - 1].day;

function frames(args: string[], env: Record<string, string> = {}): Promise<FramesResult> {
  return runFrames(args, { home, env });
}

const SRC = ["--source", demoPath, "--tz", TZ];

interface Coverage {
  coverage: { active_minutes: number; dedup_active_minutes: number };
}

/** The demo day whose two displays overlap the most (per-display sum far above dedup). */
async function twoDisplayDay(): Promise<{ day: string; doc: Coverage }> {
  let best: { day: string; doc: Coverage; over: number } | undefined;
  for (const d of demo.days.slice(0, 5)) {
    const r = await frames(["compile", ...SRC, "--day", d.day]);
    equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    const over = doc.coverage.active_minutes - doc.coverage.dedup_active_minutes;
    if (best === undefined || over > best.over) best = { day: d.day, doc, over };
  }
  ok(best !== undefined && best.over > 30, "the demo has a day with two overlapping displays");
  return best!;
}

/** Minutes as the text emitters print them (one decimal, no trailing .0). */
function shown(n: number): string {
  const s = n.toFixed(1);
  return s.endsWith(".0") ? s.slice(0, -2) : s;
}

Deno.test("every output gives the deduplicated active figure as the headline (two displays)", async () => {
  const { day, doc } = await twoDisplayDay();
  const dedup = doc.coverage.dedup_active_minutes as number;
  const sum = doc.coverage.active_minutes as number;
  const want = shown(dedup);
  const window = [...SRC, "--day", day];

  const yaml = await frames(["compile", ...window, "-f", "yaml"]);
  match(yaml.stdout, new RegExp(`\\n  dedup_active_minutes: ${dedup}\\n`), "yaml keeps the field");
  match(yaml.stdout, new RegExp(`\\n  active_minutes: ${sum}\\n`), "yaml keeps the sum too");

  const md = await frames(["compile", ...window, "-f", "md"]);
  equal(/^- (\S+) min active\b/m.exec(md.stdout)?.[1], want, `md headline:\n${md.stdout}`);
  match(md.stdout, new RegExp(`${shown(sum)} min active across 2 displays`), "md labels the sum");

  const context = await frames(["context", ...window]);
  equal(/^coverage: [^,]+, (\S+) active min\b/m.exec(context.stdout)?.[1], want, context.stdout);
  match(context.stdout, new RegExp(`${shown(sum)} active min across 2 displays`));
  ok(!new RegExp(`\\b${shown(sum)} active min[,)]`).test(context.stdout), "no unlabelled sum");

  const apps = await frames(["apps", ...window]);
  equal(/: (\S+) active min over/.exec(apps.stdout)?.[1], String(dedup), apps.stdout);

  // The agent's figure: MCP get_context over stdio, as a client launches it.
  const { Client } = await import("@modelcontextprotocol/client");
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  const { childEnv, MAIN } = await import("./_frames.ts");
  const client = new Client({ name: "newcomer", version: "1" });
  await client.connect(
    new StdioClientTransport({
      command: Deno.execPath(),
      args: ["run", "--allow-read", "--allow-env", "--allow-sys", MAIN, "mcp", ...SRC],
      env: childEnv(home),
      stderr: "pipe",
    }),
  );
  try {
    const r = await client.callTool({ name: "get_context", arguments: { day } });
    ok(!r.isError, JSON.stringify(r.content));
    const text = (r.structuredContent as { context: string }).context;
    equal(/^coverage: [^,]+, (\S+) active min\b/m.exec(text)?.[1], want, text);
  } finally {
    await client.close();
  }
});

Deno.test("an empty window says on stderr which days the source holds, exit 0, in every command", async () => {
  const empty = "2026-05-01";
  const days = new RegExp(`${FIRST}.*${LAST}`);
  const runs = [
    ["compile", ...SRC, "--day", empty],
    ["compile", ...SRC, "--day", empty, "-f", "md"],
    ["context", ...SRC, "--day", empty],
    ["today", ...SRC],
    ["apps", ...SRC, "--day", empty],
    ["steps", ...SRC, "--day", empty, "--find", "github"],
    ["patterns", ...SRC, "--days", "2", "--until", empty],
  ];
  for (const args of runs) {
    const r = await frames(args);
    equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
    match(r.stderr, days, `${args.join(" ")} names the source's days`);
  }
  // A window with capture says nothing of the kind.
  const full = await frames(["apps", ...SRC, "--day", FIRST]);
  equal(full.stderr, "");
});

Deno.test("frames sources shows the first and last day of each source (screenpipe and the store)", async () => {
  const own = await Deno.makeTempDir({ prefix: "frames-sources-" });
  try {
    await Deno.mkdir(join(own, ".screenpipe"));
    await Deno.copyFile(demoPath, join(own, ".screenpipe", "db.sqlite"));
    const env = { FRAMES_TZ: TZ };
    const imported = await runFrames(
      ["import", "screenpipe", join(own, ".screenpipe", "db.sqlite")],
      { home: own, env },
    );
    equal(imported.code, 0, imported.stderr);
    const text = await runFrames(["sources", "--no-server"], { home: own, env });
    equal(text.code, 0, text.stderr);
    const lines = text.stdout.trim().split("\n");
    for (const kind of ["native", "screenpipe"]) {
      const line = lines.find((l) => l.startsWith(kind));
      ok(line !== undefined, text.stdout);
      match(line!, new RegExp(`${FIRST} to ${LAST}`), line);
    }
    const json = await runFrames(["sources", "--no-server", "--json"], { home: own, env });
    const found = JSON.parse(json.stdout) as { kind: string; first_day?: string }[];
    deepEqual(found.map((f) => [f.kind, f.first_day]).sort(), [
      ["native", FIRST],
      ["screenpipe", FIRST],
    ]);
  } finally {
    await Deno.remove(own, { recursive: true });
  }
});

Deno.test("md and context print frame ids that frames steps --frame accepts", async () => {
  const day = demo.busiestDay;
  const window = [...SRC, "--day", day, "--displays", DEMO_DISPLAYS];
  const doc = JSON.parse((await frames(["compile", ...window])).stdout);
  const ids = new Set<string>(doc.frames.map((f: { id: string }) => f.id));
  for (const fmt of ["md", "context"]) {
    const r = await frames(["compile", ...window, "-f", fmt]);
    const printed = [...r.stdout.matchAll(/\[([^\]\s]+:\d+)\]|`([^`\s]+:\d+)`/g)]
      .map((m) => m[1] ?? m[2]).filter((id) => ids.has(id));
    ok(printed.length >= 3, `${fmt} prints frame ids:\n${r.stdout.slice(0, 2000)}`);
    const id = printed[printed.length - 1];
    const steps = await frames(["steps", ...window, "--frame", id]);
    equal(steps.code, 0, `${fmt} id ${id}: ${steps.stderr}`);
    match(steps.stdout, new RegExp(`^frame ${id.replace(/[.]/g, "\\.")} `));
  }
  // Every listed frame carries its id in the Markdown report.
  const md = (await frames(["compile", ...window, "-f", "md"])).stdout;
  for (const id of ids) ok(md.includes(`\`${id}\``), `md lists ${id}`);
  // With ids in it, the block still keeps its budget.
  for (const budget of ["400", "1500"]) {
    const block = (await frames(["context", ...window, "--budget", budget])).stdout;
    ok(countTokens(block) <= Number(budget), `context within ${budget} tokens`);
  }
});

Deno.test("frames steps headers carry the date when the window spans several days", async () => {
  const r = await frames([
    "steps",
    ...SRC,
    "--from",
    demo.days[1].day,
    "--to",
    demo.days[3].day,
    "--find",
    "github",
    "--limit",
    "5",
  ]);
  equal(r.code, 0, r.stderr);
  const heads = r.stdout.split("\n").filter((l) => l.startsWith("frame "));
  ok(heads.length > 0, r.stdout);
  for (const h of heads) match(h, /\b2026-\d\d-\d\d \d\d:\d\d:\d\d–/, h);
});

Deno.test("-f/--format and --json work on every command that prints data", async () => {
  const day = ["--day", FIRST];
  const runs: string[][] = [
    ["compile", ...SRC, ...day, "--json"],
    ["today", ...SRC, "--json"],
    ["apps", ...SRC, ...day, "-f", "json"],
    ["apps", ...SRC, ...day, "--format", "json"],
    ["apps", ...SRC, ...day, "--json"],
    ["steps", ...SRC, ...day, "--find", "github", "-f", "json"],
    ["patterns", ...SRC, "--days", "2", "--until", demo.days[1].day, "-f", "json"],
    ["sources", "--no-server", "-f", "json"],
    ["parsers", "test", "https://github.com/acme", "-f", "json"],
  ];
  for (const args of runs) {
    const r = await frames(args);
    equal(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
    // parsers test prints one JSON object per URL per line.
    JSON.parse(args[0] === "parsers" ? r.stdout.trim().split("\n")[0] : r.stdout);
  }
  const both = await frames(["apps", ...SRC, ...day, "--json", "-f", "text"]);
  assertOneLineError(both, 2, /--json.*-f|-f.*--json/);
});

Deno.test("a flag the chosen format ignores is a warning on stderr", async () => {
  const rules = join(home, "rules.json");
  await Deno.writeTextFile(
    rules,
    JSON.stringify([{ name: ["Work"], rule: { type: "regex", regex: "Code" } }]),
  );
  const day = [...SRC, "--day", FIRST];
  const md = await frames(["compile", ...day, "-f", "md", "--categories", rules]);
  equal(md.code, 0, md.stderr);
  match(md.stderr, /warning: --categories .*md/);
  const budget = await frames(["compile", ...day, "-f", "yaml", "--budget", "800"]);
  match(budget.stderr, /warning: --budget .*yaml/);
  const ctxJson = await frames(["context", ...day, "-f", "json"]);
  equal(ctxJson.code, 0);
  match(ctxJson.stderr, /warning: .*context -f json/);
  const plain = await frames(["compile", ...day, "-f", "context", "--budget", "800"]);
  equal(plain.stderr, "", "no warning when every flag is used");
});

Deno.test("numbers are checked by one helper: one message, exit 2, before any work", async () => {
  const ONE = /^frames: Invalid --[a-z-]+ "[^"]*": expected (a|a whole) number from \S+ to \S+$/;
  const cases: string[][] = [
    ["compile", ...SRC, "--hours", "-1"],
    ["compile", ...SRC, "--budget", "-5"],
    ["compile", ...SRC, "--budget", "0"],
    ["context", ...SRC, "--budget", "0"],
    ["demo", "--budget", "0"],
    ["demo", "--budget", "-5"],
    ["compile", ...SRC, "--hours", "100000"],
    ["apps", ...SRC, "--hours", "abc"],
    ["steps", ...SRC, "--find", "x", "--limit", "0"],
    ["patterns", ...SRC, "--min-count", "-2"],
    ["mcp", "--max-tokens", "5"],
    ["compile", ...SRC, "--min-minutes", "-1"],
  ];
  for (const args of cases) {
    const r = await frames(args);
    assertOneLineError(r, 2, ONE);
    ok(!/ambiguous/.test(r.stderr), `${args.join(" ")}: ${r.stderr}`);
  }
  // Windows are capped at 366 days, with a message that says so.
  const long = await frames(["compile", ...SRC, "--from", "2020-01-01", "--to", "2026-01-01"]);
  assertOneLineError(long, 2, /at most 366 days/);
  const hours = await frames(["compile", ...SRC, "--hours", "100000"]);
  match(hours.stderr, /from 0\.\d+ to 8784/);
});

/** Every long option of a command spec (and its subcommands), as `--name`. */
function longOptions(spec: CommandSpec): string[] {
  const own = Object.keys(spec.options).map((o) => `--${o}`);
  const subs = Object.values(spec.subcommands ?? {}).flatMap(longOptions);
  return [...new Set([...own, ...subs])];
}

async function specs(): Promise<[string, CommandSpec][]> {
  const out: [string, CommandSpec][] = [];
  const table = (cli as { COMMANDS?: typeof cli.COMMANDS }).COMMANDS;
  ok(table !== undefined, "src/cli/mod.ts exports its command table");
  for (const [name, entry] of Object.entries(table)) {
    const mod = await entry.load();
    ok(mod.spec !== undefined, `src/cli ${name} exports its spec (options and help)`);
    out.push([name, mod.spec!]);
  }
  return out;
}

Deno.test("--help of every command lists -h and every option its parser accepts", async () => {
  for (const [name, spec] of await specs()) {
    const check = (s: CommandSpec, label: string) => {
      match(s.help, /(^|\s)-h, --help\b/, `${label} help lists -h`);
      for (const [opt, o] of Object.entries(s.options)) {
        ok(new RegExp(`(^|[\\s(,])--${opt}\\b`).test(s.help), `${label} help lists --${opt}`);
        if (o.short !== undefined) {
          ok(new RegExp(`(^|\\s)-${o.short}\\b`).test(s.help), `${label} help lists -${o.short}`);
        }
      }
    };
    check(spec, name);
    for (const [sub, s] of Object.entries(spec.subcommands ?? {})) check(s, `${name} ${sub}`);
  }
  // And what the process prints is that help.
  for (const name of ["apps", "context", "sources", "patterns"]) {
    const r = await frames([name, "--help"]);
    equal(r.code, 0);
    match(r.stdout, /-h, --help/, name);
  }
});

Deno.test("frames completions bash|zsh|fish name every command and every flag", async () => {
  const all = await specs();
  for (const shell of ["bash", "zsh", "fish"]) {
    const r = await frames(["completions", shell]);
    equal(r.code, 0, r.stderr);
    for (const [name, spec] of all) {
      ok(new RegExp(`\\b${name}\\b`).test(r.stdout), `${shell}: command ${name}`);
      for (const sub of Object.keys(spec.subcommands ?? {})) {
        ok(r.stdout.includes(sub), `${shell}: ${name} ${sub}`);
      }
      for (const opt of longOptions(spec)) {
        const bare = opt.slice(2);
        const found = shell === "fish"
          ? new RegExp(`__fish_seen_subcommand_from ${name}\\b[^\\n]*-l ${bare}\\b`).test(r.stdout)
          : r.stdout.includes(opt);
        ok(found, `${shell}: ${name} ${opt}`);
      }
    }
  }
  // The bash script runs: it completes a subcommand's own flags.
  const script = join(home, "frames.bash");
  await Deno.writeTextFile(script, (await frames(["completions", "bash"])).stdout);
  const probe = await new Deno.Command("bash", {
    args: [
      "-c",
      `source ${script}; COMP_WORDS=(frames mcp install --c); COMP_CWORD=3; _frames; echo "\${COMPREPLY[@]}"`,
    ],
    stdout: "piped",
  }).output();
  equal(new TextDecoder().decode(probe.stdout).trim(), "--client --config");
  const bad = await frames(["completions", "tcsh"]);
  assertOneLineError(bad, 2, /Unknown shell "tcsh": use bash, zsh or fish/);
});
