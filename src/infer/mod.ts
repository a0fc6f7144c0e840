/**
 * The inferred tier (SPEC §10): an API and a file format to attach namespaced, evidenced
 * entries to a measured document, a validator that rejects entries without evidence, with
 * evidence the document lacks, or that would set a measured field, a strip that gives the
 * pure measured document back, and one deterministic producer (categories).
 *
 * @example
 * ```ts
 * import { addInferred, categorize, parseCategoryRules, stripInferred } from "./src/infer/mod.ts";
 * const doc2 = addInferred(doc, categorize(doc, parseCategoryRules(rulesJson)));
 * stripInferred(doc2); // the measured document again
 * ```
 *
 * @module
 */

export { CONFIDENCES } from "./types.ts";
export type { Confidence, InferredBlock, InferredEntry, InferredFile } from "./types.ts";
export { entryShapeProblems, KEY_PATTERN, NAMESPACE_PATTERN, parseInferredFile } from "./parse.ts";
export { inferredProblems, type InferredProblemsOptions, MeasuredIndex } from "./validate.ts";
export { addInferred, type AddInferredOptions, stripInferred } from "./merge.ts";
export {
  CATEGORIES_NAMESPACE,
  categorize,
  type CategoryRule,
  parseCategoryRules,
} from "./categories.ts";
// The document these functions read and extend, re-exported so this module's API is complete.
export type * from "../compile/document.ts";
export type { Capabilities } from "../model.ts";
