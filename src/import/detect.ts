/**
 * Finding the capture sources on this machine, for `frames sources`: the native store,
 * screenpipe's databases, ActivityWatch's databases and server, Windows Recall's ukg.db.
 *
 * @module
 */

import { loadAdapter, type SourceScheme } from "../../adapters/mod.ts";
import { summarizeStore } from "../store/mod.ts";

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

/** The sources `frames sources` lists, in its fixed order. */
const LISTED: readonly SourceScheme[] = ["native", "screenpipe", "aw", "recall"];

/** The capture sources present on this machine, in a fixed order. */
export async function detectSources(opts: DetectSourcesOptions): Promise<DetectedSource[]> {
  const out: DetectedSource[] = [];
  for (const scheme of LISTED) {
    const adapter = await loadAdapter(scheme);
    const discovery = adapter.discover({ home: opts.home, framesHome: opts.framesHome });
    for (const { location, detail } of discovery.found) {
      out.push({
        kind: adapter.name,
        spec: `${adapter.scheme}:${location}`,
        location,
        // The store's own rows say more than its name: count them.
        detail: scheme === "native" ? storeDetail(location) : detail,
      });
    }
    if (discovery.server !== undefined && opts.probeServer !== false) {
      const url = opts.awUrl ?? discovery.server;
      const state = await probeAwServer(url);
      if (state !== "down" && state !== "unchecked") {
        out.push({
          kind: adapter.name,
          spec: `${adapter.scheme}:${url}`,
          location: url,
          detail: state,
        });
      }
    }
  }
  return out;
}

function storeDetail(path: string): string {
  try {
    const { snapshots, adapters } = summarizeStore(path);
    return `${snapshots} snapshots${adapters.length > 0 ? ` from ${adapters.join(", ")}` : ""}`;
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
