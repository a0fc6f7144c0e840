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

import { Document, Scalar, visit } from "yaml";
import type { ActivityDocument } from "../compile/document.ts";
import { escapeJsonText, needsJsonEscape } from "../text/sanitize.ts";

/**
 * Renders the document as YAML ending with one newline. The data is kept whole: a string
 * holding a character a terminal would act on is double-quoted, where `npm:yaml` escapes
 * C0 controls and the rest (DEL, C1, bidi controls, U+2028/2029) is written `\uXXXX`.
 */
export function emitYaml(doc: ActivityDocument): string {
  const node = new Document(doc, { version: "1.1", aliasDuplicateObjects: false });
  let raw = false;
  visit(node, {
    Scalar(_key, s) {
      if (typeof s.value === "string" && needsJsonEscape(s.value)) {
        s.type = Scalar.QUOTE_DOUBLE;
        raw = true;
      }
    },
  });
  const text = node.toString({ lineWidth: 0, minContentWidth: 0 });
  // Only double-quoted scalars hold those characters now, and `\uXXXX` is a YAML escape there.
  const safe = raw ? escapeJsonText(text) : text;
  return safe.endsWith("\n") ? safe : safe + "\n";
}
