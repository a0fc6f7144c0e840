/**
 * Entity hygiene shared by every layer: entities are third-party text that ends up in
 * documents and prompts, so they are single-line, bounded and never carry a secret.
 *
 * @module
 */

import { redactRuns, sensitiveValues } from "./redact.ts";
import { CAPABILITY_WORDS } from "./secret_shape.ts";

/** The longest entity kept, in UTF-16 code units (longer ones are cut with `…`). */
export const MAX_ENTITY = 160;

// Control characters are exactly what these two patterns look for.
// deno-lint-ignore no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g;
// deno-lint-ignore no-control-regex
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\s\s|^\s|\s$/;

/** Makes an entity single-line, trimmed and bounded; `undefined` when nothing is left. */
export function cleanEntity(entity: string): string | undefined {
  let text = NEEDS_CLEANING.test(entity) ? entity.replace(UNSAFE, " ").trim() : entity;
  if (text.length > MAX_ENTITY) {
    let cut = MAX_ENTITY - 1;
    // Do not split a surrogate pair.
    const code = text.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut--;
    text = text.slice(0, cut) + "…";
  }
  return text.length > 0 ? text : undefined;
}

// A superset of what redaction looks for: a name that could be sensitive, a long run of
// token characters, a capability word, user info. A URL with none of these withholds nothing.
const MAYBE_SENSITIVE =
  /auth|bearer|code|cred|csrf|hmac|jwt|key|magic|nonce|otp|pass|pin|pwd|saml|secret|sess|sid|sig|ticket|token|verif|xsrf|[A-Za-z0-9+/=_\-.~%]{16,}/i;
const CAPABILITY = new RegExp(`/(?:${[...CAPABILITY_WORDS].join("|")})/`, "i");

/** Whether an entity contains a value that redaction withholds from its URL. */
export function leaksSecret(entity: string, url: URL): boolean {
  // And an entity is third-party text: a credential-shaped run in it is withheld as well.
  if (redactRuns(entity) !== entity) return true;
  const tail = url.pathname + url.search + url.hash;
  if (url.username === "" && !MAYBE_SENSITIVE.test(tail) && !CAPABILITY.test(url.pathname)) {
    return false;
  }
  for (const value of sensitiveValues(url)) {
    if (value.length >= 3 && entity.includes(value)) return true;
    // A parser may reshape what it takes (dashes to spaces, case): any long stretch of a
    // withheld value in the entity is a leak too.
    for (let i = 0; i + LEAK_WINDOW <= value.length; i += LEAK_WINDOW / 2) {
      if (entity.includes(value.slice(i, i + LEAK_WINDOW))) return true;
    }
    if (value.length > LEAK_WINDOW && entity.includes(value.slice(-LEAK_WINDOW))) return true;
  }
  return false;
}

/** The stretch of a withheld value (in characters) whose presence in an entity is a leak. */
export const LEAK_WINDOW = 8;

// Long unbroken runs of letters and digits (session ids, share keys, hashes) say nothing
// to a reader and may be capabilities; generic layers do not use them as entities.
const OPAQUE = /^[A-Za-z0-9_\-.~=]{24,}$/;

/** Whether a path segment looks like an opaque id or token rather than a word. */
export function isOpaque(segment: string): boolean {
  return OPAQUE.test(segment) && /\d/.test(segment) && /[A-Za-z]/.test(segment) &&
    !/[-_.]\D{3,}[-_.]/.test(segment);
}
