/**
 * The Memory Archive source (FORMATS §4) as an {@linkcode Adapter}: `--source ma:DIR` for a
 * session folder, and `frames import memory-archive DIR`. Sessions have no default
 * location, so discovery finds nothing.
 *
 * @example
 * ```ts
 * import memoryArchive from "./mod.ts";
 *
 * const session = memoryArchive.read("memories/open-invoice", { start: 0, end: Date.now() });
 * ```
 *
 * @module
 */

import type { Adapter } from "../types.ts";

export type * from "../types.ts";
import { openMemoryArchiveImport, readMemoryArchive } from "./read.ts";

/** The Memory Archive adapter. */
const memoryArchive: Adapter = {
  scheme: "ma",
  name: "memory-archive",
  spelling: "DIR",
  capabilities: { input: true, elements: false, urls: false, heartbeats: false, focus: false },
  discover: () => ({ found: [], tried: [] }),
  read: readMemoryArchive,
  importer(from) {
    if (from === undefined) {
      throw new TypeError("Cannot import memory-archive: pass the session folder as FROM");
    }
    return Promise.resolve(openMemoryArchiveImport(from));
  },
};

export default memoryArchive;
