/**
 * The tier-2 layer's shapes (SPEC §10): inferred entries live under the document's
 * `inferred` key, one block per namespace, each entry with a confidence and evidence that
 * exists in the measured document.
 *
 * A tier-2 file holds one block:
 *
 * ```json
 * {
 *   "namespace": "categories",
 *   "producer": "frames categories",
 *   "entries": [
 *     {
 *       "subject": "frame:monitor_1:1042",
 *       "key": "category",
 *       "value": ["Work", "Programming"],
 *       "confidence": "high",
 *       "evidence": ["frame:monitor_1:1042", "/frames/3/app"]
 *     }
 *   ]
 * }
 * ```
 *
 * `subject` is `document`, `frame:<id>`, `app:<ledger app>` or `site:<site>`; `key` is an
 * identifier that must not name a measured field of the subject. Evidence items are
 * `frame:<id>` (or a bare frame id), a JSON Pointer to a measured field (`/frames/3/app`),
 * or `snapshot:<ref>` / `event:<ref>` inside some frame's evidence.
 *
 * @module
 */

/** How sure a producer is. */
export type Confidence = "high" | "medium" | "speculative";

/** Every confidence, surest first. */
export const CONFIDENCES: readonly Confidence[] = ["high", "medium", "speculative"];

/** One inferred statement about a measured subject. */
export interface InferredEntry {
  /** What the entry is about: `document`, `frame:<id>`, `app:<ledger app>` or `site:<site>`. */
  subject: string;
  /** The property stated; never the name of a field measured on the subject. */
  key: string;
  /** The stated value, any JSON. */
  value: unknown;
  /** How sure the producer is, so consumers can drop speculation. */
  confidence: Confidence;
  /** Frame ids, JSON Pointers to measured fields, or snapshot/event refs; never empty. */
  evidence: string[];
}

/** A namespace's entries as they sit under `inferred.<namespace>`. */
export interface InferredBlock {
  /** The tool that produced the entries, free text. */
  producer?: string;
  /** The namespace's statements. */
  entries: InferredEntry[];
}

/** A tier-2 file: one namespace and its block. */
export interface InferredFile extends InferredBlock {
  /** The block's name under `inferred`, e.g. `categories`. */
  namespace: string;
}
