/**
 * Unions of time intervals per key, so a minute on two displays counts once (SPEC §3.7).
 *
 * @module
 */

/** Collects half-open `[start, end)` intervals per key and measures their union. */
export class IntervalUnion {
  #byKey = new Map<string, number[]>();

  /** Adds `[start, end)` under `key`; empty intervals are ignored. */
  add(key: string, start: number, end: number): void {
    if (end <= start) return;
    let list = this.#byKey.get(key);
    if (!list) this.#byKey.set(key, list = []);
    list.push(start, end);
  }

  /** Length of the union of `key`'s intervals in ms (0 for an unknown key). */
  unionMs(key: string): number {
    const flat = this.#byKey.get(key);
    if (!flat) return 0;
    const n = flat.length / 2;
    const order = new Array<number>(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => flat[2 * a] - flat[2 * b] || flat[2 * a + 1] - flat[2 * b + 1]);
    let total = 0, curS = -Infinity, curE = -Infinity;
    for (let k = 0; k < n; k++) {
      const i = order[k];
      const s = flat[2 * i], e = flat[2 * i + 1];
      if (s > curE) {
        total += curE - curS > 0 ? curE - curS : 0;
        curS = s;
        curE = e;
      } else if (e > curE) {
        curE = e;
      }
    }
    total += curE - curS > 0 ? curE - curS : 0;
    return total;
  }
}
