import { deepEqual, equal, match } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { SCREENPIPE_SCHEMA_SQL } from "../src/demo/mod.ts";
import { type FramesResult, RUN_FLAGS, runFrames } from "./_frames.ts";

const CASE = new URL("./data/patterns/sequences_stay_in_app/", import.meta.url);
const home = await Deno.makeTempDir({ prefix: "frames-patterns-cli-" });
globalThis.addEventListener("unload", () => Deno.removeSync(home, { recursive: true }));
const db = join(home, "capture.db");
{
  const w = new DatabaseSync(db);
  w.exec(SCREENPIPE_SCHEMA_SQL);
  w.exec(await Deno.readTextFile(new URL("input.sql", CASE)));
  w.close();
}

/** Runs `frames ARGS` with this file's temporary HOME. */
function frames(args: string[]): Promise<FramesResult> {
  return runFrames(args, { home, flags: RUN_FLAGS });
}

Deno.test("frames patterns --days/--until and --from/--to give the golden report", async () => {
  const want = JSON.parse(await Deno.readTextFile(new URL("expected.json", CASE)));
  const base = ["patterns", "--source", db, "--tz", "UTC", "--min-minutes", "0", "--json"];
  const range = await frames([...base, "--from", "2026-03-23", "--to", "2026-03-24"]);
  equal(range.code, 0, range.stderr);
  deepEqual(JSON.parse(range.stdout), { tz: "UTC", ...want });
  const days = await frames([...base, "--days", "2", "--until", "2026-03-24"]);
  equal(days.stdout, range.stdout);
  const text = await frames([
    "patterns",
    "--source",
    db,
    "--tz",
    "UTC",
    "--min-minutes",
    "0",
    "--from",
    "2026-03-23",
    "--to",
    "2026-03-24",
  ]);
  equal(text.stdout, await Deno.readTextFile(new URL("expected.txt", CASE)));
});

Deno.test("frames patterns rejects conflicting or malformed windows with exit code 2", async () => {
  const cases: [string[], RegExp][] = [
    [["--days", "2", "--from", "2026-03-23", "--to", "2026-03-24"], /Conflicting window flags/],
    [["--from", "2026-03-23"], /--from and --to go together/],
    [["--from", "2026-03-24", "--to", "2026-03-23"], /must not be before --from/],
    [["--days", "0"], /Invalid --days "0"/],
    [["--from", "2026-3-1", "--to", "2026-03-24"], /Invalid --from "2026-3-1"/],
  ];
  for (const [args, message] of cases) {
    const r = await frames(["patterns", "--source", db, "--tz", "UTC", ...args]);
    equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    match(r.stderr, message);
  }
});
