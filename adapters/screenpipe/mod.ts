/**
 * The screenpipe-layout source (screenpipe, nocta-recorder; FORMATS §1) as an
 * {@linkcode Adapter}: `--source screenpipe:PATH` (or a bare path), the newest of the
 * default databases when none is given, `screenpipe:http://127.0.0.1:3030` (or
 * `screenpipe:api`, the default address) for a running screenpipe's REST API (read
 * asynchronously, with `FRAMES_SCREENPIPE_KEY` as its bearer key when it needs one), and
 * `frames import screenpipe [PATH|URL|api]`.
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

import { join } from "../../src/file_path.ts";
import type { Adapter } from "../types.ts";

export type * from "../types.ts";
import { isFile } from "../_files.ts";
import { discoverScreenpipe, readScreenpipe, SCREENPIPE_DEFAULT_PATHS } from "./read.ts";
import { readScreenpipeFiles } from "./migrated.ts";
import { SCREENPIPE_DEFAULT_URL } from "./_api_http.ts";
import { head } from "./watermark.ts";
import { screenpipeIndexSpan } from "./_span.ts";

function isUrl(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

const { spans: _, ...fields } = head;

/** The screenpipe-layout adapter: its head (names, watermark; `watermark.ts`) and reader. */
const screenpipe: Adapter = {
  ...fields,
  discover({ home }) {
    const tried = SCREENPIPE_DEFAULT_PATHS.map((p) => join(home, p));
    return {
      best: discoverScreenpipe(home),
      found: tried.filter(isFile).map((location) => ({ location, detail: "database" })),
      tried,
      server: SCREENPIPE_DEFAULT_URL,
    };
  },
  read(target, opts) {
    if (isUrl(target)) {
      throw new Error(
        `Cannot read screenpipe API "${target}" in this command: pass its database file, or a command that reads asynchronously`,
      );
    }
    return readScreenpipe(target, opts);
  },
  async readAsync(target, opts) {
    if (!isUrl(target)) return await readScreenpipeFiles(target, opts);
    // The API reader and the importer (which writes the native store) load only when used.
    const { readScreenpipeApi } = await import("./api.ts");
    return await readScreenpipeApi(target, {
      ...opts,
      key: Deno.env.get("FRAMES_SCREENPIPE_KEY"),
    });
  },
  span(target) {
    return isUrl(target) ? undefined : screenpipeIndexSpan(target);
  },
  async importer(from, { home, includeText }) {
    if (from !== undefined && (isUrl(from) || from.toLowerCase() === "api")) {
      const { openScreenpipeApiImport } = await import("./_api_import.ts");
      return openScreenpipeApiImport(isUrl(from) ? from : SCREENPIPE_DEFAULT_URL, {
        key: Deno.env.get("FRAMES_SCREENPIPE_KEY"),
        includeText,
      });
    }
    const path = from ?? discoverScreenpipe(home);
    if (path === undefined) {
      throw new Error(
        `Cannot find a screenpipe database: none of ${
          SCREENPIPE_DEFAULT_PATHS.map((p) => `"${join(home, p)}"`).join(", ")
        } exists; pass its path`,
      );
    }
    const { openScreenpipeImport } = await import("./importer.ts");
    return openScreenpipeImport(path);
  },
};

export default screenpipe;
