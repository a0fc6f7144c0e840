/**
 * The ActivityWatch source (FORMATS §2) as an {@linkcode Adapter}: `--source aw:PATH` for an
 * export file or either SQLite layout, `aw:URL` for a running aw-server (read
 * asynchronously, with `FRAMES_AW_KEY` as its bearer key), and `frames import
 * activitywatch`.
 *
 * @example
 * ```ts
 * import activityWatch from "./mod.ts";
 *
 * const day = await activityWatch.readAsync!("http://127.0.0.1:5600", { start, end });
 * ```
 *
 * @module
 */

import type { Adapter } from "../types.ts";

export type * from "../types.ts";
import { isFile } from "../_files.ts";
import {
  activityWatchPaths,
  AW_DEFAULT_URL,
  discoverActivityWatch,
  isAwServerUrl,
  openActivityWatchImport,
  readActivityWatch,
  readActivityWatchServer,
} from "./read.ts";

/** The ActivityWatch adapter. */
const activityWatch: Adapter = {
  scheme: "aw",
  name: "activitywatch",
  spelling: "PATH|URL",
  urls: true,
  capabilities: { input: true, elements: false, urls: true, heartbeats: false, focus: true },
  discover({ home }) {
    const tried = activityWatchPaths(home);
    const found = tried.filter(isFile).map((location) => ({
      location,
      detail: location.endsWith("sqlite.db")
        ? "aw-server-rust database"
        : "legacy aw-server database",
    }));
    return { best: found[0]?.location, found, tried, server: AW_DEFAULT_URL };
  },
  read(path, opts) {
    if (isAwServerUrl(path)) {
      throw new Error(
        `Cannot read ActivityWatch server "${path}" in this command: pass an export or database file, or run "frames import activitywatch ${path}" and compile the native store`,
      );
    }
    return readActivityWatch(path, opts);
  },
  readAsync(path, opts) {
    return isAwServerUrl(path)
      ? readActivityWatchServer(path, { ...opts, key: Deno.env.get("FRAMES_AW_KEY") })
      : Promise.resolve(readActivityWatch(path, opts));
  },
  importer(from, { home, key }) {
    const location = from?.toLowerCase() === "api" ? AW_DEFAULT_URL : from;
    return openActivityWatchImport(location ?? discoverActivityWatch(home) ?? AW_DEFAULT_URL, {
      key,
    });
  },
};

export default activityWatch;
