/**
 * The screenpipe-layout source (screenpipe, nocta-recorder; FORMATS §1) as an
 * {@linkcode Adapter}: `--source screenpipe:PATH` (or a bare path), the newest of the
 * default databases when none is given, and `frames import screenpipe`.
 *
 * @example
 * ```ts
 * import screenpipe from "./mod.ts";
 *
 * const day = screenpipe.read("/home/ada/.screenpipe/db.sqlite", { start, end });
 * ```
 *
 * @module
 */

import { join } from "node:path";
import type { Adapter } from "../types.ts";

export type * from "../types.ts";
import { isFile } from "../_files.ts";
import { discoverScreenpipe, readScreenpipe, SCREENPIPE_DEFAULT_PATHS } from "./read.ts";
import { openScreenpipeImport } from "./importer.ts";
import { screenpipeWatermark } from "./_watermark.ts";
import { screenpipeIndexSpan } from "./_span.ts";

/** The screenpipe-layout adapter. */
const screenpipe: Adapter = {
  scheme: "screenpipe",
  name: "screenpipe",
  spelling: "PATH",
  capabilities: { input: true, elements: true, urls: true, heartbeats: true, focus: true },
  discover({ home }) {
    const tried = SCREENPIPE_DEFAULT_PATHS.map((p) => join(home, p));
    return {
      best: discoverScreenpipe(home),
      found: tried.filter(isFile).map((location) => ({ location, detail: "database" })),
      tried,
    };
  },
  read: readScreenpipe,
  span: screenpipeIndexSpan,
  watermark: screenpipeWatermark,
  importer(from, { home }) {
    const path = from ?? discoverScreenpipe(home);
    if (path === undefined) {
      throw new Error(
        `Cannot find a screenpipe database: none of ${
          SCREENPIPE_DEFAULT_PATHS.map((p) => `"${join(home, p)}"`).join(", ")
        } exists; pass its path`,
      );
    }
    return Promise.resolve(openScreenpipeImport(path));
  },
};

export default screenpipe;
