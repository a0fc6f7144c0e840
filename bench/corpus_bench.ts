/**
 * The issue-19 corpus figures: a full rebuild of a 60-day generated capture (every day read,
 * redacted, typed, compiled and emitted as JSON, as `frames compile --day` does it) and its
 * peak memory. The corpus comes from the demo generator (`writeDemoDatabase`, seed 42, which
 * makes 1–400 days); the rebuild runs in a child process of its own, under `/usr/bin/time
 * -v` where there is one, so the peak resident set is that of the rebuild alone. Days are
 * compiled one after another and dropped, as a rebuild of a long history would.
 *
 *   deno run -A bench/corpus_bench.ts                    # build 60 days in a temp folder
 *   deno run -A bench/corpus_bench.ts --days 90 --db /tmp/corpus90.sqlite
 *
 * @module
 */

// The rebuild child imports only what `frames compile --day` loads: the parent's tools (the
// demo generator, Node's fs/url) are imported dynamically below, as they cost the child
// ~40 MB of resident memory before its first day (88 MB with them, 48 MB without).
import { parseArgs } from "../src/cli/_parse_args.ts";
import { exists } from "../src/file_path.ts";
import { resolveSource } from "../adapters/resolve.ts";
import { compile } from "../src/compile/mod.ts";
import { addDays, dayWindow, localDay } from "../src/compile/time.ts";
import { loadTyperForUrls, redactCapture } from "../src/entities/mod.ts";
import { emitJson } from "../src/emit/json.ts";
import { captureUrls } from "../src/cli/_capture.ts";

const { values } = parseArgs({
  args: Deno.args,
  allowPositionals: false,
  options: {
    days: { type: "string", default: "60" },
    db: { type: "string" },
    tz: { type: "string", default: "Europe/Berlin" },
    rebuild: { type: "string" }, // internal: the child that rebuilds the database given
  },
}) as { values: Record<string, string | undefined> };
const tz = values.tz!;

async function rebuild(db: string): Promise<void> {
  const source = await resolveSource(`screenpipe:${db}`);
  const span = source.span!()!;
  const rssAtStart = Deno.memoryUsage().rss;
  const t0 = performance.now();
  let days = 0, bytes = 0, snapshots = 0, events = 0, peak = 0, slowest = 0;
  for (let d = localDay(span.first, tz); d <= localDay(span.last, tz); d = addDays(d, 1)) {
    const t = performance.now();
    const capture = redactCapture(await source.readAsync(dayWindow(d, tz)));
    const typer = await loadTyperForUrls(captureUrls(capture));
    bytes += emitJson(compile(capture, { tz, day: d, ...(typer ? { typer } : {}) })).length;
    snapshots += capture.snapshots.length;
    events += capture.events.length;
    days++;
    slowest = Math.max(slowest, performance.now() - t);
    peak = Math.max(peak, Deno.memoryUsage().rss);
  }
  const end = Deno.memoryUsage();
  const ms = performance.now() - t0;
  console.log(
    `rebuild of ${days} days (${snapshots} snapshots, ${events} events; read + redact + type + compile + json): ${
      ms.toFixed(0)
    } ms, ${(ms / days).toFixed(1)} ms/day, slowest day ${slowest.toFixed(0)} ms, ${
      (bytes / 1e6).toFixed(1)
    } MB of JSON; RSS sampled after each day: peak ${(peak / 1e6).toFixed(0)} MB (${
      (rssAtStart / 1e6).toFixed(0)
    } MB before the first day; V8 heap at the end ${(end.heapUsed / 1e6).toFixed(0)} MB used of ${
      (end.heapTotal / 1e6).toFixed(0)
    } MB)`,
  );
}

if (values.rebuild !== undefined) {
  await rebuild(values.rebuild);
} else {
  let db = values.db;
  if (db === undefined || !exists(db)) {
    db ??= `${await Deno.makeTempDir({ prefix: "frames-corpus-" })}/db.sqlite`;
    const { writeDemoDatabase } = await import("../src/demo/mod.ts");
    const t0 = performance.now();
    const demo = writeDemoDatabase(db, { days: Number(values.days), tz });
    const rows = demo.days.reduce((n, d) => n + d.snapshots + d.events + d.elements, 0);
    console.log(
      `built ${demo.days.length} days (${rows} frame, event and element rows) in ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s: ${db}`,
    );
  }
  const self = import.meta.filename!;
  const deno = [Deno.execPath(), "run", "-A", self, "--rebuild", db, "--tz", tz];
  const timed = exists("/usr/bin/time");
  const out = new Deno.Command(timed ? "/usr/bin/time" : deno[0], {
    args: timed ? ["-v", ...deno] : deno.slice(1),
    stdout: "piped",
    stderr: "piped",
  }).outputSync();
  const err = new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`Cannot rebuild the corpus: ${err}`);
  console.log(new TextDecoder().decode(out.stdout).trim());
  const maxRss = err.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1];
  const wall = err.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (.*)/)?.[1];
  if (maxRss) {
    console.log(
      `whole rebuild process (/usr/bin/time -v): peak RSS ${
        (Number(maxRss) / 1024).toFixed(0)
      } MB, wall ${wall}`,
    );
  }
}
