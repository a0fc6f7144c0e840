/**
 * `frames compile`: a window of capture → an activity document in one format.
 *
 * @module
 */

import { DEFAULT_CONTEXT_BUDGET, DEFAULT_MIN_MINUTES } from "../compile/rules.ts";
import { type Format, FORMATS } from "../emit/format.ts";
import { loadEmitter } from "../emit/load.ts";
import { type Parsed, parseFlags, str } from "./_args.ts";
import { LIMITS } from "./_numbers.ts";
import type { CommandSpec } from "./_spec.ts";
import { type CompiledRun, compileForCli, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { documentFormat, FORMAT_OPTIONS } from "./_format.ts";
import { warn, writeOutput } from "./_output.ts";

/** Help lines of the options compile, today and context share besides the window's. */
export function compileOptionsHelp(defaultFormat: Format): string {
  const others = FORMATS.filter((f) => f !== defaultFormat);
  return `  -f, --format FMT   ${defaultFormat} (default), ${others.slice(0, -1).join(", ")} or ${
    others.at(-1)
  }
  --json             the same as -f json
  --min-minutes N    leave frames shorter than N minutes out of the list (default ${DEFAULT_MIN_MINUTES};
                     their time stays in ledgers and coverage)
  --budget N         token budget of the context block (cl100k, ${LIMITS.budget.min} to ${LIMITS.budget.max},
                     default ${DEFAULT_CONTEXT_BUDGET})
  --out FILE         write to FILE instead of standard output
  --stats            print rows read/rejected, frames and timings to standard error
  --inferred FILE    attach a validated tier-2 file under "inferred" (repeatable; see
                     "frames infer --help"; json and yaml carry it)
  --categories FILE  attach categories from ActivityWatch-style rules (tier 2)
  --strip-inferred   emit the pure measured document: no "inferred" key, whatever else
                     asked for one
  --watch            keep running: every 2 s, write the document again when new rows
                     changed it (the window's state stays in memory; Ctrl-C stops)
  -h, --help         show this help`;
}

const HELP = `Usage: frames compile [options]

Compile a window of screen capture into an activity document: frames (bounded episodes
with app, site, dwell-based minutes, typed pages, input volume and evidence), coverage,
the app ledger, the site roll-up and blind spots. Deterministic: the same capture,
window, timezone and options always give the same bytes.

Options:
${WINDOW_HELP}
${compileOptionsHelp("json")}

Examples:
  frames compile --day yesterday -f md
  frames compile --source screenpipe:~/.screenpipe/db.sqlite --from 2026-07-01 --to 2026-07-03
`;

/** Options of the compile command (also used by today/context/apps). */
export const COMPILE_OPTIONS = {
  ...WINDOW_OPTIONS,
  ...FORMAT_OPTIONS,
  "min-minutes": { type: "string" },
  budget: { type: "string" },
  out: { type: "string" },
  stats: { type: "boolean" },
  inferred: { type: "string", multiple: true },
  categories: { type: "string" },
  "strip-inferred": { type: "boolean" },
  watch: { type: "boolean" },
} as const;

/** Formats `--stats` lines for a run (a cached run's counts come from its entry: no read). */
export function statsText(run: CompiledRun, emitMs: number): string {
  const f = run.stats ?? run.capture.facts;
  const rows = Object.entries(f.rows).map(([k, v]) => `${k} ${v}`).join(", ");
  const rej = Object.entries(f.rejected).sort().map(([k, v]) => `${k}: ${v}`).join("; ");
  const c = run.doc.coverage;
  return [
    `source: ${f.adapter} ${f.location}`,
    `rows read: ${rows || "none"}`,
    `rows rejected: ${rej || "none"}`,
    `frames: ${c.frames} listed, ${c.omitted_frames} omitted; unattributed input ${c.unattributed_input}`,
    `time: read ${run.readMs.toFixed(1)} ms, compile ${run.compileMs.toFixed(1)} ms, emit ${
      emitMs.toFixed(1)
    } ms`,
  ].join("\n");
}

/** Runs a compile with a default format; shared by compile, today and context. */
export async function compileCommand(
  args: string[],
  cfg: { command: string; help: string; format: Format },
): Promise<number> {
  const p = parseFlags(args, COMPILE_OPTIONS, { command: cfg.command });
  if (p.values.help) {
    console.log(cfg.help);
    return 0;
  }
  const format = documentFormat(p, cfg.format);
  const inferredFiles = (p.values.inferred ?? []) as unknown as string[];
  const categories = str(p, "categories");
  const tier2 = p.values["strip-inferred"] !== true &&
    (inferredFiles.length > 0 || categories !== undefined);
  // Tier-2 inputs are read before the compile, so a bad file fails fast.
  const infer = tier2 ? await import("./infer.ts") : undefined;
  const files = infer
    ? inferredFiles.map((f) => ({ path: f, file: infer.readInferredFile(f) }))
    : [];
  const rules = infer && categories !== undefined ? infer.readCategoryRules(categories) : undefined;
  const watch = p.values.watch === true;
  let last: string | undefined;
  for (let round = 0;; round++) {
    const run = await compileForCli(p, {
      minMinutes: str(p, "min-minutes"),
      budget: str(p, "budget"),
      live: watch,
      // statsText() is the one reader of run.capture, and of a cached run's only its stats.
      captureUnused: true,
    });
    // After the flags were checked (a bad number is the one line a usage error gets).
    if (round === 0) warnIgnored(p, format, cfg.command);
    const text = await renderRun(run, { p, format, files, rules, infer, categories });
    if (text !== last) await writeOutput(text, str(p, "out"));
    last = text;
    if (!watch) return 0;
    // --watch: the window's state stays in memory; only a changed document is written again.
    await new Promise((r) => setTimeout(r, WATCH_POLL_MS));
  }
}

/** How often `--watch` asks the source for new rows. */
const WATCH_POLL_MS = 2_000;

interface RenderContext {
  p: Parsed;
  format: Format;
  files: { path: string; file: ReturnType<typeof import("./infer.ts").readInferredFile> }[];
  rules: ReturnType<typeof import("./infer.ts").readCategoryRules> | undefined;
  infer: typeof import("./infer.ts") | undefined;
  categories: string | undefined;
}

async function renderRun(run: CompiledRun, ctx: RenderContext): Promise<string> {
  const { p, format, files, rules, infer, categories } = ctx;
  if (infer) {
    const { categorize } = await import("../infer/mod.ts");
    const measured = run.doc;
    for (const { path, file } of files) {
      run.doc = infer.mergeOrReject(run.doc, file, { from: path });
    }
    if (rules !== undefined) {
      run.doc = infer.mergeOrReject(run.doc, categorize(measured, rules), { from: categories });
    }
  }
  // A cached day's body is the json emitter's text of its document: written as it is.
  const cachedJson = format === "json" && !infer ? run.json : undefined;
  // Load only the chosen emitter: the tokenizer costs ~35 ms and only the context block needs it.
  const render = cachedJson === undefined ? await loadEmitter(format) : undefined;
  const t0 = performance.now();
  const text = render === undefined
    ? cachedJson + "\n"
    : render(run.doc, { budget: run.settings.budget });
  const emitMs = performance.now() - t0;
  if (p.values.stats) console.error(statsText(run, emitMs));
  return text;
}

/** Warns (stderr) about flags the chosen format ignores: they would be silently dropped. */
function warnIgnored(p: Parsed, format: Format, command: string): void {
  const tier2 = format === "md" || format === "context";
  if (tier2) {
    for (const flag of ["categories", "inferred"]) {
      if (p.values[flag] !== undefined) {
        warn(`--${flag} is ignored by -f ${format}: only json and yaml carry the inferred tier`);
      }
    }
  }
  if (format !== "context" && p.values.budget !== undefined) {
    warn(`--budget is ignored by -f ${format}: only the context block is budgeted`);
  }
  if (command === "context" && format !== "context") {
    warn(
      `frames context -f ${format} prints the whole document, as frames compile -f ${format} does; the block is -f context`,
    );
  }
}

/** What `frames compile` accepts, for help and completions. */
export const spec: CommandSpec = { help: HELP, options: COMPILE_OPTIONS };

/** Entry point of `frames compile`. */
export function main(args: string[]): Promise<number> {
  return compileCommand(args, { command: "compile", help: HELP, format: "json" });
}
