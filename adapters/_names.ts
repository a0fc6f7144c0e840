/**
 * Cleaning of app names and window titles: sources leak invisible formatting characters
 * (`Slack\u200B`), which would split one app into two in every ledger.
 *
 * @module
 */

/** True for the invisible characters sources leak into names (ZWSP, LRM, RLM, WJ, BOM). */
function isInvisible(c: number): boolean {
  return c === 0x200b || c === 0x200e || c === 0x200f || c === 0x2060 || c === 0xfeff;
}

/** Remove invisible characters and surrounding whitespace; an empty result is `""`. */
export function cleanName(raw: string): string {
  const n = raw.length;
  let i = 0;
  while (i < n && !isInvisible(raw.charCodeAt(i))) i++;
  if (i === n) return raw.trim();
  let out = raw.slice(0, i);
  for (; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (!isInvisible(c)) out += raw[i];
  }
  return out.trim();
}

/** A per-read memo of {@linkcode cleanName}: names repeat on almost every row. */
export class NameCache {
  #memo = new Map<string, string | undefined>();

  /** The cleaned name, or `undefined` for NULL, non-text or empty-after-cleaning values. */
  get(raw: unknown): string | undefined {
    if (typeof raw !== "string") return undefined;
    let hit = this.#memo.get(raw);
    if (hit === undefined && !this.#memo.has(raw)) {
      const clean = cleanName(raw);
      hit = clean === "" ? undefined : clean;
      this.#memo.set(raw, hit);
    }
    return hit;
  }
}
