/**
 * The tail read a live session's kept connection runs (adapters/screenpipe/_watermark.ts),
 * handed over by the reader when it loads: the watermark module must not import the reader
 * (a day answered from the cache loads only the head), and a kept connection reads a tail
 * only after a full read of the window has loaded it.
 *
 * @module
 */

import type { DatabaseSync } from "node:sqlite";
import type { Capture } from "../../src/model.ts";
import type { ReadWindowOptions } from "../types.ts";
import type { ScreenpipeSchema } from "./_schema.ts";

/**
 * Reads a window on an open connection already inside a read transaction, with the schema
 * detected on it and the store state checked there (read.ts `readScreenpipeKept`).
 */
export type KeptRead = (
  db: DatabaseSync,
  location: string,
  schema: ScreenpipeSchema,
  opts: ReadWindowOptions,
) => Capture;

let registered: KeptRead | undefined;

/** Hands the reader's kept-connection entry over (read.ts does it once, as it loads). */
export function setKeptRead(read: KeptRead): void {
  registered = read;
}

/** The reader's kept-connection entry, once the reader is loaded. */
export function keptRead(): KeptRead | undefined {
  return registered;
}
