/**
 * The engine's wait for the browser extension: an observation of a browser window the
 * extension has not classified yet is held (its time kept) for at most a bound per window
 * and title, so an ordinary late report costs no withheld row. Holding never decides
 * privacy: a window still unclassified when the wait ends is written withheld (the
 * recorder's rule), and a report that classifies it later writes it again. Keys and
 * scrolls during a hold count against the window seen before it (they carry no content).
 *
 * @module
 */

/** One window-and-title's wait; see the module doc. */
export class TabHold {
  #ms: number;
  #key: string | undefined;
  #until = 0;

  constructor(ms: number) {
    this.#ms = ms;
  }

  /**
   * Whether to hold an observation of window `id` titled `title` at `now`: the time the
   * wait ends, or `undefined` when it is over (or `unclassified` is false, which ends it).
   * A window and title waits once; observing it again after the wait writes at once.
   */
  hold(
    id: string,
    title: string | undefined,
    unclassified: boolean,
    now: number,
  ): number | undefined {
    if (!unclassified) {
      this.#key = undefined;
      return undefined;
    }
    const key = `${id}\0${title ?? ""}`;
    if (this.#key !== key) [this.#key, this.#until] = [key, now + this.#ms];
    return now < this.#until ? this.#until : undefined;
  }

  /** Whether an observation is being held at `now`. */
  holding(now: number): boolean {
    return this.#key !== undefined && now < this.#until;
  }

  /** End the current wait at `now` (a heartbeat is due: it must repeat what holds focus). */
  end(now: number): void {
    if (this.holding(now)) this.#until = now;
  }
}
