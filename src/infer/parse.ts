/**
 * Reading a tier-2 file: JSON text → an {@linkcode InferredFile}, checking shape only
 * (whether the entries fit a document is `validateInferred`'s job).
 *
 * @module
 */

import { type Confidence, CONFIDENCES, type InferredEntry, type InferredFile } from "./types.ts";

/** Namespaces: a letter or digit, then letters, digits, `.`, `_` or `-` (e.g. `com.acme.focus`). */
export const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Entry keys: lower-case identifiers. */
export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

const ENTRY_KEYS = new Set(["subject", "key", "value", "confidence", "evidence"]);
const FILE_KEYS = new Set(["namespace", "producer", "entries"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Shape problems of one entry (empty when it is well formed). */
export function entryShapeProblems(raw: unknown): string[] {
  if (!isObject(raw)) return ["must be an object"];
  const out: string[] = [];
  for (const k of Object.keys(raw)) if (!ENTRY_KEYS.has(k)) out.push(`unknown property "${k}"`);
  if (typeof raw.subject !== "string" || raw.subject === "") {
    out.push("subject must be a non-empty string");
  }
  if (typeof raw.key !== "string" || !KEY_PATTERN.test(raw.key)) {
    out.push(`key must be a lower-case identifier (got ${JSON.stringify(raw.key)})`);
  }
  if (!("value" in raw)) out.push("value is missing");
  if (!CONFIDENCES.includes(raw.confidence as Confidence)) {
    out.push(
      `confidence must be one of ${CONFIDENCES.join(", ")} (got ${JSON.stringify(raw.confidence)})`,
    );
  }
  if (!Array.isArray(raw.evidence) || raw.evidence.length === 0) {
    out.push("evidence is required: a non-empty list of frame ids, field pointers or refs");
  } else if (!raw.evidence.every((e) => typeof e === "string" && e !== "")) {
    out.push("evidence items must be non-empty strings");
  }
  return out;
}

/**
 * Parses a tier-2 file; throws a SyntaxError listing every shape problem.
 *
 * @example
 * ```ts
 * const file = parseInferredFile(await Deno.readTextFile("categories.json"));
 * ```
 */
export function parseInferredFile(text: string): InferredFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SyntaxError(`Cannot read tier-2 file: ${(err as Error).message}`);
  }
  if (!isObject(raw)) {
    throw new SyntaxError('Cannot read tier-2 file: expected an object {"namespace", "entries"}');
  }
  const problems: string[] = [];
  for (const k of Object.keys(raw)) if (!FILE_KEYS.has(k)) problems.push(`unknown property "${k}"`);
  if (typeof raw.namespace !== "string" || !NAMESPACE_PATTERN.test(raw.namespace)) {
    problems.push(
      `namespace must be letters, digits, ".", "_" or "-" (got ${JSON.stringify(raw.namespace)})`,
    );
  }
  if (raw.producer !== undefined && typeof raw.producer !== "string") {
    problems.push("producer must be a string");
  }
  if (!Array.isArray(raw.entries)) {
    problems.push("entries must be a list");
  } else {
    raw.entries.forEach((e, i) => {
      for (const p of entryShapeProblems(e)) problems.push(`entry ${i}: ${p}`);
    });
  }
  if (problems.length > 0) {
    throw new SyntaxError(`Cannot read tier-2 file: ${problems.join("; ")}`);
  }
  const entries = (raw.entries as Record<string, unknown>[]).map((e): InferredEntry => ({
    subject: e.subject as string,
    key: e.key as string,
    value: e.value,
    confidence: e.confidence as Confidence,
    evidence: [...(e.evidence as string[])],
  }));
  return {
    namespace: raw.namespace as string,
    ...(raw.producer !== undefined ? { producer: raw.producer as string } : {}),
    entries,
  };
}
