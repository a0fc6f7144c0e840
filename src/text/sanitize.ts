/**
 * The one sanitiser for text that reaches a terminal, a prompt or a Markdown viewer.
 *
 * Window titles, URLs and element names are written by third parties (any web page sets
 * its own title), so every text output passes through here: terminal escape sequences
 * (CSI, OSC — including OSC 8 links —, DCS, …) are removed whole, and every remaining
 * control character (C0 but tab and line feed, DEL, C1) and every bidirectional override,
 * embedding, isolate or mark is replaced by U+FFFD, visibly and without truncating (a NUL
 * in a title is one `�`, not the end of the title). JSON and YAML keep the data: those
 * characters are escaped there, never dropped.
 *
 * Pure: no clock, no I/O.
 *
 * @module
 */

/** What stands in for a character that is unsafe to show. */
export const REPLACEMENT = "\uFFFD";

/** The longest title or name shown in Markdown and the context block, in code points. */
export const MAX_SHOWN_CHARS = 300;

// Escape sequences, removed whole: OSC (ESC ] … BEL/ST, also C1 0x9d), DCS/SOS/PM/APC
// (ESC P/X/^/_ … ST), CSI (ESC [ or C1 0x9b, parameters, final byte) and two-character
// escapes. An unterminated string sequence runs to the end of the text: what a terminal
// would swallow is not shown either.
const ESCAPES =
  // deno-lint-ignore no-control-regex
  /(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[PX^_][^\u001b\u009c]*(?:\u001b\\|\u009c)?|(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]?|\u001b[ -/]*[0-~]?/g;

// Controls a terminal acts on, and the bidi controls that reorder what a reader sees
// (U+061C, U+200E/F, U+202A–202E, U+2066–2069). Tab and line feed are layout, kept here.
const UNSAFE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

// Line breaks of every kind (and tabs): one space in a one-line value.
// deno-lint-ignore no-control-regex
const BREAKS = /[\r\n\t\u000b\u000c\u0085\u2028\u2029]+/g;

// What JSON.stringify leaves raw (it escapes only U+0000–001F): DEL, C1, the bidi controls
// and the two JavaScript line terminators.
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

// Markdown and HTML metacharacters that could start markup inside a line: emphasis, code,
// links and images, raw HTML and entities, table cells, strikethrough. An underscore inside
// a word (`monitor_1`) cannot open or close emphasis in CommonMark, so it stays as it is.
const MARKDOWN_META = /[\\`*[\]<>&|~]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** True when `s` holds an escape sequence, an unsafe control or a bidi control. */
export function hasUnsafeText(s: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(s);
}

/**
 * Makes multi-line text safe for a terminal: escape sequences removed, unsafe and bidi
 * controls replaced by U+FFFD; tabs and line feeds kept.
 *
 * @example
 * ```ts
 * terminalText("a\u001b[31mred\u001b[0m\u202e"); // "ared\uFFFD"
 * ```
 */
export function terminalText(s: string): string {
  // A carriage return that ends a line (CRLF: CSV, RFC 4180) is layout; a lone one can
  // rewrite what the terminal shows and is replaced like every other control.
  return s.replace(ESCAPES, "").replace(
    UNSAFE,
    (ch: string, at: number, all: string) => ch === "\r" && all[at + 1] === "\n" ? ch : REPLACEMENT,
  );
}

/** Makes a value safe on one line: line breaks and tabs become one space, then {@linkcode terminalText}. */
export function safeLine(s: string): string {
  return terminalText(s.replace(ESCAPES, "").replace(BREAKS, " "));
}

/** Shortens `s` to `max` code points (default {@linkcode MAX_SHOWN_CHARS}), marking the cut with `…`. */
export function cap(s: string, max: number = MAX_SHOWN_CHARS): string {
  if (s.length <= max) return s;
  const cps = Array.from(s);
  return cps.length <= max ? s : cps.slice(0, Math.max(0, max - 1)).join("") + "…";
}

/** A captured title or name for a line of text: safe, on one line, capped (default 300). */
export function shownText(s: string, max: number = MAX_SHOWN_CHARS): string {
  return cap(safeLine(s), max);
}

/**
 * A captured title or name for Markdown: safe, one line, capped, with every Markdown and
 * HTML metacharacter backslash-escaped — no emphasis, link, image, HTML tag or entity can
 * form, so no `javascript:`/`data:` link is ever emitted.
 */
export function markdownText(s: string, max: number = MAX_SHOWN_CHARS): string {
  return shownText(s, max).replace(MARKDOWN_META, "\\$&");
}

/**
 * Escapes, in JSON text, the characters `JSON.stringify` leaves raw (DEL, C1, bidi
 * controls, U+2028/2029) as `\uXXXX`: the data is unchanged for any JSON reader, and the
 * text is safe to print. Those characters can only occur inside JSON strings.
 */
export function escapeJsonText(json: string): string {
  return json.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** `JSON.stringify` (2-space indent by default) with {@linkcode escapeJsonText} applied. */
export function jsonText(value: unknown, indent: number = 2): string {
  return escapeJsonText(JSON.stringify(value, null, indent));
}

/** True when a character would be left raw by `JSON.stringify` but must not reach a terminal. */
export function needsJsonEscape(s: string): boolean {
  RAW_IN_JSON.lastIndex = 0;
  return RAW_IN_JSON.test(s);
}

/** True for a link target Markdown may show: `http:`, `https:` or `mailto:` only. */
export function isSafeLinkTarget(url: string): boolean {
  return /^(?:https?:\/\/|mailto:)/i.test(url.trim()) && !hasUnsafeText(url);
}
