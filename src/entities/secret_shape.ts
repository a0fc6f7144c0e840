/**
 * Credentials recognised by their shape rather than their name: a path segment, query
 * value or word of a title that is long, drawn from a token alphabet, high in entropy and
 * made of random-looking runs — with an allow-list for the ordinary ids sites put in URLs
 * (numbers, UUIDs, dates, git object ids after a git word, slugs of words).
 *
 * @module
 */

/**
 * The shortest text judged by shape. Generated credentials are 16 characters or more
 * (128-bit tokens are 22 in base64url, 32 in hex; API keys 20–40; JWTs hundreds), while
 * short opaque ids that are not secrets abound (YouTube's 11, Meet's 12, short SHAs).
 */
export const MIN_SECRET_LENGTH = 16;

/**
 * The least Shannon entropy, in bits per character, of a credential. Random text over 16
 * symbols (hex) of length 16 scores about 3.4, over base64 about 3.8; repetitive text
 * (`aaaa…`, `abababab…`) scores below 2 and says nothing worth hiding.
 */
export const MIN_SECRET_ENTROPY = 2.5;

/**
 * The share of characters that must sit in random-looking runs. A run is random-looking
 * when it mixes letters and digits or flips letter case more often than words do; slugs
 * (`why-is-rust-hard`, `report-2024-final-v2`, `addEventListener`) stay below this share,
 * tokens (`ghp_…`, `sk_live_…`, hex, base64url, JWTs) sit far above it.
 */
export const MIN_RANDOM_SHARE = 0.5;

/**
 * The mean length of the case runs (`addEventListener` → add·Event·Listener, 5.3) below
 * which a letters-only run counts as random: random mixed-case letters average about 2.
 */
export const MIN_WORD_RUN = 3;

/**
 * After one of these words, a segment of at least this many characters that is not a
 * plain word or number is a capability whatever its shape (`/reset/3q2+7w`, `/invite/AbC9`).
 */
export const MIN_CAPABILITY_LENGTH = 6;

/** Path words that announce a capability in the next segment. */
export const CAPABILITY_WORDS: ReadonlySet<string> = new Set([
  "activate",
  "activation",
  "auth",
  "confirm",
  "invitation",
  "invite",
  "invites",
  "magic",
  "magic-link",
  "magiclink",
  "password-reset",
  "reset",
  "reset-password",
  "signin",
  "token",
  "tokens",
  "unsubscribe",
  "verify",
  "verification",
]);

/** Path words after which a hex run is a git object id (commit, tree, blob), not a secret. */
export const GIT_WORDS: ReadonlySet<string> = new Set([
  "blame",
  "blob",
  "commit",
  "commits",
  "compare",
  "raw",
  "sha",
  "tree",
]);

// Only these characters occur in generated tokens: base64, base64url, hex, JWT dots.
const TOKEN_ALPHABET = /^[A-Za-z0-9+/=_\-.~]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{7,64}$/i;
// Runs between separators; a JWT's dots and base64's `+/=` separate runs too.
const SEPARATORS = /[-_.~+/=]+/;
const CASE_RUN = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g;

/** Shannon entropy of a text, in bits per character. */
export function shannonEntropy(text: string): number {
  if (text.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** What precedes a text where it was found, so ids in known places are recognised. */
export interface ShapeContext {
  /** The path segment before this one, lower-cased (e.g. `commit`, `reset`). */
  previous?: string;
}

/**
 * Whether a text (already percent-decoded) looks like a credential by its shape.
 *
 * @example
 * ```ts
 * looksLikeSecret("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl"); // true
 * looksLikeSecret("why-is-rust-hard"); // false
 * ```
 */
export function looksLikeSecret(text: string, context: ShapeContext = {}): boolean {
  return secretStart(text, context) >= 0;
}

/**
 * Where the credential in a text starts (0: the whole text), or -1 when there is none.
 * Leading plain words stay readable: `My-Page-<32 hex>` and `ghp_<36>` lose only the
 * random part, which is all of the secret.
 */
export function secretStart(text: string, context: ShapeContext = {}): number {
  const previous = context.previous;
  if (previous !== undefined && CAPABILITY_WORDS.has(previous)) {
    if (text.length >= MIN_CAPABILITY_LENGTH && !isPlainWordOrNumber(text)) return 0;
  }
  if (text.length < MIN_SECRET_LENGTH || !TOKEN_ALPHABET.test(text)) return -1;
  if (isOrdinaryId(text, previous)) return -1;
  const start = plainPrefix(text);
  const rest = start === 0 ? text : text.slice(start);
  if (rest.length < MIN_SECRET_LENGTH || randomShare(rest) < MIN_RANDOM_SHARE) return -1;
  return shannonEntropy(rest) >= MIN_SECRET_ENTROPY ? start : -1;
}

// The length of the leading runs (with their separators) that are plain words or numbers.
function plainPrefix(text: string): number {
  const runs = /[^-_.~+/=]+[-_.~+/=]*/g;
  let end = 0;
  for (const m of text.matchAll(runs)) {
    const run = m[0].replace(/[-_.~+/=]+$/, "");
    const digits = /\d/.test(run), letters = /[A-Za-z]/.test(run);
    if ((digits && letters) || (letters && hasRandomCase(run))) break;
    end = m.index + m[0].length;
  }
  return end;
}

// Numbers, UUIDs, dates and git ids in a git place are resource ids, never judged by shape:
// a UUID in a path names a record (a Linear issue, an Azure resource), and the text around
// it, not its shape, is what would make it a capability (see CAPABILITY_WORDS).
function isOrdinaryId(text: string, previous: string | undefined): boolean {
  if (/^\d+$/.test(text) || UUID.test(text)) return true;
  if (/^\d{4}-\d{2}-\d{2}(?:[T_]\d{2}[-.:]?\d{2}(?:[-.:]?\d{2})?)?/.test(text)) {
    return randomShare(text.replace(/^[\dT_.:-]+/, "")) < MIN_RANDOM_SHARE;
  }
  return previous !== undefined && GIT_WORDS.has(previous) && HEX.test(text);
}

function isPlainWordOrNumber(text: string): boolean {
  return /^\d+$/.test(text) || /^[a-z]+(?:[-_][a-z]+)*$/i.test(text) && !hasRandomCase(text);
}

function hasRandomCase(run: string): boolean {
  const pieces = run.match(CASE_RUN) ?? [];
  if (pieces.length <= 1) return false;
  return run.length / pieces.length < MIN_WORD_RUN;
}

/** The share of a text's characters that sit in random-looking runs (0..1). */
export function randomShare(text: string): number {
  if (text.length === 0) return 0;
  let random = 0;
  for (const run of text.split(SEPARATORS)) {
    if (run.length === 0) continue;
    const digits = /\d/.test(run), letters = /[A-Za-z]/.test(run);
    if ((digits && letters) || (letters && hasRandomCase(run))) random += run.length;
  }
  return random / text.length;
}
