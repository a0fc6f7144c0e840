/**
 * The JSON emitter: the document as 2-space-indented JSON.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { jsonText } from "../text/sanitize.ts";

/**
 * Renders the document as 2-space-indented JSON ending with one newline. The data is kept
 * whole: what `JSON.stringify` leaves raw and a terminal would act on (DEL, C1, bidi
 * controls) is written as a `\uXXXX` escape.
 */
export function emitJson(doc: ActivityDocument): string {
  return jsonText(doc) + "\n";
}
