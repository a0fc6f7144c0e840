/**
 * In-process figures of issue 19 on a screenpipe database (default: build the demo's):
 * cold read + compile of the busiest day, a cached day (watermark check + read + parse),
 * absorbing the last minute after 1, 7 and 30 days of history, and a full rebuild of every
 * day the source holds with the peak resident memory.
 *
 *   deno run -A bench/cache_bench.ts --source screenpipe:/tmp/demo.sqlite --day 2026-03-25
 *
 * @module
 */

import { parseArgs } from "node:util";
import { resolveSource } from "../adapters/resolve.ts";
import { cacheKey, lookupDay, storeDay } from "../src/cache/mod.ts";
import { flatnessCheck } from "../src/cache/flatness.ts";
import { compile, startIncremental } from "../src/compile/mod.ts";
import { addDays, dayWindow, localDay } from "../src/compile/time.ts";
import { loadTyperForUrls, redactCapture } from "../src/entities/mod.ts";
import { emitJson } from "../src/emit/json.ts";
import { jsonText } from "../src/text/sanitize.ts";
import { deltaBetween, prefixCapture } from "../src/cache/replay.ts";

const { values } = parseArgs({
  options: {
    source: { type: "string", default: "screenpipe:/tmp/inc19/demo.sqlite" },
    day: { type: "string", default: "2026-03-25" },
    tz: { type: "string", default: "Europe/Berlin" },
    runs: { type: "string", default: "9" },
  },
});
const tz = values.tz!;
const runs = Number(values.runs);
const source = await resolveSource(values.source);
const w = dayWindow(values.day!, tz);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(f: () => unknown): number {
  const t0 = performance.now();
  f();
  return performance.now() - t0;
}

// Cold in process: the first read and compile of this process (JIT cold).
let t0 = performance.now();
const capture = redactCapture(source.read(w));
const readMs = performance.now() - t0;
const typer = await loadTyperForUrls(capture.snapshots.flatMap((s) => s.url ? [s.url] : []));
const opts = { tz, day: values.day, ...(typer ? { typer } : {}) };
t0 = performance.now();
const doc = compile(capture, opts);
const compileMs = performance.now() - t0;
console.log(
  `busy day ${values.day}: ${capture.snapshots.length} snapshots, ${capture.events.length} events`,
);
console.log(`cold in process: read ${readMs.toFixed(1)} ms, compile ${compileMs.toFixed(1)} ms`);
const warm = Array.from({ length: runs }, () => time(() => compile(capture, opts)));
const warmRead = Array.from({ length: runs }, () => time(() => source.read(w)));
console.log(
  `warm: read ${median(warmRead).toFixed(1)} ms, compile ${median(warm).toFixed(1)} ms (median)`,
);

// Cached day: watermark check, file read, hash check, JSON.parse (the body is the json
// emitter's text, as src/cli/_day_cache.ts stores it).
const dir = await Deno.makeTempDir({ prefix: "frames-cache-bench-" });
const key = await cacheKey({
  source: values.source!,
  fingerprint: "",
  start: w.start,
  end: w.end,
  tz,
  options: {},
  version: "bench",
});
const wm = source.watermark!(w);
await storeDay(dir, key, { version: "bench", watermark: wm, body: jsonText(doc) });
const hits: number[] = [];
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const hit = await lookupDay(dir, key, {
    version: "bench",
    watermark: (p) => source.watermark!(w, p),
  });
  JSON.parse(hit.body!);
  hits.push(performance.now() - t0);
}
const wms = Array.from({ length: runs }, () => time(() => source.watermark!(w, wm)));
console.log(
  `cached day in process: ${median(hits).toFixed(1)} ms (median; of which the watermark ${
    median(wms).toFixed(1)
  } ms)`,
);
await Deno.remove(dir, { recursive: true });

// Absorbing the last minute after 1, 7, 30 days of history held.
const span = source.span!()!;
const days: string[] = [];
for (let d = localDay(span.first, tz); d <= localDay(span.last, tz); d = addDays(d, 1)) {
  days.push(d);
}
const captures = days.map((d) => redactCapture(source.read(dayWindow(d, tz))));
const flat = flatnessCheck([...captures.filter((c) => c !== capture), capture], opts, 1.2);
console.log(`absorb: ${flat.detail}`);
// One absorb of one minute of rows in a warm session, in the middle of the day.
const mid = w.start + (w.end - w.start) * 0.6;
const absorbs = Array.from({ length: runs }, () => {
  const s = startIncremental(prefixCapture(capture, mid), opts);
  return time(() => s.absorb(deltaBetween(capture, mid, mid + 60_000)));
});
console.log(`absorb one minute at 60% of the busy day: ${median(absorbs).toFixed(1)} ms (median)`);

// Full rebuild of every day the source holds.
t0 = performance.now();
let bytes = 0;
for (const d of days) {
  bytes += emitJson(compile(redactCapture(source.read(dayWindow(d, tz))), opts)).length;
}
const rebuild = performance.now() - t0;
console.log(
  `rebuild of ${days.length} days (read + compile + json): ${rebuild.toFixed(0)} ms, ${
    (rebuild / days.length).toFixed(0)
  } ms/day, ${(bytes / 1e6).toFixed(1)} MB of JSON; peak RSS ${
    (Deno.memoryUsage().rss / 1e6).toFixed(0)
  } MB`,
);
