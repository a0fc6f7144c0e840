/**
 * Captured text made safe to print (SPEC §9): control, escape and bidi characters become
 * spaces, and for Markdown every markup character is escaped so it stays inert.
 *
 * @module
 */

function unsafe(code: number): boolean {
  return code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) ||
    (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/** `text` on one line without control, escape or bidi characters. */
export function plainText(text: string): string {
  let out = "";
  for (const ch of text) out += unsafe(ch.codePointAt(0)!) ? " " : ch;
  return out;
}

/** `text` as inert Markdown: plain, with markup characters backslash-escaped. */
export function inertMarkdown(text: string): string {
  return plainText(text).replace(/([\\`*_{}\[\]()#+!|<>~])/g, "\\$1");
}
