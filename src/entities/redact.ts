/**
 * Secrets in URLs (SPEC §9): which query names are sensitive, and redaction for printing.
 *
 * @module
 */

/** The text that replaces a sensitive value. */
export const REDACTED = "REDACTED";

// Names are compared after lowercasing and dropping everything but letters and digits,
// so `X-Amz-Signature`, `access_token` and `apiKey` all normalise to one spelling.
const EXACT = new Set([
  "auth",
  "authorization",
  "code",
  "csrf",
  "hmac",
  "jwt",
  "key",
  "nonce",
  "otp",
  "pass",
  "pin",
  "pwd",
  "sid",
  "sig",
  "ticket",
  "xsrf",
]);
const CONTAINS = [
  "apikey",
  "authcode",
  "bearer",
  "credential",
  "passcode",
  "passphrase",
  "passw",
  "saml",
  "secret",
  "sessid",
  "session",
  "signature",
  "token",
  "verifier",
];
const CODE_NAMES = new Set([
  "activationcode",
  "confirmationcode",
  "mfacode",
  "otpcode",
  "resetcode",
  "verificationcode",
]);

/** Whether a query or fragment parameter name carries a secret (case-insensitive). */
export function isSensitiveName(name: string): boolean {
  const n = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (n.length === 0) return false;
  if (EXACT.has(n) || CODE_NAMES.has(n) || n.endsWith("key")) return true;
  for (const part of CONTAINS) if (n.includes(part)) return true;
  return false;
}

// A parameter inside a query or fragment: separator, name, value. Fragments of single-page
// apps nest a query after a path (`#/cb?access_token=…`), hence `/` and `?` as separators.
const PARAM = /([?&#;/])([^?&#;=/]+)=([^?&#;]*)/g;
// Everything before the last `@` of the authority, as WHATWG parsers read it (they also
// accept `http:/x@h`, `http:\\x@h` and leading spaces; `blob:` and `view-source:` nest).
const USERINFO =
  // deno-lint-ignore no-control-regex
  /^([\u0000-\u0020]*(?:[a-zA-Z][a-zA-Z0-9+.-]*:)*[a-zA-Z][a-zA-Z0-9+.-]*:[\\/]*)[^/?#\\]*@/;

/**
 * Replaces sensitive query and fragment values, and any user info, with `REDACTED`.
 *
 * Works on the text, so an unparseable URL is still redacted and never throws.
 *
 * @example
 * ```ts
 * redactUrl("https://x.com/cb?code=abc&state=1"); // "https://x.com/cb?code=REDACTED&state=1"
 * ```
 */
export function redactUrl(url: string): string {
  if (typeof url !== "string") return "";
  let out = url;
  if (out.includes("@")) out = out.replace(USERINFO, `$1${REDACTED}@`);
  const start = out.search(/[?#;]/);
  if (start < 0 || !out.includes("=", start)) return out;
  const tail = out.slice(start).replace(
    PARAM,
    (whole, sep: string, name: string) =>
      isSensitiveName(safeDecode(name)) ? `${sep}${name}=${REDACTED}` : whole,
  );
  return out.slice(0, start) + tail;
}

/** The decoded values of sensitive parameters in a URL's query and fragment. */
export function sensitiveValues(url: URL): string[] {
  const text = (url.pathname.includes(";") ? url.pathname : "") + url.search + url.hash;
  if (!text.includes("=")) return [];
  const values: string[] = [];
  for (const m of text.matchAll(PARAM)) {
    if (isSensitiveName(safeDecode(m[2])) && m[3].length > 0) {
      values.push(safeDecode(m[3].replace(/\+/g, " ")));
    }
  }
  return values;
}

function safeDecode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
