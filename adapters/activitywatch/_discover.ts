/**
 * Where ActivityWatch keeps its databases, per OS (FORMATS §2), and finding them.
 *
 * @module
 */

import { join } from "../../src/file_path.ts";

/** Options for {@linkcode activityWatchPaths}. */
export interface AwPathsOptions {
  /** `linux`, `darwin` or `windows` (default: this OS). */
  os?: string;
  /** Environment for `%APPDATA%` / `%LOCALAPPDATA%` (default: the process's). */
  env?: (name: string) => string | undefined;
}

/** Candidate database paths, newest layout first, for `home` on an OS. */
export function activityWatchPaths(home: string, opts: AwPathsOptions = {}): string[] {
  const os = opts.os ?? Deno.build.os;
  const env = opts.env ?? ((name: string) => Deno.env.get(name));
  const roots: string[] = [];
  if (os === "windows") {
    for (const v of ["APPDATA", "LOCALAPPDATA"]) {
      const dir = env(v);
      if (dir) roots.push(join(dir, "activitywatch"));
    }
    if (roots.length === 0) {
      roots.push(join(home, "AppData", "Roaming", "activitywatch"));
      roots.push(join(home, "AppData", "Local", "activitywatch"));
    }
  } else if (os === "darwin") {
    roots.push(join(home, "Library", "Application Support", "activitywatch"));
  } else {
    const xdg = env("XDG_DATA_HOME");
    roots.push(join(xdg ? xdg : join(home, ".local", "share"), "activitywatch"));
  }
  return [
    ...roots.map((r) => join(r, "aw-server-rust", "sqlite.db")),
    ...roots.map((r) => join(r, "aw-server", "peewee-sqlite.v2.db")),
  ];
}

/** The first existing ActivityWatch database for `home`, or `undefined`. */
export function discoverActivityWatch(home: string, opts: AwPathsOptions = {}): string | undefined {
  for (const path of activityWatchPaths(home, opts)) {
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // Not there: try the next.
    }
  }
  return undefined;
}
