/**
 * Captured text handed to a model inside a prompt, fenced: a delimiter that the text itself
 * cannot forge (it carries a hash of the text), and one line saying it is data.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { UNTRUSTED_TEXT } from "./tool.ts";

/** Wraps captured text between tagged delimiters, with the untrusted-data line first. */
export function untrustedBlock(text: string): string {
  // A title that spells out an end marker cannot know the hash of the block it sits in.
  const tag = createHash("sha256").update(text).digest("hex").slice(0, 12);
  return `<<<captured-data ${tag}>>>\n${UNTRUSTED_TEXT}\n${text}${
    text.endsWith("\n") ? "" : "\n"
  }<<<end captured-data ${tag}>>>\n`;
}
