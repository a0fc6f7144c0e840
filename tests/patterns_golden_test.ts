/**
 * Pattern golden cases: one folder per case under tests/data/patterns/, each with
 * `case.json` (tz, from, to, displays?, min_minutes?, and either an `input.sql` beside it
 * or a `demo` spec for the seeded demo corpus) and the expected report as `expected.json`
 * and `expected.txt`. Regenerate with `-- --update` and review the diff.
 */
import { deepEqual, equal } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { mergeDisplays, parseDisplays } from "../src/compile/enrich/mod.ts";
import { addDays, dayWindow } from "../src/compile/time.ts";
import { DEMO_DISPLAYS, SCREENPIPE_SCHEMA_SQL, writeDemoDatabase } from "../src/demo/mod.ts";
import { analyseDay, detectPatterns, renderPatterns } from "../src/patterns/mod.ts";

const CASES = new URL("./data/patterns/", import.meta.url);
const UPDATE = Deno.args.includes("--update");
const INPUTS = ["case.json", "input.sql"];

interface CaseConfig {
  tz: string;
  from: string;
  to: string;
  displays?: string;
  min_minutes?: number;
  demo?: { seed: number; days: number; start_day: string };
}

const names = [...Deno.readDirSync(CASES)].filter((e) => e.isDirectory).map((e) => e.name).sort();

async function render(name: string): Promise<Map<string, string>> {
  const dir = new URL(`${name}/`, CASES);
  const cfg: CaseConfig = JSON.parse(await Deno.readTextFile(new URL("case.json", dir)));
  const tmp = await Deno.makeTempDir({ prefix: "frames-patterns-golden-" });
  try {
    const db = join(tmp, "capture.db");
    if (cfg.demo) {
      writeDemoDatabase(db, {
        seed: cfg.demo.seed,
        days: cfg.demo.days,
        startDay: cfg.demo.start_day,
        tz: cfg.tz,
      });
    } else {
      const w = new DatabaseSync(db);
      w.exec(SCREENPIPE_SCHEMA_SQL);
      w.exec(await Deno.readTextFile(new URL("input.sql", dir)));
      w.close();
    }
    const displays = cfg.displays ? parseDisplays(cfg.displays) : [];
    const days = [];
    for (let day = cfg.from; day <= cfg.to; day = addDays(day, 1)) {
      const capture = readScreenpipe(db, dayWindow(day, cfg.tz));
      capture.displays = mergeDisplays(capture.displays, displays);
      days.push(analyseDay(capture, { day, tz: cfg.tz, minMinutes: cfg.min_minutes }));
    }
    const report = detectPatterns(days);
    return new Map([
      ["expected.json", JSON.stringify(report, null, 2) + "\n"],
      ["expected.txt", renderPatterns(report)],
    ]);
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
}

Deno.test("pattern golden cases exist", () => {
  deepEqual(names, ["demo_week", "sequences_stay_in_app"]);
});

for (const name of names) {
  Deno.test(`detectPatterns() matches golden case ${name}`, async () => {
    const dir = new URL(`${name}/`, CASES);
    const outputs = await render(name);
    const present = [...Deno.readDirSync(dir)].map((e) => e.name);
    const leftovers = present.filter((f) => !INPUTS.includes(f) && !outputs.has(f));
    if (UPDATE) {
      for (const f of leftovers) await Deno.remove(new URL(f, dir));
      for (const [file, text] of outputs) await Deno.writeTextFile(new URL(file, dir), text);
      return;
    }
    equal(leftovers.length, 0, `leftover files in ${name}: ${leftovers.join(", ")}`);
    for (const [file, text] of outputs) {
      let want: string;
      try {
        want = await Deno.readTextFile(new URL(file, dir));
      } catch {
        throw new Error(
          `missing golden file tests/data/patterns/${name}/${file}: run with --update`,
        );
      }
      equal(text, want, `tests/data/patterns/${name}/${file} differs (review, then --update)`);
    }
  });
}

Deno.test("without --displays, the demo week's clicks are named with the geometry inferred from them, as with the true one, and the report says so", async () => {
  const tmp = await Deno.makeTempDir({ prefix: "frames-patterns-infer-" });
  try {
    const db = join(tmp, "capture.db");
    const tz = "Europe/Berlin";
    writeDemoDatabase(db, { seed: 42, days: 3, startDay: "2026-03-23", tz });
    const truth = parseDisplays(DEMO_DISPLAYS);
    const told = [], inferred = [];
    for (let day = "2026-03-23"; day <= "2026-03-25"; day = addDays(day, 1)) {
      const capture = readScreenpipe(db, dayWindow(day, tz));
      inferred.push(analyseDay(capture, { day, tz }));
      told.push(
        analyseDay({ ...capture, displays: mergeDisplays(capture.displays, truth) }, { day, tz }),
      );
    }
    const a = detectPatterns(inferred), b = detectPatterns(told);
    // The true geometry names clicks; the inferred one must name the same ones.
    equal(b.repeated_clicks.length > 0, true, "the true geometry named no repeated click");
    deepEqual(a.repeated_clicks, b.repeated_clicks);
    deepEqual(a.action_sequences, b.action_sequences);
    deepEqual(b.notes, []);
    // Every day says how its clicks were placed: inferred where enough clicks land, else why not.
    for (const day of a.days) {
      const mine = a.notes.filter((n) => n.startsWith(`${day}: `));
      equal(mine.some((n) => n.includes("geometry inferred from the capture")), true, day);
    }
    for (const n of a.notes) {
      equal(/^2026-03-2\d: display geometry (not )?inferred from the capture/.test(n), true, n);
    }
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
});
