/**
 * The JSON emitter: the document as 2-space-indented JSON.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";

/** Renders the document as 2-space-indented JSON ending with one newline. */
export function emitJson(doc: ActivityDocument): string {
  return JSON.stringify(doc, null, 2) + "\n";
}
