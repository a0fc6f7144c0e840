/**
 * Secrets in window titles (SPEC §9): any page sets its own title, and apps put URLs,
 * file names and sometimes tokens in theirs. A title keeps its words; an embedded URL is
 * redacted as a URL, `name=value` pairs by name and shape, and a lone word by its shape.
 *
 * @module
 */

import {
  countAs,
  isSensitiveName,
  noteRedaction,
  REDACTED,
  redactRuns,
  redactUrl,
  safeDecode,
} from "./redact.ts";
import { looksLikeSecret, MIN_CAPABILITY_LENGTH, secretStart } from "./secret_shape.ts";

// An embedded URL, up to white space or a quote.
const URL_IN_TITLE = /[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s"'<>]+/g;
// A `name=value` pair, or a run of token characters long enough to be judged (a path such
// as `/reset/3q2+7w…` is one run).
const PIECE = /([A-Za-z0-9_.-]+)=([^\s&"'<>]+)|[A-Za-z0-9+/=_\-.~%]{6,}/g;
// A title is not form-encoded: a `+` in it is part of the run, as in a pasted base64 token.
function plus(_raw: string): { plusSeparates: boolean } {
  return { plusSeparates: false };
}
// Punctuation that ends a sentence rather than a token.
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Replaces secrets in a window title with `REDACTED`, keeping every ordinary word.
 *
 * @example
 * ```ts
 * redactTitle("Reset password – https://x.test/reset?token=abc"); // "Reset password – https://x.test/reset?token=REDACTED"
 * ```
 */
export function redactTitle(title: string): string {
  if (typeof title !== "string") return "";
  if (title.length < MIN_CAPABILITY_LENGTH) return title;
  let out = "", last = 0;
  for (const m of title.matchAll(URL_IN_TITLE)) {
    out += countAs("title_token", () => redactText(title.slice(last, m.index)));
    const tail = TRAILING.exec(m[0])?.[0] ?? "";
    out += redactUrl(m[0].slice(0, m[0].length - tail.length)) + tail;
    last = m.index + m[0].length;
  }
  return out + countAs("title_token", () => redactText(title.slice(last)));
}

// Text around URLs: pairs and runs first, then every run of token characters on its own
// (a token glued to other text by `#`, `%` or a quote is not a piece the first pass reads).
function redactText(text: string): string {
  if (text.length < MIN_CAPABILITY_LENGTH) return text;
  // Percent-encoded words are judged decoded first: `%2B` and `%2F` split a raw run.
  const decodedWords = text.replace(ENCODED_WORD, (word) => {
    const decoded = safeDecode(word);
    const red = redactRuns(decoded);
    return red === decoded ? word : red;
  });
  return redactRuns(decodedWords.replace(PIECE, redactPiece));
}

const ENCODED_WORD = /[^\s]*%[0-9A-Fa-f]{2}[^\s]*/g;

function redactPiece(whole: string, name?: string, value?: string): string {
  if (name !== undefined && value !== undefined) {
    // Base64 padding reads like `name=`: judge the whole piece first.
    if (looksLikeSecret(safeDecode(whole), plus(whole))) return redactRun(whole);
    const key = redactRun(name);
    if (isSensitiveName(name) || looksLikeSecret(safeDecode(value), plus(value))) {
      noteRedaction("title_token");
      return `${key}=${REDACTED}`;
    }
    return `${key}=${redactRun(value)}`;
  }
  return redactRun(whole);
}

function redactRun(run: string): string {
  const tail = TRAILING.exec(run)?.[0] ?? "";
  const body = run.slice(0, run.length - tail.length);
  if (body.length < MIN_CAPABILITY_LENGTH) return run;
  // A path in a title (`/invite/AbC9…`, `src/app.ts`) is judged segment by segment, so a
  // capability word still protects the segment after it.
  if (body.includes("/") && !looksLikeSecret(safeDecode(body), plus(body))) {
    return redactUrl(body.startsWith("/") ? body : "/" + body).slice(body.startsWith("/") ? 0 : 1) +
      tail;
  }
  const decoded = safeDecode(body);
  const start = secretStart(decoded, plus(body));
  if (start < 0) return run;
  noteRedaction("title_token");
  return (start > 0 && decoded === body ? body.slice(0, start) : "") + REDACTED + tail;
}
