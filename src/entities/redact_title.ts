/**
 * Secrets in window titles (SPEC §9): any page sets its own title, and apps put URLs,
 * file names and sometimes tokens in theirs. A title keeps its words; an embedded URL is
 * redacted as a URL, `name=value` pairs by name and shape, and a lone word by its shape.
 *
 * @module
 */

import { isSensitiveName, REDACTED, redactUrl } from "./redact.ts";
import { looksLikeSecret, MIN_CAPABILITY_LENGTH, secretStart } from "./secret_shape.ts";

// An embedded URL (up to white space or a quote), a `name=value` pair, or a run of token
// characters long enough to be judged (a path such as `/reset/3q2+7w…` is one run).
const PIECE =
  /[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^\s"'<>]+|([A-Za-z0-9_.-]+)=([^\s&"'<>]+)|[A-Za-z0-9+/=_\-.~%]{6,}/g;
// Titles are not URL-encoded: a `+` in one is a character, not an encoded base64 symbol.
const PLUS = { plusSeparates: true };
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
  return title.replace(PIECE, (whole: string, name?: string, value?: string) => {
    if (name !== undefined && value !== undefined) {
      // Base64 padding reads like `name=`: judge the whole piece first.
      if (looksLikeSecret(safeDecode(whole), PLUS)) return redactRun(whole);
      const key = redactRun(name);
      if (isSensitiveName(name) || looksLikeSecret(safeDecode(value), PLUS)) {
        return `${key}=${REDACTED}`;
      }
      return `${key}=${redactRun(value)}`;
    }
    if (whole.includes("://")) {
      const tail = TRAILING.exec(whole)?.[0] ?? "";
      return redactUrl(whole.slice(0, whole.length - tail.length)) + tail;
    }
    return redactRun(whole);
  });
}

function redactRun(run: string): string {
  const tail = TRAILING.exec(run)?.[0] ?? "";
  const body = run.slice(0, run.length - tail.length);
  if (body.length < MIN_CAPABILITY_LENGTH) return run;
  // A path in a title (`/invite/AbC9…`, `src/app.ts`) is judged segment by segment, so a
  // capability word still protects the segment after it.
  if (body.includes("/") && !looksLikeSecret(safeDecode(body), PLUS)) {
    return redactUrl(body.startsWith("/") ? body : "/" + body).slice(body.startsWith("/") ? 0 : 1) +
      tail;
  }
  const decoded = safeDecode(body);
  const start = secretStart(decoded, PLUS);
  if (start < 0) return run;
  return (start > 0 && decoded === body ? body.slice(0, start) : "") + REDACTED + tail;
}

function safeDecode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
