// `--displays infer`: frames compile infers display geometry from the clicks only when
// asked (it costs a busy day ~20 ms), says so in the blind spots, and resolves clicks as
// the true geometry does; without it the document says how to ask.

import { deepStrictEqual, equal, ok } from "node:assert/strict";
import { join } from "node:path";
import { DEMO_DISPLAYS, writeDemoDatabase } from "../src/demo/mod.ts";
import { type FramesResult, runFrames } from "./_frames.ts";

const dir = await Deno.makeTempDir({ prefix: "frames-displays-infer-" });
const path = join(dir, "db.sqlite");
const demo = writeDemoDatabase(path, { seed: 42, days: 3, tz: "Europe/Berlin" });

/** `frames compile` on the demo with `extra` flags, in a fresh process. */
function frames(extra: string[]): Promise<FramesResult> {
  return runFrames(["compile", "--source", `screenpipe:${path}`, ...extra], {
    home: dir,
    env: { FRAMES_HOME: join(dir, "home") },
  });
}

async function compileJson(displays: string | undefined): Promise<Record<string, unknown>> {
  const out = await frames([
    "--tz",
    "Europe/Berlin",
    "--day",
    demo.busiestDay,
    ...(displays !== undefined ? ["--displays", displays] : []),
  ]);
  equal(out.code, 0, out.stderr);
  return JSON.parse(out.stdout);
}

Deno.test("frames compile --displays infer resolves clicks as the true geometry does, and says it inferred", async () => {
  const plain = await compileJson(undefined);
  const inferred = await compileJson("infer");
  const truth = await compileJson(DEMO_DISPLAYS);
  const spots = (d: Record<string, unknown>) => d.blind_spots as string[];
  const resolution = (d: Record<string, unknown>) =>
    (d.coverage as Record<string, unknown>).click_resolution as Record<string, number>;
  ok(spots(plain).some((s) => s.endsWith("or --displays infer to infer it from the clicks")));
  equal(resolution(plain).exact, 0);
  ok(spots(inferred).some((s) => s.startsWith("display geometry inferred from the capture")));
  ok(resolution(truth).exact > 0);
  deepStrictEqual(resolution(inferred), resolution(truth));
  // Asked again, the day cache answers with the same bytes (the flag is part of its key).
  deepStrictEqual(await compileJson("infer"), inferred);
  deepStrictEqual(await compileJson(undefined), plain);
});

Deno.test("frames compile --displays with a malformed value still exits 2", async () => {
  const out = await frames(["--displays", "inferred"]);
  equal(out.code, 2);
  ok(out.stderr.includes("Invalid --displays"));
});
