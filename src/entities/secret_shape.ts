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
 * The share of characters (separators aside) that must sit in random-looking runs for a
 * text to be a credential. A run is random-looking when it mixes letters and digits, or
 * its letters do not read as words (case pieces, vowels, consonant clusters). Slugs
 * (`why-is-rust-hard`, `report-2024-final-v2`, `addEventListener`) sit near 0, tokens
 * (`ghp_…`, hex, base64url, JWTs) near 1; base64url chunks of letters that happen to read
 * as words pull a token down to about 0.4, hence the margin.
 */
export const MIN_RANDOM_SHARE = 0.35;

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

/**
 * Below this share of vowels (a, e, i, o, u, y), a letters-only run of at
 * least {@linkcode MIN_SECRET_LENGTH} letters is random: English words run near 40%,
 * random capitals near 23% (an AWS key id can be all letters: `AKIACFSSLDXZLRDSQOIW`).
 */
export const MAX_RANDOM_VOWEL_SHARE = 0.3;

/**
 * A run of this many consonants marks a long letters-only run as random (`KMTPrgx`);
 * English words stop near four (`strengths`), identifiers with acronyms near five.
 */
export const MIN_CONSONANT_RUN = 6;

/**
 * Prefixes that credential issuers put on their tokens (as secret scanners read them):
 * text starting with one, then at least 10 token characters, is a credential.
 */
export const KNOWN_PREFIXES: RegExp =
  /^(AKIA|ASIA|AIza|ya29\.|ghp_|gho_|ghu_|ghs_|ghr_|github_pat_|glpat-|sk_live_|sk_test_|rk_live_|pk_live_|xox[abposr]-|npm_|pypi-|hf_|SG\.|eyJ)[A-Za-z0-9+/=_\-.~]{10,}$/;

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
// Runs between separators (a JWT's dots and base64's padding too). Base64's `+` and `/`
// stay inside a run: in a URL component they come from `%2B`/`%2F`, i.e. an encoded blob.
const SEPARATORS = /[-_.~=]+/;
const SEPARATORS_PLUS = /[-_.~=+]+/;
const VOWELS = /[aeiouy]/gi;
const VOWELS_ONE = /^[aeiouy]$/i;
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
  /**
   * `+` was written as such, not as `%2B`: in a query it is form encoding's space, in a
   * title or path a word joint (`c++`, `v1.2+build`), so it separates runs.
   */
  plusSeparates?: boolean;
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
  const known = KNOWN_PREFIXES.exec(text);
  // A prefix that ends in a separator (`ghp_`, `sk_live_`) says what was withheld.
  if (known !== null) return /[-_.]$/.test(known[1]) ? known[1].length : 0;
  if (isOrdinaryId(text, previous)) return -1;
  const plus = context.plusSeparates === true;
  const start = plainPrefix(text, plus);
  const rest = start === 0 ? text : text.slice(start);
  if (rest.length < MIN_SECRET_LENGTH || randomShare(rest, plus) < MIN_RANDOM_SHARE) return -1;
  return shannonEntropy(rest) >= MIN_SECRET_ENTROPY ? start : -1;
}

// The length of the leading runs (with their separators) that are plain words or numbers.
function plainPrefix(text: string, plus: boolean): number {
  const runs = plus ? /[^-_.~=+]+[-_.~=+]*/g : /[^-_.~=]+[-_.~=]*/g;
  let end = 0;
  for (const m of text.matchAll(runs)) {
    const run = m[0].replace(/[-_.~=+]+$/, "");
    // Only plain words (one case piece: `what`, `Page`, `ghp`) and numbers are kept.
    if (!/^(?:[A-Z]?[a-z]+|[A-Z]{1,5}|\d+)$/.test(run)) break;
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
    return randomShare(text.replace(/^[\dT_.:-]+/, ""), true) < MIN_RANDOM_SHARE;
  }
  return previous !== undefined && GIT_WORDS.has(previous) && HEX.test(text);
}

function isPlainWordOrNumber(text: string): boolean {
  return /^\d+$/.test(text) || /^[a-z]+(?:[-_][a-z]+)*$/i.test(text) && !hasRandomCase(text);
}

// A letters-only run is random unless it reads as words: lower-case or capitalised pieces
// (camelCase splits into them), acronyms of up to five capitals, longer capitals only with
// vowels; long runs also need vowels and no long consonant cluster.
function hasRandomCase(run: string): boolean {
  const pieces = run.match(CASE_RUN) ?? [];
  if (pieces.length === 0) return false;
  let letters = 0;
  for (const piece of pieces) {
    letters += piece.length;
    if (/^[A-Z]+$/.test(piece) && piece.length > 5 && !readsAsWord(piece)) return true;
    if (piece.length >= 8 && consonantStreak(piece) >= MIN_CONSONANT_RUN) return true;
    // Words of five letters or more have a vowel (acronyms, all capitals, excepted).
    if (piece.length >= 5 && !/^[A-Z]{5}$/.test(piece) && !/[aeiouy]/i.test(piece)) {
      return true;
    }
  }
  if (letters >= MIN_SECRET_LENGTH && !readsAsWord(run.replace(/[^A-Za-z]/g, ""))) return true;
  // Mixed-case runs must split into word pieces, as identifiers do (`addEventListener`).
  if (letters >= 5 && pieces.length > 1 && !pieces.every(isWordPiece)) return true;
  return pieces.length > 1 && letters / pieces.length < MIN_WORD_RUN;
}

// `Event`, `listener`, `HTTP` (an acronym of at most five), or a two-letter word (`By`).
function isWordPiece(piece: string, i: number, pieces: readonly string[]): boolean {
  if (/^[A-Z]?[a-z]{2,}$/.test(piece) && piece.length >= 3) return true;
  if (/^[A-Z]{2,5}$/.test(piece)) {
    return i === pieces.length - 1 || /^[A-Z][a-z]/.test(pieces[i + 1]);
  }
  if (/^[A-Z]{6,}$/.test(piece)) return readsAsWord(piece); // `REDACTED`, `README`
  return /^(?:By|Id|Of|To|At|In|On|Is|As|Or|An|Up|If|Do|Go|No|My|We|Me|Be|It|a|I)$/i.test(piece) ||
    (i === 0 && /^[a-z]$/.test(piece));
}

function readsAsWord(letters: string): boolean {
  const vowels = letters.match(VOWELS)?.length ?? 0;
  return vowels / letters.length >= MAX_RANDOM_VOWEL_SHARE &&
    consonantStreak(letters) < MIN_CONSONANT_RUN;
}

function consonantStreak(letters: string): number {
  let streak = 0, longest = 0;
  for (const ch of letters) {
    streak = VOWELS_ONE.test(ch) || !/[A-Za-z]/.test(ch) ? 0 : streak + 1;
    if (streak > longest) longest = streak;
  }
  return longest;
}

/** The share of a text's characters that sit in random-looking runs (0..1). */
export function randomShare(text: string, plusSeparates = false): number {
  if (text.length === 0) return 0;
  let random = 0, total = 0;
  for (const run of text.split(plusSeparates ? SEPARATORS_PLUS : SEPARATORS)) {
    if (run.length === 0) continue;
    total += run.length;
    const digits = /\d/.test(run), letters = /[A-Za-z]/.test(run);
    if ((digits && letters) || (letters && hasRandomCase(run))) random += run.length;
  }
  // Separators are not counted: a base64url token is as random with `-` and `_` as without.
  return total === 0 ? 0 : random / total;
}
