/**
 * Lazy emitter loading: imports only the chosen format's module, so a JSON, YAML or
 * Markdown run never pays for loading the tokenizer's rank table (~40 ms).
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import type { ContextOptions } from "./context.ts";
import type { Format } from "./format.ts";

/** A loaded emitter: the document (and, for the context block, its options) to text. */
export type Emitter = (doc: ActivityDocument, opts?: ContextOptions) => string;

/**
 * Imports the emitter of one format (string-literal imports, so `deno compile` bundles them).
 *
 * @example
 * ```ts
 * const render = await loadEmitter("md");
 * const report = render(doc);
 * ```
 */
export async function loadEmitter(format: Format): Promise<Emitter> {
  switch (format) {
    case "json":
      return (await import("./json.ts")).emitJson;
    case "yaml":
      return (await import("./yaml.ts")).emitYaml;
    case "md":
      return (await import("./markdown.ts")).emitMarkdown;
    case "context":
      return (await import("./context.ts")).emitContext;
    default:
      throw new TypeError(`Cannot load an emitter: unknown format "${String(format)}"`);
  }
}
