/**
 * The test suite's own set-up, run by `deno task test` before `deno test` and by `.ci/run`:
 *
 * 1. caches every npm package of deno.json's import map (from deno.lock), so no child
 *    process prints "Download https://registry.npmjs.org/…" into a test's stderr;
 * 2. checks the Debian packages of the capture tests and installs the missing ones with
 *    apt-get when it may (root or passwordless sudo), else prints one line per package
 *    with the command that installs it;
 * 3. records what is installed for tests/_requires.ts, which ignores (or, under CI,
 *    fails) the tests whose prerequisites are missing.
 *
 * Exits 1 only when the npm cache cannot be filled; missing packages are the tests'
 * business, so the suite still runs and says what it skipped.
 *
 * @module
 */

import { recordPath, setUp, writeRecord } from "./_prereq.ts";

/** What one `deno` subcommand printed, and whether it succeeded. */
interface DenoRun {
  ok: boolean;
  output: string;
}

/** Runs `deno ARGS` in the repository root and collects its output. */
async function deno(args: string[]): Promise<DenoRun> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: new URL("..", import.meta.url).pathname,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { ok: out.success, output: dec.decode(out.stdout) + dec.decode(out.stderr) };
}

const GRAPH = ["cache", "main.ts", "tests/", "bench/"];

/**
 * Caches every npm package the suite and its child processes load; returns an error
 * message when that fails. `deno install` fetches the import map's packages, and
 * `deno cache` over every entry point must then have nothing left to download.
 */
async function cacheDependencies(): Promise<string | null> {
  const install = await deno(["install"]);
  if (!install.ok) return `deno install failed:\n${install.output}`;
  let graph = await deno(GRAPH);
  if (graph.ok && /^Download /m.test(graph.output)) {
    // Seen with Deno 2.9.6 on a fresh cache: `deno task` fetches the tarballs alone, and
    // every later process downloads the registry metadata again without keeping it — so
    // each child `frames` process would print "Download …". One reload keeps it.
    const reload = await deno(["install", "--reload"]);
    if (!reload.ok) return `deno install --reload failed:\n${reload.output}`;
    graph = await deno(GRAPH);
  }
  if (!graph.ok) return `deno ${GRAPH.join(" ")} failed:\n${graph.output}`;
  if (/^Download /m.test(graph.output)) {
    return `the Deno cache still downloads on every run:\n${graph.output}`;
  }
  return null;
}

if (import.meta.main) {
  const failure = await cacheDependencies();
  if (failure !== null) {
    console.error(`tests/setup: Cannot cache the npm dependencies: ${failure.trimEnd()}`);
    Deno.exit(1);
  }
  console.log("tests/setup: npm dependencies cached");
  const { record } = await setUp();
  writeRecord(record);
  console.log(`tests/setup: wrote ${recordPath()}`);
}
