/**
 * Emitters: the activity document as JSON, YAML, Markdown or the compact context block.
 *
 * Every emitter is a pure function of the document and its options: output ends with one
 * newline, uses LF only, and is byte-identical across runs, hosts, timezones and locales.
 * This entry loads all four; a command that needs one format can use `loadEmitter()`
 * from `./load.ts` so that only the context block pays for loading the tokenizer.
 *
 * @example
 * ```ts
 * import { emit } from "./src/emit/mod.ts";
 * const block = emit(doc, { format: "context", budget: 1500 });
 * ```
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { type ContextOptions, emitContext } from "./context.ts";
import { emitJson } from "./json.ts";
import { emitMarkdown } from "./markdown.ts";
import { emitYaml } from "./yaml.ts";
import type { Format } from "./format.ts";

export { emitContext } from "./context.ts";
export { DEFAULT_CONTEXT_BUDGET } from "../compile/rules.ts";
export type { ContextOptions } from "./context.ts";
export { emitJson } from "./json.ts";
export { emitMarkdown } from "./markdown.ts";
export { emitYaml } from "./yaml.ts";
export { FORMATS, isFormat } from "./format.ts";
export type { Format } from "./format.ts";
// The document every emitter takes, re-exported so this module's API is complete.
// The document and every type it is made of, so this module's API is complete.
export type * from "../compile/document.ts";
export type { Capabilities } from "../model.ts";

/** Options of {@linkcode emit}: the format plus the options of the format's emitter. */
export interface EmitOptions extends ContextOptions {
  /** Which emitter renders the document. */
  format: Format;
}

/** Renders the document in the chosen format. */
export function emit(doc: ActivityDocument, opts: EmitOptions): string {
  switch (opts.format) {
    case "json":
      return emitJson(doc);
    case "yaml":
      return emitYaml(doc);
    case "md":
      return emitMarkdown(doc);
    case "context":
      return emitContext(doc, opts);
    default:
      throw new TypeError(`Cannot emit the document: unknown format "${String(opts.format)}"`);
  }
}
