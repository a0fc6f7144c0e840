/**
 * Secrets in URLs (SPEC §9): which query names are sensitive, and redaction for printing.
 *
 * A value is withheld for its name (`token=`, `X-Amz-Signature=`, `magic_link=`) or for its
 * shape (a long random-looking path segment, query value or fragment piece, see
 * `secret_shape.ts`); user info is always withheld, and so is the body of a `javascript:`,
 * `vbscript:` or `data:` URL (code or an inline document, never a page with a site).
 *
 * @module
 */

import { looksLikeSecret, secretStart } from "./secret_shape.ts";

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
  "magiclink",
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

// Azure storage SAS: with `sv` and `sig` present, the grant's fields describe a live
// capability (expiry, permissions, signed key) and go with the signature.
const SAS_FIELDS = new Set([
  "se",
  "sip",
  "skoid",
  "ske",
  "sks",
  "skt",
  "sktid",
  "skv",
  "sp",
  "spr",
  "sr",
  "st",
]);
// Everything before the last `@` of the authority, as WHATWG parsers read it (they also
// accept `http:/x@h`, `http:\\x@h` and leading spaces; `blob:` and `view-source:` nest).
const USERINFO =
  // deno-lint-ignore no-control-regex
  /^([\u0000-\u0020]*(?:[a-zA-Z][a-zA-Z0-9+.-]*:)*[a-zA-Z][a-zA-Z0-9+.-]*:[\\/]*)[^/?#\\]*@/;
// Scheme(s) and authority: what comes before the path.
const AUTHORITY =
  // deno-lint-ignore no-control-regex
  /^[\u0000-\u0020]*(?:[a-zA-Z][a-zA-Z0-9+.-]*:)*[a-zA-Z][a-zA-Z0-9+.-]*:(?:[\\/]{2}[^/?#\\]*)?/;
// Schemes whose body is code or an inline document: nothing of it is worth showing.
// deno-lint-ignore no-control-regex
const SCRIPT_SCHEME = /^[\u0000-\u0020]*(javascript|vbscript|data):/i;

/** The rules a redaction is counted under (`frames privacy`, `coverage.withheld`). */
export type RedactionRule =
  | "named_parameter"
  | "credential_shape"
  | "user_info"
  | "script_url"
  | "title_token";

/** How many parts each rule withheld. */
export type RedactionTally = Record<RedactionRule, number>;

/** A tally with every rule at zero. */
export function emptyTally(): RedactionTally {
  return { named_parameter: 0, credential_shape: 0, user_info: 0, script_url: 0, title_token: 0 };
}

// The tally of the innermost countRedactions() call, and the rule every count goes to
// while a title's own text is redacted. Synchronous calls only, so no call can interleave.
let active: RedactionTally | undefined;
let forced: RedactionRule | undefined;

/**
 * Runs `run` and adds to `tally` what every redaction inside it withheld, by rule. The
 * redacted text is exactly what it would be without counting.
 */
export function countRedactions<T>(tally: RedactionTally, run: () => T): T {
  const before = [active, forced] as const;
  [active, forced] = [tally, undefined];
  try {
    return run();
  } finally {
    [active, forced] = before;
  }
}

/** Runs `run` with every redaction inside it counted under `rule` (a title's own text). */
export function countAs<T>(rule: RedactionRule, run: () => T): T {
  if (active === undefined) return run();
  const before = forced;
  forced = rule;
  try {
    return run();
  } finally {
    forced = before;
  }
}

/** Counts one withheld part under `rule`, when a {@linkcode countRedactions} call is active. */
export function noteRedaction(rule: RedactionRule): void {
  if (active !== undefined) active[forced ?? rule]++;
}

/** Whether a URL runs code or inlines a document (`javascript:`, `vbscript:`, `data:`). */
export function isScriptUrl(url: string): boolean {
  return typeof url === "string" && SCRIPT_SCHEME.test(url);
}

/**
 * Replaces sensitive values — by name or by shape — and any user info with `REDACTED`.
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
  return walkUrl(url, undefined);
}

/**
 * A redacted URL path (query and fragment dropped) that still tells apart URLs whose
 * withheld parts differed: a 32-bit digest of the raw path follows a NUL, so two Google
 * Docs stay two documents in a URL template's count while neither id is kept.
 */
export function redactedPathKey(url: string): string {
  const path = typeof url === "string" ? url.replace(/[?#].*$/s, "") : "";
  const red = redactUrl(path);
  if (red === path) return red;
  let h = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193);
  return `${red}\u0000${(h >>> 0).toString(36)}`;
}

/** The decoded values that {@linkcode redactUrl} withholds from a URL. */
export function sensitiveValues(url: URL | string): string[] {
  const values: string[] = [];
  walkUrl(typeof url === "string" ? url : url.href, values);
  return values;
}

// One walk for both answers: the redacted text, and (when `found` is given) the decoded
// values it withheld.
function walkUrl(url: string, found: string[] | undefined): string {
  const script = SCRIPT_SCHEME.exec(url);
  if (script !== null) {
    noteRedaction("script_url");
    found?.push(url.slice(script[0].length));
    return `${script[1].toLowerCase()}:${REDACTED}`;
  }
  let out = url;
  if (out.includes("@")) {
    const m = USERINFO.exec(out);
    if (m !== null) {
      noteRedaction("user_info");
      found?.push(safeDecode(out.slice(m[1].length, m[0].length - 1)));
      out = m[1] + REDACTED + "@" + out.slice(m[0].length);
    }
  }
  const head = AUTHORITY.exec(out)?.[0] ?? "";
  let rest = out.slice(head.length);
  let fragment = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) [rest, fragment] = [rest.slice(0, hash), rest.slice(hash + 1)];
  let query: string | undefined;
  const q = rest.indexOf("?");
  if (q >= 0) [rest, query] = [rest.slice(0, q), rest.slice(q + 1)];
  let text = head + redactPath(rest, found);
  if (query !== undefined) text += "?" + redactQuery(query, found);
  if (hash >= 0) text += "#" + redactFragment(fragment, found);
  return text;
}

function redactPath(path: string, found: string[] | undefined): string {
  if (path.length === 0) return path;
  const segments = path.split("/");
  let previous: string | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment.length === 0) continue;
    // Matrix parameters (`/app;jsessionid=…`) are judged like query parameters.
    const pieces = segment.split(";");
    for (let k = 0; k < pieces.length; k++) {
      pieces[k] = k === 0 && !pieces[k].includes("=")
        ? redactPiece(pieces[k], previous, found)
        : redactParam(pieces[k], found);
    }
    segments[i] = pieces.join(";");
    previous = safeDecode(segment).toLowerCase();
  }
  return segments.join("/");
}

function redactQuery(query: string, found: string[] | undefined): string {
  if (query.length === 0) return query;
  const params = query.split(/([&;])/);
  const sas = isSas(params);
  for (let i = 0; i < params.length; i += 2) {
    params[i] = redactParam(params[i], found, sas);
  }
  return params.join("");
}

function isSas(params: readonly string[]): boolean {
  let sv = false, sig = false;
  for (let i = 0; i < params.length; i += 2) {
    const name = params[i].slice(0, params[i].indexOf("=") >>> 0).toLowerCase();
    if (name === "sv") sv = true;
    else if (name === "sig") sig = true;
  }
  return sv && sig;
}

// A fragment is a route (`#/reset/…`), a parameter list (`#access_token=…`), both
// (`#/cb?code=…`) or one opaque piece (`#eyJ…`).
function redactFragment(fragment: string, found: string[] | undefined): string {
  if (fragment.length === 0) return fragment;
  const q = fragment.indexOf("?");
  if (q >= 0) {
    return redactPath(fragment.slice(0, q), found) + "?" +
      redactQuery(fragment.slice(q + 1), found);
  }
  if (fragment.includes("=")) return redactQuery(fragment, found);
  return redactPath(fragment, found);
}

function redactParam(param: string, found: string[] | undefined, sas = false): string {
  const eq = param.indexOf("=");
  // No value, or base64 padding (`…Zm9v==`): the piece is one token, not name=value.
  if (eq < 0 || /^=+$/.test(param.slice(eq))) return redactPiece(param, undefined, found);
  const name = param.slice(0, eq), value = param.slice(eq + 1);
  if (value.length === 0 || isRedacted(value)) return param;
  const decodedName = safeDecode(name);
  const decoded = safeDecode(value);
  const byName = isSensitiveName(decodedName) ||
    (sas && SAS_FIELDS.has(decodedName.toLowerCase()));
  const secret = byName || looksLikeSecret(decoded, { plusSeparates: value.includes("+") });
  if (!secret) {
    // A stray `?` makes a whole path a "name": its runs are still judged.
    const name2 = redactStray(name, decodedName, found);
    const value2 = redactStray(value, decoded, found);
    return name2 === name && value2 === value ? param : `${name2}=${value2}`;
  }
  noteRedaction(byName ? "named_parameter" : "credential_shape");
  found?.push(decoded, decoded.replace(/\+/g, " "));
  return `${redactStray(name, decodedName, found)}=${REDACTED}`;
}

function redactPiece(
  piece: string,
  previous: string | undefined,
  found: string[] | undefined,
): string {
  // Already redacted (`REDACTED`, `sk_live_REDACTED`): redaction is idempotent.
  if (piece.length === 0 || isRedacted(piece)) return piece;
  const decoded = safeDecode(piece);
  // A `+` written as such joins words (`v1.2+build`; a space in a query); one decoded from
  // `%2B` belongs to an encoded blob.
  const start = secretStart(decoded, { previous, plusSeparates: piece.includes("+") });
  if (start >= 0) {
    noteRedaction("credential_shape");
    found?.push(decoded.slice(start));
    // Keep the plain words before the secret when the text maps one to one.
    return start > 0 && decoded === piece ? piece.slice(0, start) + REDACTED : REDACTED;
  }
  // A well-formed component was judged whole (with its context); one with stray bytes
  // has its runs judged on their own.
  if (!TOKEN_ONLY.test(decoded)) return redactStray(piece, decoded, found);
  // A path in a query or fragment (`?/verify/…`) is judged segment by segment.
  return piece.includes("/") ? redactPath(piece, found) : piece;
}

// Output of an earlier pass: `REDACTED` after nothing or after plain words and a joint.
function isRedacted(text: string): boolean {
  if (!text.endsWith(REDACTED)) return false;
  const before = text.slice(0, -REDACTED.length);
  if (before === "") return true;
  if (!/[-_./=]$/.test(before)) return false;
  // A check, not a redaction: nothing is counted.
  const counting = active;
  active = undefined;
  try {
    return redactRuns(before) === before && !looksLikeSecret(before.replace(/[-_./=]+$/, ""));
  } finally {
    active = counting;
  }
}

// Runs are judged in the decoded text (an encoded `+` or `/` splits the raw one); when a
// decoded run is withheld, the whole raw component goes, as it cannot be cut in step.
function redactStray(raw: string, decoded: string, found: string[] | undefined): string {
  if (decoded === raw) return redactRuns(raw, found);
  return redactRuns(decoded, found) === decoded ? raw : REDACTED;
}

const TOKEN_ONLY = /^[A-Za-z0-9+/=_\-.~]*$/;

// A token next to stray bytes (`…%zz`, an emoji, a bidi mark) is not one well-formed
// component; its runs of token characters are judged on their own.
const TOKEN_RUN = /[A-Za-z0-9+/_\-.~]{16,}={0,2}/g;

/** Redacts each run of token characters in a text that looks like a credential. */
export function redactRuns(text: string, found?: string[]): string {
  if (text.length < 17) return text;
  return text.replace(TOKEN_RUN, (run) => {
    if (isRedacted(run)) return run;
    const start = secretStart(run, { plusSeparates: true });
    // Not one token, but maybe a path of them (`/u/verify/xoxb-…`): judge its segments.
    if (start < 0) return run.includes("/") ? redactPath(run, found) : run;
    noteRedaction("credential_shape");
    found?.push(run.slice(start));
    return run.slice(0, start) + REDACTED;
  });
}

/** Percent-decodes what decodes; a stray `%` or a broken sequence stays as it is. */
export function safeDecode(text: string): string {
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (seq) => {
      try {
        return decodeURIComponent(seq);
      } catch {
        return seq;
      }
    });
  }
}
