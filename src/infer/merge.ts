/**
 * Attaching tier-2 entries to a document and taking them off again (SPEC §10). Both return
 * new documents; the measured part is never touched, so stripping always gives back the
 * measured document byte for byte.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { entryShapeProblems, NAMESPACE_PATTERN } from "./parse.ts";
import type { InferredBlock, InferredFile } from "./types.ts";
import { inferredProblems } from "./validate.ts";

/** Options for {@linkcode addInferred}. */
export interface AddInferredOptions {
  /** Replace a namespace the document already has (default: reject). */
  replace?: boolean;
}

/**
 * Returns `doc` with the file's entries under `inferred.<namespace>`; throws a TypeError
 * listing every rejected entry (missing or unknown evidence, unknown subject, a key that
 * names a measured field, a malformed entry).
 *
 * @example
 * ```ts
 * const withCategories = addInferred(doc, parseInferredFile(text));
 * stripInferred(withCategories); // deep-equals doc
 * ```
 */
export function addInferred(
  doc: ActivityDocument,
  file: InferredFile,
  opts: AddInferredOptions = {},
): ActivityDocument {
  const what = `Cannot add inferred entries of "${file.namespace}"`;
  if (!NAMESPACE_PATTERN.test(file.namespace)) {
    throw new TypeError(`${what}: the namespace must be letters, digits, ".", "_" or "-"`);
  }
  if (doc.inferred !== undefined && Object.hasOwn(doc.inferred, file.namespace) && !opts.replace) {
    throw new TypeError(`${what}: the document already has this namespace (replace it explicitly)`);
  }
  const shape: string[] = [];
  file.entries.forEach((e, i) => {
    for (const p of entryShapeProblems(e)) shape.push(`entry ${i}: ${p}`);
  });
  const problems = shape.length > 0 ? shape : inferredProblems(doc, file.entries);
  if (problems.length > 0) {
    throw new TypeError(
      `${what}: ${problems.length} ${problems.length === 1 ? "problem" : "problems"}: ${
        problems.join("; ")
      }`,
    );
  }
  const block: InferredBlock = {
    ...(file.producer !== undefined ? { producer: file.producer } : {}),
    entries: file.entries.map((e) => ({
      subject: e.subject,
      key: e.key,
      value: e.value,
      confidence: e.confidence,
      evidence: [...e.evidence],
    })),
  };
  const inferred: Record<string, unknown> = { ...(doc.inferred ?? {}), [file.namespace]: block };
  const sorted: Record<string, unknown> = {};
  for (const ns of Object.keys(inferred).sort()) sorted[ns] = inferred[ns];
  return withInferred(doc, sorted);
}

/**
 * The pure measured document: `doc` without its `inferred` key (a new object).
 *
 * @example
 * ```ts
 * JSON.stringify(stripInferred(addInferred(doc, file))) === JSON.stringify(doc); // true
 * ```
 */
export function stripInferred(doc: ActivityDocument): ActivityDocument {
  return withInferred(doc, undefined);
}

/** A copy of `doc` with `inferred` set (or removed) in its place in the key order. */
function withInferred(
  doc: ActivityDocument,
  inferred: Record<string, unknown> | undefined,
): ActivityDocument {
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [k, v] of Object.entries(doc)) {
    if (k === "inferred") continue;
    if (k === "generated_at" && inferred !== undefined) {
      out.inferred = inferred;
      placed = true;
    }
    out[k] = v;
  }
  if (inferred !== undefined && !placed) out.inferred = inferred;
  return out as unknown as ActivityDocument;
}
