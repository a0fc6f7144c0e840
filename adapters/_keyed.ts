/**
 * What importers read: a window of the capture model with one dedupe key per row, and a
 * source that can be read window by window. Keys name the source's own row (for
 * ActivityWatch the bucket, event start and chunk), so re-importing the same data, in the
 * same or another form, adds nothing.
 *
 * @module
 */

import type { Capabilities, Capture, Element } from "../src/model.ts";
import type { ReadWindowOptions } from "./mod.ts";

/** A window of capture with a dedupe key per snapshot and per event (same order). */
export interface KeyedCapture {
  capture: Capture;
  snapshotKeys: string[];
  eventKeys: string[];
  /** Element rows of the window's snapshots, when the source has them. */
  elements?: Element[];
}

/** A capture source opened for import: its provenance, its time span and a keyed reader. */
export interface ImportableSource {
  /** `activitywatch`, `recall`, `memory-archive` or `screenpipe`. */
  adapter: string;
  /** Path or URL. */
  location: string;
  fingerprint: string;
  capabilities: Capabilities;
  /** Rows rejected while opening (they belong to no window), counted once per import. */
  loadRejected?: Record<string, number>;
  /** First and last instant (UTC epoch ms) holding rows, or `undefined` when empty. */
  span(): { first: number; last: number } | undefined;
  /** Read one half-open window with keys. */
  readKeyed(opts: ReadWindowOptions): KeyedCapture;
  /** Release the source (close files). */
  close(): void;
}
