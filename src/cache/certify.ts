/**
 * The certification harness behind `frames certify` (SPEC §11): on the user's own rows it
 * proves (1) two compilations are byte-identical, (2) incremental equals a rebuild byte for
 * byte over chunked replays, (3) absorbing a fixed Δ of rows does not cost more with more
 * history held, (4) the day cache returns the bytes of a fresh compile. Pure of the
 * terminal: it returns a certificate; the door prints it.
 *
 * @module
 */

import type { Watermark } from "../../adapters/types.ts";
import {
  type ActivityDocument,
  type Capture,
  compile,
  type CompileOptions,
} from "../compile/mod.ts";
import { emitContext, emitJson, emitMarkdown, emitYaml } from "../emit/mod.ts";
import { VERSION } from "../version.ts";
import { deltaBetween, evenCuts, prefixCapture, replay } from "./replay.ts";
import { lookupDay, storeDay } from "./mod.ts";
import { flatnessCheck, type FlatnessResult } from "./flatness.ts";
import { bodyHash } from "./file.ts";

/** One day of the window, read from the source. */
export interface CertifyDay {
  /** The local day. */
  day: string;
  /** Its rows. */
  capture: Capture;
  /** The source's watermark of the day's window (for the cache check), when it has one. */
  watermark?: (previous?: Watermark) => Watermark;
}

/** What {@linkcode certify} is given. */
export interface CertifyInput {
  /** Every day of the window, in order. */
  days: CertifyDay[];
  /** Compile options (zone, min minutes, geometry inference, typer) shared by every day. */
  options: CompileOptions;
  /**
   * The display geometry the days were read with (`--displays`: a spec or `infer`), for the
   * certificate; the given geometry is already in each capture, inference in `options`.
   */
  displays?: string;
  /** A scratch folder for the cache check (removed by the caller). */
  scratch: string;
  /** Random cut points per day for check (2) (default 12), from a fixed seed. */
  randomCuts?: number;
  /** Absorb-cost threshold of check (3): the cost at most history ≤ ratio × the cost at least, plus slack ms. */
  flatRatio?: number;
}

/** One check's outcome. */
export interface CheckResult {
  /** `repeatable`, `incremental`, `flat_cost`, `cache`. */
  check: string;
  /** Whether it held. */
  pass: boolean;
  /** What was compared, in words. */
  detail: string;
  /** Where it failed (day and what), empty when it held. */
  failures: string[];
  /** Milliseconds the check took. */
  ms: number;
  /** Measurements of the flat-cost check. */
  flatness?: FlatnessResult;
}

/** The certificate: what was certified, and how each check came out. */
export interface Certificate {
  /** Always `frames-certificate/1`. */
  certificate: string;
  /** The frames version certified. */
  frames_version: string;
  /** The source, as the rows' facts name it. */
  source: { adapter: string; location: string; fingerprint: string };
  /** The days and zone. */
  window: { from: string; to: string; tz: string; days: number };
  /** The compile options that change bytes. */
  options: { min_minutes: number | null; displays: string | null };
  /** Row totals over the window. */
  rows: { snapshots: number; events: number };
  /**
   * Each day's certified document: the SHA-256 of its JSON text, the bytes `frames compile
   * --day DAY -f json` prints for the same source and options (past days; today's window is
   * still open), so a compile can be checked against the certificate later.
   */
  documents: { day: string; json_sha256: string }[];
  /** Every check. */
  results: CheckResult[];
  /** True when every check held. */
  pass: boolean;
}

const FORMATS: [string, (d: ActivityDocument) => string][] = [
  ["json", emitJson],
  ["yaml", emitYaml],
  ["md", (d) => emitMarkdown(d)],
  ["context", (d) => emitContext(d)],
];

/** Runs the four checks over the days given. */
export async function certify(input: CertifyInput): Promise<Certificate> {
  const { days, options } = input;
  const json: string[] = []; // each day's JSON document, from the repeatable check
  const results: CheckResult[] = [
    timed("repeatable", () => repeatable(days, options, json)),
    timed("incremental", () => incremental(days, options, input.randomCuts ?? 12)),
    timedFlat(days, options, input.flatRatio ?? 1.2),
  ];
  const t0 = performance.now();
  const cache = await cacheCheck(days, options, input.scratch);
  results.push({ check: "cache", ...cache, ms: Math.round(performance.now() - t0) });
  const facts = days[0]?.capture.facts;
  return {
    certificate: "frames-certificate/1",
    frames_version: VERSION,
    source: {
      adapter: facts?.adapter ?? "",
      location: facts?.location ?? "",
      fingerprint: facts?.fingerprint ?? "",
    },
    window: {
      from: days[0]?.day ?? "",
      to: days.at(-1)?.day ?? "",
      tz: options.tz,
      days: days.length,
    },
    options: { min_minutes: options.minMinutes ?? null, displays: input.displays ?? null },
    rows: {
      snapshots: days.reduce((n, d) => n + d.capture.snapshots.length, 0),
      events: days.reduce((n, d) => n + d.capture.events.length, 0),
    },
    documents: await Promise.all(
      days.map(async (d, i) => ({ day: d.day, json_sha256: await bodyHash(json[i]) })),
    ),
    results,
    pass: results.every((r) => r.pass),
  };
}

type Partial = Omit<CheckResult, "check" | "ms">;

/** A day's options: compiled as that day, as `frames compile --day` does (its window names it). */
function ofDay(opts: CompileOptions, d: CertifyDay): CompileOptions {
  return { ...opts, day: d.day };
}

function timed(check: string, run: () => Partial): CheckResult {
  const t0 = performance.now();
  const r = run();
  return { check, ...r, ms: Math.round(performance.now() - t0) };
}

/** Compiles each day twice and compares the two in every format; `json` gets each day's JSON. */
function repeatable(days: CertifyDay[], opts: CompileOptions, json: string[]): Partial {
  const failures: string[] = [];
  for (const d of days) {
    const dayOpts = ofDay(opts, d);
    const a = compile(d.capture, dayOpts), b = compile(d.capture, dayOpts);
    for (const [name, emit] of FORMATS) {
      if (emit(a) !== emit(b)) failures.push(`${d.day}: two compilations differ (${name})`);
    }
    json.push(emitJson(a));
  }
  return {
    pass: failures.length === 0,
    detail: `each day compiled twice, compared in json, yaml, md and context`,
    failures,
  };
}

function incremental(days: CertifyDay[], opts: CompileOptions, randomCuts: number): Partial {
  const failures: string[] = [];
  const rand = lcg(20261201);
  for (const d of days) {
    const w = d.capture.window;
    const random = Array.from({ length: randomCuts }, () => w.start + rand() * (w.end - w.start))
      .map(Math.floor).sort((a, b) => a - b);
    const plans: [string, number[], Set<number>][] = [
      ["1 min", evenCuts(w, 60_000), new Set()],
      ["10 min", evenCuts(w, 600_000), new Set()],
      ["random", [...random, w.end + 1], new Set(random)],
    ];
    for (const [name, cuts, checkAt] of plans) {
      const r = replay(d.capture, ofDay(opts, d), cuts, { checkAt, bytes: emitJson });
      for (const at of r.mismatches) {
        failures.push(`${d.day}: ${name} chunks differ from a rebuild at ${iso(at)}`);
      }
    }
  }
  return {
    pass: failures.length === 0,
    detail:
      `each day replayed in 1-minute and 10-minute chunks and at ${randomCuts} random cuts; the final document (and the document at each random cut) compared with a full compile`,
    failures,
  };
}

function timedFlat(days: CertifyDay[], opts: CompileOptions, ratio: number): CheckResult {
  const t0 = performance.now();
  const flatness = flatnessCheck(days.map((d) => d.capture), opts, ratio);
  return {
    check: "flat_cost",
    pass: flatness.pass,
    detail: flatness.detail,
    failures: flatness.pass ? [] : [flatness.detail],
    ms: Math.round(performance.now() - t0),
    flatness,
  };
}

async function cacheCheck(
  days: CertifyDay[],
  opts: CompileOptions,
  scratch: string,
): Promise<Partial> {
  const failures: string[] = [];
  let checked = 0;
  for (const d of days) {
    if (d.watermark === undefined || d.capture.snapshots.length === 0) continue;
    checked++;
    const fresh = compile(d.capture, ofDay(opts, d));
    const key = `certify-${d.day}`;
    await storeDay(scratch, key, {
      version: VERSION,
      watermark: d.watermark(),
      body: JSON.stringify(fresh),
    });
    const hit = await lookupDay(scratch, key, { version: VERSION, watermark: d.watermark });
    if (hit.body === undefined) {
      failures.push(`${d.day}: the cache did not answer for unchanged rows`);
      continue;
    }
    const cached = JSON.parse(hit.body) as ActivityDocument;
    for (const [name, emit] of FORMATS) {
      if (emit(cached) !== emit(fresh)) {
        failures.push(`${d.day}: cached ${name} differs from fresh`);
      }
    }
  }
  return {
    pass: failures.length === 0,
    detail: checked === 0
      ? "no day with rows from a source with a watermark: nothing cached to compare"
      : `${checked} days stored, read back through the watermark check and emitted in json, yaml, md and context`,
    failures,
  };
}

/** A small fixed-seed generator: the same cut points on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export { deltaBetween, prefixCapture };
