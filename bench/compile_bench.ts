/**
 * SPEC §12 on the demo's busiest day: the compile stage alone, and a cold day end to end in
 * one process (open, read, compile, emit JSON and the context block).
 */
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { emit } from "../src/emit/mod.ts";
import { loadTyper } from "../src/entities/mod.ts";
import { redactCapture } from "../src/entities/redact_capture.ts";

const TZ = "Europe/Berlin";
const dir = await Deno.makeTempDir({ prefix: "frames-bench-" });
const path = join(dir, "db.sqlite");
const summary = writeDemoDatabase(path, { seed: 42, tz: TZ });
const day = summary.busiestDay;
const window = dayWindow(day, TZ);
const typer = await loadTyper();
const capture = readScreenpipe(path, window);
console.error(
  `busiest day ${day}: ${capture.snapshots.length} snapshots, ${capture.events.length} events`,
);

Deno.bench("compile stage: capture model → document (busiest demo day)", () => {
  compile(capture, { tz: TZ, day, typer });
});

// `frames compile` redacts the capture where it is read (src/cli/_capture.ts); compile()
// then recognises it and does not redact again. The line above redacts every time.
const redacted = redactCapture(capture);
Deno.bench("compile stage of a redacted capture, as the CLI runs it", () => {
  compile(redacted, { tz: TZ, day, typer });
});

Deno.bench("read stage: open + read the busiest day (SQLite floor + parsing)", () => {
  readScreenpipe(path, window);
});

Deno.bench("end to end in one process: open, read, compile, emit json + context", () => {
  const doc = compile(readScreenpipe(path, window), { tz: TZ, day, typer });
  emit(doc, { format: "json", budget: 1500 });
  emit(doc, { format: "context", budget: 1500 });
});
