/**
 * The incremental session on the demo's busiest day (a screenpipe database written by the
 * demo generator, seed 42): after every absorb its document equals a fresh compile of the
 * rows so far byte for byte — without geometry, with the true geometry given (as
 * `--displays` gives it) and with `displays: infer` — over seeded random cut points and a
 * run of one-minute cuts, and with a live session's split element lookup (a new tail
 * lookup on every absorb, src/cli/_delta.ts). The session's listing memo (click levels,
 * frame documents) is what these absorbs exercise; tests/listing_memo_test.ts changes its
 * inputs one at a time.
 */

import { equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import {
  type Capture,
  compile,
  type CompileOptions,
  startIncremental,
} from "../src/compile/mod.ts";
import { parseDisplays } from "../src/compile/enrich/mod.ts";
import { splitElementLookup } from "../src/compile/enrich/split_lookup.ts";
import { deltaBetween, prefixCapture } from "../src/cache/replay.ts";
import { dayWindow } from "../src/compile/time.ts";
import { DEMO_DISPLAYS, writeDemoDatabase } from "../src/demo/mod.ts";
import type { ElementLookup } from "../src/model.ts";
import { rng } from "./_routines_synth.ts";

const TZ = "Europe/Berlin";

const dir = Deno.makeTempDirSync({ prefix: "frames_incremental_demo_" });
globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
const path = join(dir, "db.sqlite");
const demo = writeDemoDatabase(path, { seed: 42, days: 3, tz: TZ });

/** The demo day with the most snapshots, read as the CLI reads it. */
function busiest(): { day: string; capture: Capture } {
  let best: { day: string; capture: Capture } | undefined;
  for (const { day } of demo.days) {
    const capture = readScreenpipe(path, dayWindow(day, TZ));
    if (best === undefined || capture.snapshots.length > best.capture.snapshots.length) {
      best = { day, capture };
    }
  }
  return best!;
}

const { day, capture: whole } = busiest();

/** Sorted cut points: `n` seeded random ones over the day, then six one-minute steps. */
function cuts(seed: number, n: number): number[] {
  const r = rng(seed);
  const { start, end } = whole.window;
  const first = whole.snapshots[0].at, last = whole.snapshots[whole.snapshots.length - 1].at;
  const out = new Set<number>();
  for (let i = 0; i < n; i++) out.add(Math.floor(first + r() * (last - first)));
  const busy = first + (last - first) * 0.6;
  for (let i = 1; i <= 6; i++) out.add(Math.floor(busy + i * 60_000));
  out.add(end + 1); // everything, the look-ahead included
  return [...out].filter((t) => t > start).sort((a, b) => a - b);
}

/** A new lookup object answering as `inner` does (a fresh read's lookup, same rows). */
function fresh(inner: ElementLookup): ElementLookup {
  return {
    units: inner.units,
    near: (p) => inner.near(p),
    ...(inner.levels !== undefined ? { levels: (p) => inner.levels!(p) } : {}),
  };
}

function run(capture: Capture, opts: CompileOptions, seed: number, split = false): number {
  const at = cuts(seed, 16);
  const session = startIncremental(prefixCapture(capture, at[0]), opts);
  const head = capture.elements;
  let compared = 0;
  for (let i = 1; i < at.length; i++) {
    const delta = deltaBetween(capture, at[i - 1], at[i]);
    let now = capture;
    if (split && head !== undefined) {
      // As a live session's delta brings it: the tail's rows from a new lookup object.
      const tail = new Set(
        capture.snapshots.filter((s) => s.at >= at[i - 1] - 120_000).map((s) => s.ref),
      );
      const elements = splitElementLookup(head, fresh(head), tail)!;
      delta.elements = elements;
      now = { ...capture, elements };
    }
    const doc = session.absorb(delta);
    const want = compile(prefixCapture(now, at[i]), opts);
    equal(
      JSON.stringify(doc),
      JSON.stringify(want),
      `${opts.inferDisplays ? "infer" : "-"} cut ${i} at ${new Date(at[i]).toISOString()}`,
    );
    compared++;
  }
  return compared;
}

const OPTS: CompileOptions = { tz: TZ, day };

Deno.test("the demo's busiest day, absorbed at random cuts without geometry, equals a fresh compile after every absorb", () => {
  ok(whole.snapshots.length > 1000, `${day}: ${whole.snapshots.length} snapshots`);
  ok(run(whole, OPTS, 1) >= 10);
  ok(run(whole, OPTS, 2, true) >= 10);
});

Deno.test("… with the true geometry given, as --displays gives it", () => {
  const told = { ...whole, displays: parseDisplays(DEMO_DISPLAYS) };
  const doc = compile(told, OPTS);
  ok(doc.coverage.click_resolution!.exact > 100, JSON.stringify(doc.coverage.click_resolution));
  ok(run(told, OPTS, 3) >= 10);
  ok(run(told, OPTS, 4, true) >= 10);
});

Deno.test("… with displays: infer", () => {
  const opts = { ...OPTS, inferDisplays: true };
  ok(compile(whole, opts).blind_spots.some((b) => b.startsWith("display geometry inferred")));
  ok(run(whole, opts, 5) >= 10);
  ok(run(whole, opts, 6, true) >= 10);
});
