/**
 * The Windows Recall source (FORMATS §3) as an {@linkcode Adapter}: `--source recall:PATH`
 * for a 2024 preview `ukg.db`, or an EEA export folder (read asynchronously, decrypted with
 * `FRAMES_RECALL_CODE`), and `frames import recall`.
 *
 * @example
 * ```ts
 * import recall from "./mod.ts";
 *
 * const day = recall.read("C:/Users/ada/AppData/Local/CoreAIPlatform.00/UKP/x/ukg.db", { start, end });
 * ```
 *
 * @module
 */

import type { Adapter } from "../types.ts";

export type * from "../types.ts";
import { openRecallImport, readRecall, readRecallAsync, recallDatabases } from "./read.ts";

/** The Windows Recall adapter. */
const recall: Adapter = {
  scheme: "recall",
  name: "recall",
  spelling: "PATH",
  capabilities: { input: false, elements: false, urls: true, heartbeats: false, focus: false },
  discover({ home }) {
    const found = recallDatabases(home).map((location) => ({ location, detail: "Recall ukg.db" }));
    // The databases sit in per-profile GUID folders: there is no fixed path to name.
    return { best: found[0]?.location, found, tried: [] };
  },
  read: readRecall,
  readAsync: (path, opts) =>
    readRecallAsync(path, { ...opts, code: Deno.env.get("FRAMES_RECALL_CODE") }),
  importer(from, { home, code }) {
    const path = from ?? recallDatabases(home)[0];
    if (path === undefined) {
      throw new Error(
        "Cannot find a Windows Recall database: no ukg.db under %LOCALAPPDATA%\\CoreAIPlatform.00\\UKP; pass its path or an export folder",
      );
    }
    return openRecallImport(path, { code });
  },
};

export default recall;
