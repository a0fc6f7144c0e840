/**
 * A small seeded PRNG (mulberry32): the demo never touches `Math.random` or the clock, so
 * one seed always writes the same database.
 *
 * @module
 */

/** A deterministic pseudo-random source with the draws the demo needs. */
export class Random {
  #state: number;

  /** Start a stream from a 32-bit seed. */
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in `[0, 1)`. */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in `[min, max]`. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in `[min, max)`. */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }

  /** One element, chosen by weight (`[item, weight]` pairs). */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of pairs) total += w;
    let r = this.next() * total;
    for (const [item, w] of pairs) {
      r -= w;
      if (r < 0) return item;
    }
    return pairs[pairs.length - 1][0];
  }

  /** An exponential wait with the given mean (for inter-arrival times). */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** A child stream, so adding draws in one part does not shift another part. */
  fork(salt: number): Random {
    return new Random(Math.imul(this.int(0, 0x7fffffff) ^ salt, 0x9e3779b1));
  }
}
