/**
 * Evidence in compact run form: exact integer refs, `"120-155,161,170-171"`.
 *
 * @module
 */

/**
 * Formats integer refs as sorted, de-duplicated runs; never a min..max range that would
 * swallow refs not in the list.
 *
 * @example
 * ```ts
 * toRuns([161, 120, 121, 122]); // "120-122,161"
 * ```
 */
export function toRuns(refs: readonly number[]): string {
  if (refs.length === 0) return "";
  // Refs mostly arrive in order (a frame's snapshots and events): sort only when they don't.
  let inOrder = true;
  for (let i = 1; i < refs.length && inOrder; i++) inOrder = refs[i - 1] <= refs[i];
  const sorted = inOrder ? refs : Float64Array.from(refs).sort();
  const parts: string[] = [];
  let lo = sorted[0], hi = sorted[0];
  for (let i = 1; i < sorted.length; i++) {
    const r = sorted[i];
    if (r === hi) continue;
    if (r === hi + 1) {
      hi = r;
      continue;
    }
    parts.push(lo === hi ? String(lo) : `${lo}-${hi}`);
    lo = hi = r;
  }
  parts.push(lo === hi ? String(lo) : `${lo}-${hi}`);
  return parts.join(",");
}

/** Expands run form back into the refs it names (for audits and tests). */
export function fromRuns(runs: string): number[] {
  if (runs === "") return [];
  const out: number[] = [];
  for (const part of runs.split(",")) {
    const dash = part.indexOf("-", 1);
    if (dash < 0) {
      out.push(Number(part));
      continue;
    }
    const lo = Number(part.slice(0, dash)), hi = Number(part.slice(dash + 1));
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi < lo) {
      throw new SyntaxError(`Cannot read evidence run "${part}": expected N or N-M with N ≤ M`);
    }
    for (let r = lo; r <= hi; r++) out.push(r);
  }
  return out;
}
