/**
 * The YAML emitter, on `npm:yaml`.
 *
 * Stringified with the YAML 1.1 schema so that strings which YAML 1.1 readers (PyYAML)
 * would take for booleans, numbers or timestamps (`yes`, `on`, ISO times, …) are quoted;
 * YAML 1.2 readers read the same text back as the same data. Lines are never folded, so
 * window titles stay on one line.
 *
 * @module
 */

import { stringify } from "yaml";
import type { ActivityDocument } from "../compile/document.ts";

/** Renders the document as YAML ending with one newline. */
export function emitYaml(doc: ActivityDocument): string {
  const text = stringify(doc, {
    version: "1.1",
    lineWidth: 0,
    minContentWidth: 0,
    aliasDuplicateObjects: false,
  });
  return text.endsWith("\n") ? text : text + "\n";
}
