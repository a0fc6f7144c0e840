/**
 * Where screenpipe-layout databases live by default, and picking the live one.
 *
 * @module
 */

import { join } from "../../src/file_path.ts";

/** Default database paths, relative to the home directory, in order of preference. */
export const SCREENPIPE_DEFAULT_PATHS: readonly string[] = [
  ".screenpipe/db.sqlite",
  ".nocta/db.sqlite",
  ".nocta/data/db.sqlite",
];

/**
 * The existing default database under `home` that was written most recently (its own or
 * its `-wal` file's mtime; ties go to the earlier default), or `undefined` when none exists.
 */
export function discoverScreenpipe(home: string): string | undefined {
  let best: string | undefined;
  let bestTime = -Infinity;
  for (const relative of SCREENPIPE_DEFAULT_PATHS) {
    const path = join(home, relative);
    const time = modifiedAt(path);
    if (time === undefined) continue;
    const wal = modifiedAt(`${path}-wal`) ?? -Infinity;
    const latest = Math.max(time, wal);
    if (latest > bestTime) {
      best = path;
      bestTime = latest;
    }
  }
  return best;
}

function modifiedAt(path: string): number | undefined {
  try {
    const info = Deno.statSync(path);
    if (!info.isFile) return undefined;
    return info.mtime?.getTime() ?? 0;
  } catch {
    return undefined;
  }
}
