/**
 * The check every reader (the native store's and each adapter's) makes of the window it is
 * asked to read.
 *
 * @module
 */

/** Throws a RangeError unless `start` and `end` are finite epoch ms with start ≤ end. */
export function checkWindow(opts: { start: number; end: number }): void {
  const { start, end } = opts;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start > end) {
    throw new RangeError(
      `Cannot read a capture window: start (${start}) and end (${end}) must be epoch ms with start <= end`,
    );
  }
}
