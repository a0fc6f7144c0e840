/**
 * Capture-source resolution shared by every command: `--source SCHEME:PATH`, a bare path,
 * or nothing (discover the default databases under the user's home).
 *
 * Sources are a small table keyed by scheme; a new adapter adds one entry with its reader.
 * Without a source, the native store (`$FRAMES_HOME/capture.db`) is used when it exists,
 * else screenpipe's default databases are discovered.
 *
 * @module
 */

import { isAbsolute, join, resolve } from "node:path";
import type { Capture } from "../src/model.ts";
import { discoverScreenpipe, readScreenpipe, SCREENPIPE_DEFAULT_PATHS } from "./screenpipe.ts";
import { discoverNative, NATIVE_STORE_FILE, readNative } from "./native.ts";
import { isAwServerUrl, readActivityWatch, readActivityWatchServer } from "./activitywatch.ts";
import { readRecall, readRecallAsync } from "./recall.ts";
import { readMemoryArchive } from "./memory_archive.ts";

/** The half-open UTC window `[start, end)` (epoch ms) to read, and whether to load typed text. */
export interface ReadWindowOptions {
  /** Inclusive start, UTC epoch ms. */
  start: number;
  /** Exclusive end, UTC epoch ms. */
  end: number;
  /** Load typed text (SPEC §9); otherwise only its length (`chars`) is read. */
  includeText?: boolean;
}

/** Names of the adapters that can be resolved. */
export type AdapterName = "screenpipe" | "native" | "aw" | "recall" | "ma";

/** A capture source ready to read windows from. */
export interface ResolvedSource {
  adapter: AdapterName;
  /** Absolute path of the source. */
  path: string;
  /** Read one window of the source into the capture model. */
  read(opts: ReadWindowOptions): Capture;
  /** Read one window; works for every source, including network ones (aw:URL). */
  readAsync(opts: ReadWindowOptions): Promise<Capture>;
}

/** Options for {@linkcode resolveSource}. */
export interface ResolveSourceOptions {
  /** The user's home directory, where default databases are discovered and `~` expands. */
  home?: string;
  /** Directory relative paths resolve against (default: the process's working directory). */
  cwd?: string;
  /**
   * frames' own folder, where the native store is discovered (default: `FRAMES_HOME`,
   * else `<home>/.frames`).
   */
  framesHome?: string;
}

interface AdapterEntry {
  read(path: string, opts: ReadWindowOptions): Capture;
  readAsync?(path: string, opts: ReadWindowOptions): Promise<Capture>;
  /** How the scheme's target is spelled in messages. */
  spelling: string;
  /** Keep `scheme:URL` targets as they are instead of resolving them as paths. */
  urls?: boolean;
}

const ADAPTERS: Record<AdapterName, AdapterEntry> = {
  screenpipe: { read: readScreenpipe, spelling: "PATH" },
  native: { read: readNative, spelling: "PATH" },
  aw: {
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
    spelling: "PATH|URL",
    urls: true,
  },
  recall: {
    read: readRecall,
    readAsync: (path, opts) =>
      readRecallAsync(path, { ...opts, code: Deno.env.get("FRAMES_RECALL_CODE") }),
    spelling: "PATH",
  },
  ma: { read: readMemoryArchive, spelling: "DIR" },
};

/** The schemes `--source` accepts. */
export const SOURCE_SCHEMES: readonly AdapterName[] = Object.keys(ADAPTERS) as AdapterName[];

/** Where a source is found when none is given: the native store, else screenpipe's. */
const DISCOVERY: readonly {
  adapter: AdapterName;
  find(home: string, framesHome: string): string | undefined;
  tried(home: string, framesHome: string): string[];
}[] = [
  {
    adapter: "native",
    find: (_home, framesHome) => discoverNative(framesHome),
    tried: (_home, framesHome) => [join(framesHome, NATIVE_STORE_FILE)],
  },
  {
    adapter: "screenpipe",
    find: (home) => discoverScreenpipe(home),
    tried: (home) => SCREENPIPE_DEFAULT_PATHS.map((p) => join(home, p)),
  },
];

/**
 * Resolve a `--source` value (`screenpipe:PATH`, a bare path meaning screenpipe, or
 * `undefined` to discover a default database under `opts.home`).
 *
 * @example
 * ```ts
 * const source = resolveSource(undefined, { home: "/home/ada" });
 * const day = source.read({ start: Date.UTC(2026, 2, 24), end: Date.UTC(2026, 2, 25) });
 * ```
 */
export function resolveSource(
  spec: string | undefined,
  opts: ResolveSourceOptions = {},
): ResolvedSource {
  let scheme: AdapterName | undefined;
  let target = spec;
  const parsed = spec === undefined ? undefined : splitScheme(spec);
  if (parsed !== undefined) {
    if (!(parsed.scheme in ADAPTERS)) {
      throw new RangeError(
        `Cannot resolve source "${spec}": unknown scheme "${parsed.scheme}:" (known schemes: ${
          SOURCE_SCHEMES.map((s) => `${s}:${ADAPTERS[s].spelling}`).join(", ")
        }; a bare path means screenpipe:PATH)`,
      );
    }
    scheme = parsed.scheme as AdapterName;
    target = parsed.rest;
  }
  if (target !== undefined && target !== "") {
    const adapter = scheme ?? "screenpipe";
    const keep = ADAPTERS[adapter].urls === true && /^https?:\/\//i.test(target);
    return bind(adapter, keep ? target : absolute(target, opts));
  }
  return discover(scheme, opts);
}

function discover(only: AdapterName | undefined, opts: ResolveSourceOptions): ResolvedSource {
  const home = opts.home;
  if (home === undefined || home === "") {
    throw new Error(
      "Cannot find a capture source: no home directory is known; pass --source screenpipe:PATH",
    );
  }
  const framesHome = opts.framesHome ?? (Deno.env.get("FRAMES_HOME") || join(home, ".frames"));
  const tried: string[] = [];
  for (const d of DISCOVERY) {
    if (only !== undefined && d.adapter !== only) continue;
    const found = d.find(home, framesHome);
    if (found !== undefined) return bind(d.adapter, resolve(found));
    tried.push(...d.tried(home, framesHome));
  }
  if (only !== undefined && tried.length === 0) {
    throw new Error(`Cannot find a capture source: "${only}:" needs a ${ADAPTERS[only].spelling}`);
  }
  throw new Error(
    `Cannot find a capture source: none of ${
      tried.map((p) => `"${p}"`).join(", ")
    } exists; pass --source screenpipe:PATH`,
  );
}

function bind(adapter: AdapterName, path: string): ResolvedSource {
  const entry = ADAPTERS[adapter];
  return {
    adapter,
    path,
    read(opts: ReadWindowOptions): Capture {
      return entry.read(path, opts);
    },
    readAsync(opts: ReadWindowOptions): Promise<Capture> {
      if (entry.readAsync !== undefined) return entry.readAsync(path, opts);
      try {
        return Promise.resolve(entry.read(path, opts));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/** `scheme:rest` when the spec starts with a URI-like scheme of 2+ letters (not `C:\`). */
function splitScheme(spec: string): { scheme: string; rest: string } | undefined {
  const colon = spec.indexOf(":");
  if (colon < 2) return undefined;
  const scheme = spec.slice(0, colon);
  for (let i = 0; i < scheme.length; i++) {
    const c = scheme.charCodeAt(i);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    const other = (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46 || c === 95;
    if (!letter && !(i > 0 && other)) return undefined;
  }
  return { scheme: scheme.toLowerCase(), rest: spec.slice(colon + 1) };
}

function absolute(path: string, opts: ResolveSourceOptions): string {
  if (opts.home !== undefined && (path === "~" || path.startsWith("~/"))) {
    return join(opts.home, path.slice(1));
  }
  return isAbsolute(path) ? resolve(path) : resolve(opts.cwd ?? Deno.cwd(), path);
}
