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

/** Caches deno.json's npm dependencies; returns the error output when that fails. */
async function cacheDependencies(): Promise<string | null> {
  const root = new URL("..", import.meta.url).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["install"],
    cwd: root,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (out.success) return null;
  const dec = new TextDecoder();
  return dec.decode(out.stdout) + dec.decode(out.stderr);
}

if (import.meta.main) {
  const failure = await cacheDependencies();
  if (failure !== null) {
    console.error(failure.trimEnd());
    console.error("tests/setup: Cannot cache the npm dependencies: `deno install` failed");
    Deno.exit(1);
  }
  console.log("tests/setup: npm dependencies cached");
  const { record } = await setUp();
  writeRecord(record);
  console.log(`tests/setup: wrote ${recordPath()}`);
}
