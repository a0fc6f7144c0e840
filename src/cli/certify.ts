/**
 * `frames certify`: prove on the user's own rows that compilation is repeatable, that the
 * incremental path equals a rebuild, that absorbing new rows costs the same however much
 * history is held, and that the day cache returns a fresh compile's bytes (SPEC §11).
 *
 * @module
 */

import { type Certificate, certify } from "../cache/certify.ts";
import { addDays, dayWindow, parseDay } from "../compile/time.ts";
import { infersDisplays } from "../compile/enrich/geometry.ts";
import { loadTyperForUrls } from "../entities/mod.ts";
import { parseFlags, str } from "./_args.ts";
import { captureUrls, readCliWindow, resolveCliSource } from "./_capture.ts";
import { sourceDays } from "./_empty_window.ts";
import { writeOutput } from "./_output.ts";
import { resolveSettings } from "./_settings.ts";
import type { CommandSpec } from "./_spec.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames certify [options]

Certify, on your own capture, the promises frames makes (SPEC §11):
  1. repeatable   two compilations of each day are byte-identical (json, yaml, md, context)
  2. incremental  replaying each day's rows in 1-minute and 10-minute chunks and at random
                  cut points through the incremental path gives a full compile's bytes
  3. flat_cost    absorbing the last minute of rows costs the same after 1, 7 and 30 days
                  of history held (fails when the cost at 30 days exceeds 1.2 × the cost
                  at 1 day + 1 ms); the slope is reported
  4. cache        a day stored in the day cache and read back through its watermark check
                  gives a fresh compile's bytes in every format
Prints a summary (or the certificate with --json) and exits 1 when any check fails.

Options:
  --source SPEC      the capture source (as for frames compile)
  --day DAY          one day (YYYY-MM-DD); default: the last day the source holds
  --from DAY --to DAY  a span of days (at most 31)
  --tz ZONE          IANA timezone (default: FRAMES_TZ, config, then the system zone)
  --min-minutes N    as for frames compile
  --displays GEOM    display geometry as for frames compile (NAME=WxH+X+Y[@SCALE],… or
                     infer); default: the config file's "displays", as compile takes it
  --out FILE         write the JSON certificate to FILE
  --json             print the certificate instead of the summary
  -h, --help         show this help
`;

const OPTIONS = {
  source: { type: "string" },
  day: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  tz: { type: "string" },
  "min-minutes": { type: "string" },
  displays: { type: "string" },
  out: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/** What `frames certify` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: OPTIONS };

/** Entry point of `frames certify`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "certify" });
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  const settings = resolveSettings({
    source: str(p, "source"),
    tz: str(p, "tz"),
    minMinutes: str(p, "min-minutes"),
    displays: str(p, "displays"),
  });
  const source = await resolveCliSource(settings);
  const days = chooseDays(p.values, () => sourceDays(source, settings.tz));
  const read = [];
  for (const day of days) {
    const window = dayWindow(day, settings.tz);
    const capture = await readCliWindow(source, window, { settings });
    const measure = source.watermark;
    read.push({
      day,
      capture,
      ...(measure
        ? { watermark: (prev?: Parameters<typeof measure>[1]) => measure(window, prev) }
        : {}),
    });
  }
  const typer = await loadTyperForUrls(read.flatMap((d) => [...captureUrls(d.capture)]));
  const scratch = await Deno.makeTempDir({ prefix: "frames-certify-" });
  let cert: Certificate;
  try {
    cert = await certify({
      days: read,
      options: {
        tz: settings.tz,
        minMinutes: settings.minMinutes,
        inferDisplays: infersDisplays(settings.displays),
        ...(typer ? { typer } : {}),
      },
      displays: settings.displays,
      scratch,
    });
  } finally {
    await Deno.remove(scratch, { recursive: true });
  }
  const json = JSON.stringify(cert, null, 2) + "\n";
  const out = str(p, "out");
  if (out !== undefined) await writeOutput(json, out);
  console.log(p.values.json ? json.trimEnd() : summary(cert, out));
  return cert.pass ? 0 : 1;
}

function chooseDays(
  v: { day?: unknown; from?: unknown; to?: unknown },
  held: () => { first: string; last: string } | "none" | undefined,
): string[] {
  const day = typeof v.day === "string" ? v.day : undefined;
  const from = typeof v.from === "string" ? v.from : undefined;
  const to = typeof v.to === "string" ? v.to : undefined;
  if (day !== undefined && (from !== undefined || to !== undefined)) {
    throw new UsageError("Conflicting window flags: use --day or --from/--to");
  }
  if ((from === undefined) !== (to === undefined)) {
    throw new UsageError("--from and --to go together");
  }
  for (const [flag, value] of [["--day", day], ["--from", from], ["--to", to]] as const) {
    if (value !== undefined && parseDay(value) === undefined) {
      throw new UsageError(`Invalid ${flag} "${value}": expected YYYY-MM-DD`);
    }
  }
  if (day !== undefined) return [day];
  if (from !== undefined && to !== undefined) {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) {
      out.push(d);
      if (out.length > 31) throw new UsageError("Invalid window: at most 31 days for certify");
    }
    if (out.length === 0) throw new UsageError("Invalid window: --to must not be before --from");
    return out;
  }
  const span = held();
  if (span === undefined || span === "none") {
    throw new UsageError(
      "Cannot choose a day to certify: the source cannot tell which days it holds; pass --day",
    );
  }
  return [span.last];
}

function summary(cert: Certificate, out: string | undefined): string {
  const w = cert.window;
  const lines = [
    `frames certify: ${cert.source.adapter} ${cert.source.location}, ${w.from}${
      w.to !== w.from ? ` to ${w.to}` : ""
    } (${w.tz}), ${w.days} ${
      w.days === 1 ? "day" : "days"
    }, ${cert.rows.snapshots} snapshots, ${cert.rows.events} events`,
  ];
  for (const r of cert.results) {
    lines.push(`  ${r.pass ? "PASS" : "FAIL"}  ${r.check.padEnd(12)} ${r.detail} (${r.ms} ms)`);
    for (const f of r.failures.slice(0, 5)) lines.push(`        ${f}`);
    if (r.failures.length > 5) lines.push(`        … and ${r.failures.length - 5} more`);
  }
  lines.push(
    `certificate: ${cert.pass ? "PASS" : "FAIL"}${out !== undefined ? ` (written to ${out})` : ""}`,
  );
  return lines.join("\n");
}
