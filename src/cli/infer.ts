/**
 * `frames infer`: the inferred tier (SPEC §10) — attach validated tier-2 files to a
 * document, strip them off, and run the example categories producer.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { jsonText } from "../text/sanitize.ts";
import { DEFAULT_CONTEXT_BUDGET } from "../compile/rules.ts";
import { loadEmitter } from "../emit/load.ts";
import {
  addInferred,
  categorize,
  type InferredFile,
  parseCategoryRules,
  parseInferredFile,
  stripInferred,
} from "../infer/mod.ts";
import { parseFlags, str } from "./_args.ts";
import { compileForCli, WINDOW_HELP, WINDOW_OPTIONS } from "./_capture.ts";
import { documentFormat, FORMAT_OPTIONS } from "./_format.ts";
import type { CommandSpec } from "./_spec.ts";
import { writeOutput } from "./_output.ts";
import { UsageError } from "./usage_error.ts";

const HELP = `Usage: frames infer <add FILE... | strip | categories --rules RULES> [options]

The inferred tier: entries a tool derived from a measured document, kept apart under
"inferred.<namespace>", each with a confidence (high, medium or speculative) and evidence
that exists in the document (frame ids, JSON Pointers to measured fields such as
/frames/3/app, or snapshot:REF / event:REF). Entries without evidence, with evidence the
document lacks, or whose key names a measured field of their subject are rejected.

  add FILE...        validate tier-2 files and merge them into the document; prints it
  strip              print the pure measured document (the "inferred" key removed)
  categories         categorise frames with ActivityWatch-style rules
                     ({name: [...], rule: {type: "regex", regex, ignore_case}}); prints a
                     tier-2 file (high: the regex matches the whole app name; medium: part
                     of the app, a window title or the site)

The document is read from --doc FILE (JSON, as "frames compile" writes it) or compiled
from a window of capture with the usual flags.

Options:
  --doc FILE         the document to work on (instead of compiling a window)
  --rules FILE       category rules (categories)
  --replace          add: replace a namespace the document already has
  -f, --format FMT   add/strip: json (default), yaml, md or context
  --json             the same as -f json
  --out FILE         write to FILE instead of standard output
  -h, --help         show this help
${WINDOW_HELP}

Tier-2 file:
  {"namespace": "categories", "producer": "...", "entries": [{"subject": "frame:monitor_1:1042",
   "key": "category", "value": ["Work"], "confidence": "high",
   "evidence": ["frame:monitor_1:1042", "/frames/0/app"]}]}
  subject: document, frame:<id>, app:<ledger app> or site:<site>
`;

const OPTIONS = {
  ...WINDOW_OPTIONS,
  doc: { type: "string" },
  rules: { type: "string" },
  replace: { type: "boolean" },
  ...FORMAT_OPTIONS,
  out: { type: "string" },
} as const;

/** What `frames infer` accepts, for help and completions. */
export const spec: CommandSpec = {
  help: HELP,
  options: OPTIONS,
  words: ["add", "strip", "categories"],
};

/** Reads and parses a tier-2 file; problems are usage errors naming the file. */
export function readInferredFile(path: string): InferredFile {
  try {
    return parseInferredFile(readText(path, "tier-2 file"));
  } catch (err) {
    if (err instanceof SyntaxError) throw new UsageError(`${err.message} (in "${path}")`);
    throw err;
  }
}

/** Reads category rules; problems are usage errors naming the file. */
export function readCategoryRules(path: string): ReturnType<typeof parseCategoryRules> {
  try {
    return parseCategoryRules(readText(path, "category rules"));
  } catch (err) {
    if (err instanceof SyntaxError) throw new UsageError(`${err.message} (in "${path}")`);
    throw err;
  }
}

/** Merges a tier-2 file into a document; a rejected entry is a usage error. */
export function mergeOrReject(
  doc: ActivityDocument,
  file: InferredFile,
  opts: { replace?: boolean; from?: string } = {},
): ActivityDocument {
  try {
    return addInferred(doc, file, { replace: opts.replace });
  } catch (err) {
    if (err instanceof TypeError) {
      throw new UsageError(err.message + (opts.from !== undefined ? ` (in "${opts.from}")` : ""));
    }
    throw err;
  }
}

function readText(path: string, what: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      throw new UsageError(`Cannot read ${what} "${path}": file does not exist`);
    }
    throw new Error(`Cannot read ${what} "${path}": ${(err as Error).message}`);
  }
}

function readDocument(path: string): ActivityDocument {
  const text = readText(path, "document");
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`Cannot read document "${path}": ${(err as Error).message}`);
  }
  if (
    typeof doc !== "object" || doc === null ||
    (doc as { schema_version?: unknown }).schema_version !== 1
  ) {
    throw new UsageError(
      `Cannot read document "${path}": not an activity document (schema_version 1)`,
    );
  }
  return doc as ActivityDocument;
}

/** Entry point of `frames infer`. */
export async function main(args: string[]): Promise<number> {
  const p = parseFlags(args, OPTIONS, { command: "infer", positionals: true });
  const [action, ...files] = p.positionals;
  if (p.values.help) {
    console.log(HELP);
    return 0;
  }
  if (action === undefined) {
    throw new UsageError('Give an action: add, strip or categories: run "frames infer --help"');
  }
  if (!["add", "strip", "categories"].includes(action)) {
    throw new UsageError(`Unknown action "${action}": use add, strip or categories`);
  }
  if (action === "add" && files.length === 0) throw new UsageError("add needs at least one FILE");
  if (action !== "add" && files.length > 0) {
    throw new UsageError(`${action} takes no files: unexpected "${files[0]}"`);
  }
  const rulesPath = str(p, "rules");
  if (action === "categories" && rulesPath === undefined) {
    throw new UsageError("categories needs --rules FILE");
  }
  const format = documentFormat(p, "json");
  // Read every input before the (slower) compile, so a bad file fails fast.
  const tier2 = files.map((f) => ({ path: f, file: readInferredFile(f) }));
  const rules = rulesPath !== undefined ? readCategoryRules(rulesPath) : undefined;
  const docPath = str(p, "doc");
  const doc = docPath !== undefined ? readDocument(docPath) : (await compileForCli(p)).doc;
  let text: string;
  if (action === "categories") {
    text = jsonText(categorize(stripInferred(doc), rules!)) + "\n";
  } else {
    let out = action === "strip" ? stripInferred(doc) : doc;
    for (const { path, file } of tier2) {
      out = mergeOrReject(out, file, { replace: p.values.replace === true, from: path });
    }
    const render = await loadEmitter(format);
    text = render(out, { budget: DEFAULT_CONTEXT_BUDGET });
  }
  await writeOutput(text, str(p, "out"));
  return 0;
}
