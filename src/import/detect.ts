/**
 * Finding the capture sources on this machine, for `frames sources`: the native store,
 * screenpipe's databases, ActivityWatch's databases and server, Windows Recall's ukg.db.
 *
 * @module
 */

import { join } from "node:path";
import { activityWatchPaths, AW_DEFAULT_URL } from "../../adapters/activitywatch.ts";
import { SCREENPIPE_DEFAULT_PATHS } from "../../adapters/screenpipe.ts";
import { recallDatabases } from "../../adapters/recall.ts";
import { openReadOnly, prepareArrays } from "../../adapters/_sqlite.ts";
import { NATIVE_STORE_FILE } from "../../adapters/native.ts";

/** One detected source. */
export interface DetectedSource {
  /** `native`, `screenpipe`, `activitywatch` or `recall`. */
  kind: string;
  /** What to pass to `--source` (or to `frames import`). */
  spec: string;
  /** Path or URL. */
  location: string;
  /** A short note: row counts, what was imported, why it was not checked. */
  detail: string;
}

/** Options for {@linkcode detectSources}. */
export interface DetectSourcesOptions {
  /** The user's home directory. */
  home: string;
  /** frames' own folder (`resolveSettings().home`). */
  framesHome: string;
  /** Ask a local aw-server whether it runs (default true). */
  probeServer?: boolean;
  /** aw-server address (default http://127.0.0.1:5600). */
  awUrl?: string;
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** The capture sources present on this machine, in a fixed order. */
export async function detectSources(opts: DetectSourcesOptions): Promise<DetectedSource[]> {
  const out: DetectedSource[] = [];
  const store = join(opts.framesHome, NATIVE_STORE_FILE);
  if (isFile(store)) {
    out.push({
      kind: "native",
      spec: `native:${store}`,
      location: store,
      detail: storeDetail(store),
    });
  }
  for (const rel of SCREENPIPE_DEFAULT_PATHS) {
    const path = join(opts.home, rel);
    if (isFile(path)) {
      out.push({
        kind: "screenpipe",
        spec: `screenpipe:${path}`,
        location: path,
        detail: "database",
      });
    }
  }
  for (const path of activityWatchPaths(opts.home)) {
    if (isFile(path)) {
      out.push({
        kind: "activitywatch",
        spec: `aw:${path}`,
        location: path,
        detail: path.endsWith("sqlite.db")
          ? "aw-server-rust database"
          : "legacy aw-server database",
      });
    }
  }
  if (opts.probeServer !== false) {
    const url = opts.awUrl ?? AW_DEFAULT_URL;
    const state = await probeAwServer(url);
    if (state !== "down" && state !== "unchecked") {
      out.push({ kind: "activitywatch", spec: `aw:${url}`, location: url, detail: state });
    }
  }
  for (const path of recallDatabases(opts.home)) {
    out.push({ kind: "recall", spec: `recall:${path}`, location: path, detail: "Recall ukg.db" });
  }
  return out;
}

function storeDetail(path: string): string {
  try {
    const db = openReadOnly(path, { label: "frames capture" });
    try {
      const [snaps] = prepareArrays(db, "SELECT count(*) FROM snapshots").all()[0];
      const adapters = prepareArrays(db, "SELECT DISTINCT adapter FROM sources ORDER BY adapter")
        .all().map((r) => String(r[0]));
      return `${snaps} snapshots${adapters.length > 0 ? ` from ${adapters.join(", ")}` : ""}`;
    } finally {
      db.close();
    }
  } catch (err) {
    return `unreadable: ${(err as Error).message}`;
  }
}

async function probeAwServer(url: string): Promise<string> {
  try {
    const res = await fetch(`${url}/api/0/info`, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    if (res.status === 401 || res.status === 403) return "aw-server (needs an API key)";
    return res.ok ? "aw-server running" : "down";
  } catch (err) {
    // Without network permission the server cannot be asked: list nothing rather than guess.
    if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
      return "unchecked";
    }
    return "down";
  }
}
