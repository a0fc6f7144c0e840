/**
 * Capture-source resolution shared by every command: `--source SCHEME:PATH`, a bare path,
 * or nothing (discover the default databases under the user's home).
 *
 * Sources are a small table keyed by scheme; a new adapter (`aw:`, `recall:`, `native:`)
 * adds one entry with its reader and its discovery function.
 *
 * @module
 */

import { isAbsolute, join, resolve } from "node:path";
import type { Capture } from "../src/model.ts";
import { discoverScreenpipe, readScreenpipe, SCREENPIPE_DEFAULT_PATHS } from "./screenpipe.ts";

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
export type AdapterName = "screenpipe";

/** A capture source ready to read windows from. */
export interface ResolvedSource {
  adapter: AdapterName;
  /** Absolute path of the source. */
  path: string;
  /** Read one window of the source into the capture model. */
  read(opts: ReadWindowOptions): Capture;
}

/** Options for {@linkcode resolveSource}. */
export interface ResolveSourceOptions {
  /** The user's home directory, where default databases are discovered and `~` expands. */
  home?: string;
  /** Directory relative paths resolve against (default: the process's working directory). */
  cwd?: string;
}

interface AdapterEntry {
  read(path: string, opts: ReadWindowOptions): Capture;
  /** Default locations relative to home, for messages. */
  defaults: readonly string[];
  discover(home: string): string | undefined;
}

const ADAPTERS: Record<AdapterName, AdapterEntry> = {
  screenpipe: {
    read: readScreenpipe,
    defaults: SCREENPIPE_DEFAULT_PATHS,
    discover: discoverScreenpipe,
  },
};

/** The schemes `--source` accepts, in discovery order. */
export const SOURCE_SCHEMES: readonly AdapterName[] = Object.keys(ADAPTERS) as AdapterName[];

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
          SOURCE_SCHEMES.map((s) => `${s}:PATH`).join(", ")
        }; a bare path means screenpipe:PATH)`,
      );
    }
    scheme = parsed.scheme as AdapterName;
    target = parsed.rest;
  }
  if (target !== undefined && target !== "") {
    const adapter = scheme ?? "screenpipe";
    return bind(adapter, absolute(target, opts));
  }
  return discover(scheme, opts);
}

function discover(only: AdapterName | undefined, opts: ResolveSourceOptions): ResolvedSource {
  const home = opts.home;
  const names = only !== undefined ? [only] : SOURCE_SCHEMES;
  if (home === undefined || home === "") {
    throw new Error(
      "Cannot find a capture source: no home directory is known; pass --source screenpipe:PATH",
    );
  }
  const tried: string[] = [];
  for (const name of names) {
    const entry = ADAPTERS[name];
    const found = entry.discover(home);
    if (found !== undefined) return bind(name, resolve(found));
    for (const relative of entry.defaults) tried.push(join(home, relative));
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
