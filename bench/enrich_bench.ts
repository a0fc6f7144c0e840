/**
 * SPEC §8 / issue 4: what enrichment (stale attribution and click resolution through the
 * lazy element lookup) adds to the busiest demo day, with the demo's display geometry
 * supplied as an operator would (`--displays`); screenpipe itself records none.
 */
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { parseDisplays } from "../src/compile/enrich/mod.ts";
import { DEMO_DISPLAYS as DEMO_GEOMETRY, writeDemoDatabase } from "../src/demo/mod.ts";
import { emit } from "../src/emit/mod.ts";
import { loadTyper } from "../src/entities/mod.ts";

const TZ = "Europe/Berlin";
/** The geometry the demo generator simulates (src/demo/_behaviour.ts SCREENS). */
const DEMO_DISPLAYS = parseDisplays(DEMO_GEOMETRY);
const dir = await Deno.makeTempDir({ prefix: "frames-bench-" });
const path = join(dir, "db.sqlite");
const summary = writeDemoDatabase(path, { seed: 42, tz: TZ });
const day = summary.busiestDay;
const window = dayWindow(day, TZ);
const typer = await loadTyper();

function read() {
  const capture = readScreenpipe(path, window);
  capture.displays = DEMO_DISPLAYS;
  return capture;
}

const capture = read();
const clicks = capture.events.filter((e) => e.kind === "click").length;
console.error(`busiest day ${day}: ${capture.snapshots.length} snapshots, ${clicks} clicks`);

Deno.bench("compile stage without enrichment", { group: "stage", baseline: true }, () => {
  compile(capture, { tz: TZ, day, typer, enrich: false });
});

Deno.bench("compile stage with enrichment (incl. lazy element lookups)", { group: "stage" }, () => {
  compile(capture, { tz: TZ, day, typer });
});

Deno.bench("end to end without enrichment", { group: "e2e", baseline: true }, () => {
  emit(compile(read(), { tz: TZ, day, typer, enrich: false }), { format: "json", budget: 1500 });
});

Deno.bench("end to end with enrichment", { group: "e2e" }, () => {
  emit(compile(read(), { tz: TZ, day, typer }), { format: "json", budget: 1500 });
});
