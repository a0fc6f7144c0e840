/**
 * Maximal repeats of a token sequence with a suffix automaton: O(n) states and
 * transitions, built online in amortised linear time, so every run of tokens that recurs
 * is found without enumerating n-grams. A repeat is reported once, as the longest string of
 * its automaton state, when no one-token extension to the right keeps all its occurrences.
 *
 * @module
 */

/** A run of tokens that recurs. */
export interface Repeat {
  /** Index in the sequence of the run's first occurrence's last token. */
  end: number;
  /** Tokens in the run. */
  length: number;
  /** Occurrences, overlapping ones included. */
  count: number;
}

/**
 * Maximal repeats of `tokens` with at least `minCount` occurrences and `minLength`..
 * `maxLength` tokens. Negative tokens are separators: give each a distinct value, so no run
 * reaches across one.
 */
export function maximalRepeats(
  tokens: ArrayLike<number>,
  opts: { minCount: number; minLength: number; maxLength: number },
): Repeat[] {
  const n = tokens.length;
  const cap = 2 * n + 2;
  const len = new Int32Array(cap);
  const link = new Int32Array(cap).fill(-1);
  const firstEnd = new Int32Array(cap);
  const cnt = new Int32Array(cap);
  const next: Map<number, number>[] = [new Map()];
  let size = 1, last = 0;
  for (let i = 0; i < n; i++) {
    const c = tokens[i];
    const cur = size++;
    len[cur] = len[last] + 1;
    firstEnd[cur] = i;
    cnt[cur] = 1;
    next.push(new Map());
    let p = last;
    while (p !== -1 && !next[p].has(c)) {
      next[p].set(c, cur);
      p = link[p];
    }
    if (p === -1) link[cur] = 0;
    else {
      const q = next[p].get(c)!;
      if (len[p] + 1 === len[q]) link[cur] = q;
      else {
        const clone = size++;
        len[clone] = len[p] + 1;
        firstEnd[clone] = firstEnd[q];
        next.push(new Map(next[q]));
        link[clone] = link[q];
        while (p !== -1 && next[p].get(c) === q) {
          next[p].set(c, clone);
          p = link[p];
        }
        link[q] = clone;
        link[cur] = clone;
      }
    }
    last = cur;
  }
  // Occurrence counts: push each state's count to its suffix link, longest states first.
  const byLen = new Int32Array(n + 1);
  for (let v = 0; v < size; v++) byLen[len[v]]++;
  for (let l = 1; l <= n; l++) byLen[l] += byLen[l - 1];
  const order = new Int32Array(size);
  for (let v = size - 1; v >= 0; v--) order[--byLen[len[v]]] = v;
  for (let k = size - 1; k > 0; k--) {
    const v = order[k];
    if (link[v] >= 0) cnt[link[v]] += cnt[v];
  }
  const out: Repeat[] = [];
  for (let v = 1; v < size; v++) {
    if (cnt[v] < opts.minCount || len[v] < opts.minLength) continue;
    let rightMaximal = true;
    for (const w of next[v].values()) {
      if (cnt[w] === cnt[v]) {
        rightMaximal = false;
        break;
      }
    }
    if (!rightMaximal) continue;
    const length = Math.min(len[v], opts.maxLength);
    out.push({ end: firstEnd[v], length, count: cnt[v] });
  }
  return out.sort((a, b) => a.end - b.end || a.length - b.length);
}
