/**
 * The guard before an output file is written: a target that resolves — through symlinks,
 * `..` or a relative path — to a source being read (or a side file of it, or a file inside
 * a source folder) is a usage error, raised before anything is read or written.
 *
 * @module
 */

import { basename, dirname, join, resolve } from "../file_path.ts";
import { safeLine } from "../text/sanitize.ts";
import { UsageError } from "./usage_error.ts";

// SQLite's side files belong to the database as much as the file itself.
const SIDE_FILES = ["", "-wal", "-shm", "-journal"];

/** Throws a `UsageError` when `out` would overwrite one of `sources` (files or folders). */
export function refuseOutputOverSource(
  out: string | undefined,
  sources: readonly string[],
  flag = "--out",
): void {
  if (out === undefined || out === "-" || out === "") return;
  const target = realTarget(out);
  for (const source of sources) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) continue; // a URL source has no file
    const real = realOrNull(source);
    if (real === null) continue;
    let isDir = false;
    try {
      isDir = Deno.statSync(real).isDirectory;
    } catch {
      // Gone since it was resolved: compare by name alone.
    }
    const hit = isDir
      ? target === real || target.startsWith(real.endsWith("/") ? real : real + "/")
      : SIDE_FILES.some((side) => target === real + side);
    if (hit) {
      throw new UsageError(
        `Cannot write ${flag} "${safeLine(out)}": it resolves to the source "${
          safeLine(source)
        }" being read; choose another file`,
      );
    }
  }
}

// The file the path would be written as: the real path when it exists (a symlink is
// followed), else the real path of its folder joined with its name.
function realTarget(path: string): string {
  const whole = realOrNull(path);
  if (whole !== null) return whole;
  const abs = resolve(path);
  const dir = realOrNull(dirname(abs));
  return dir === null ? abs : join(dir, basename(abs));
}

function realOrNull(path: string): string | null {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}
