/**
 * Capture-source resolution shared by every command: `--source SCHEME:PATH`, a bare path,
 * or nothing (discover the default databases under the user's home).
 *
 * Without a source, the native store (`$FRAMES_HOME/capture.db`) is used when it exists,
 * else screenpipe's default databases are discovered. Only the adapter that is used is
 * loaded from the registry.
 *
 * @module
 */

import { isAbsolute, join, resolve } from "../src/file_path.ts";
import type { Capture } from "../src/model.ts";
import {
  isSourceScheme,
  loadAdapter,
  loadAdapterHead,
  loadAdapters,
  type SourceScheme,
} from "./mod.ts";
import type {
  Adapter,
  AdapterHead,
  ReadWindowOptions,
  Watermark,
  WatermarkKeeper,
} from "./types.ts";

export type { REGISTRY, SourceScheme } from "./mod.ts";
export type * from "./types.ts";

/** A capture source ready to read windows from. */
export interface ResolvedSource {
  /** The scheme the source was resolved to. */
  adapter: SourceScheme;
  /** Absolute path of the source (or its URL). */
  path: string;
  /** Read one window of the source into the capture model. */
  read(opts: ReadWindowOptions): Capture;
  /** Read one window; works for every source, including network ones (aw:URL). */
  readAsync(opts: ReadWindowOptions): Promise<Capture>;
  /** First and last instant the source holds, where its adapter can tell (Adapter.span). */
  span?(): { first: number; last: number } | undefined;
  /** The watermark of a window, where its adapter can tell (Adapter.watermark). */
  watermark?(window: ReadWindowOptions, previous?: Watermark): Watermark;
  /** The watermark on a connection kept across calls (Adapter.keepWatermark). */
  keepWatermark?(): WatermarkKeeper;
  /** Whether a live session may read only the tail of a window (Adapter.splitReads). */
  splitReads?: boolean;
  /**
   * Loads the adapter's reader, for a source resolved `lazy`: until it resolves, `read` and
   * `span` throw (`readAsync` loads it itself). Absent on sources bound to a full adapter.
   */
  prepare?(): Promise<void>;
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
  /**
   * Bind a file of a source with a head (`HEADS`) to its head only: the watermark works at
   * once, the reader loads on `prepare()` or the first `readAsync` (a cached day never
   * loads it). Discovered sources, URLs and `SCHEME:api` bind the full adapter as before.
   */
  lazy?: boolean;
}

/** Where a source is found when none is given: the native store, else screenpipe's. */
const DISCOVERY: readonly SourceScheme[] = ["native", "screenpipe"];

/**
 * Resolve a `--source` value (`screenpipe:PATH`, a bare path meaning screenpipe, or
 * `undefined` to discover a default database under `opts.home`). A malformed value
 * rejects with a RangeError; a source that cannot be found, with an Error.
 *
 * @example
 * ```ts
 * const source = await resolveSource(undefined, { home: "/home/ada" });
 * const day = source.read({ start: Date.UTC(2026, 2, 24), end: Date.UTC(2026, 2, 25) });
 * ```
 */
export async function resolveSource(
  spec: string | undefined,
  opts: ResolveSourceOptions = {},
): Promise<ResolvedSource> {
  let scheme: SourceScheme | undefined;
  let target = spec;
  const parsed = spec === undefined ? undefined : splitScheme(spec);
  if (parsed !== undefined) {
    if (!isSourceScheme(parsed.scheme)) {
      const known = (await loadAdapters()).map((a) => `${a.scheme}:${a.spelling}`);
      throw new RangeError(
        `Cannot resolve source "${spec}": unknown scheme "${parsed.scheme}:" (known schemes: ${
          known.join(", ")
        }; a bare path means screenpipe:PATH)`,
      );
    }
    scheme = parsed.scheme;
    target = parsed.rest;
    // `screenpipe:` with nothing after it is a half-typed flag, not a request to discover.
    if (target.trim() === "") {
      throw new RangeError(
        `Cannot resolve source "${spec}": the path after "${parsed.scheme}:" is empty (pass ${parsed.scheme}:PATH, or leave --source out to discover one)`,
      );
    }
  }
  if (target !== undefined && target !== "") {
    const chosen = scheme ?? "screenpipe";
    const head = opts.lazy === true ? await loadAdapterHead(chosen) : undefined;
    const api = parsed !== undefined && target.toLowerCase() === "api";
    if (head !== undefined && !(head.urls === true && (api || /^https?:\/\//i.test(target)))) {
      return bindLazy(head, () => loadAdapter(chosen), absolute(target, opts));
    }
    const adapter = await loadAdapter(chosen);
    // `SCHEME:api`: the source's running program at its default address (Discovery.server).
    if (parsed !== undefined && adapter.urls === true && target.toLowerCase() === "api") {
      const server = adapter.discover({ home: opts.home ?? "", framesHome: "" }).server;
      if (server !== undefined) return bind(adapter, server);
    }
    const keep = adapter.urls === true && /^https?:\/\//i.test(target);
    return bind(adapter, keep ? target : absolute(target, opts));
  }
  return await discover(scheme, opts);
}

async function discover(
  only: SourceScheme | undefined,
  opts: ResolveSourceOptions,
): Promise<ResolvedSource> {
  const home = opts.home;
  if (home === undefined || home === "") {
    throw new Error(
      "Cannot find a capture source: no home directory is known; pass --source screenpipe:PATH",
    );
  }
  const framesHome = opts.framesHome ?? (Deno.env.get("FRAMES_HOME") || join(home, ".frames"));
  const tried: string[] = [];
  for (const scheme of DISCOVERY) {
    if (only !== undefined && scheme !== only) continue;
    const adapter = await loadAdapter(scheme);
    const found = adapter.discover({ home, framesHome });
    if (found.best !== undefined) return bind(adapter, resolve(found.best));
    tried.push(...found.tried);
  }
  if (only !== undefined && tried.length === 0) {
    const adapter = await loadAdapter(only);
    throw new Error(`Cannot find a capture source: "${only}:" needs a ${adapter.spelling}`);
  }
  throw new Error(
    `Cannot find a capture source: none of ${
      tried.map((p) => `"${p}"`).join(", ")
    } exists; pass --source screenpipe:PATH`,
  );
}

function bind(adapter: Adapter, path: string): ResolvedSource {
  const span = adapter.span;
  // A running program's API (aw:URL, screenpipe:URL) has no cheap watermark: never cached.
  const watermark = /^https?:\/\//i.test(path) ? undefined : adapter.watermark;
  return {
    ...(span !== undefined ? { span: () => span(path) } : {}),
    ...(watermark !== undefined
      ? { watermark: (w: ReadWindowOptions, p?: Watermark) => watermark(path, w, p) }
      : {}),
    ...(watermark !== undefined && adapter.keepWatermark !== undefined
      ? { keepWatermark: () => adapter.keepWatermark!(path) }
      : {}),
    ...(watermark !== undefined && adapter.splitReads === true ? { splitReads: true } : {}),
    adapter: adapter.scheme as SourceScheme,
    path,
    read(opts: ReadWindowOptions): Capture {
      return adapter.read(path, opts);
    },
    readAsync(opts: ReadWindowOptions): Promise<Capture> {
      if (adapter.readAsync !== undefined) return adapter.readAsync(path, opts);
      try {
        return Promise.resolve(adapter.read(path, opts));
      } catch (err) {
        return Promise.reject(err);
      }
    },
  };
}

/**
 * bind() of a head: the same source, whose reader is the full adapter once loaded. Every
 * field bind() reads is the head's (the full adapter spreads the same head), so the two
 * bindings differ only in when the reader loads.
 */
function bindLazy(head: AdapterHead, load: () => Promise<Adapter>, path: string): ResolvedSource {
  let full: Adapter | undefined;
  const reader = (): Adapter => {
    if (full !== undefined) return full;
    throw new Error(
      `Cannot read ${head.name} "${path}" synchronously before its reader is loaded (await prepare() first)`,
    );
  };
  const prepare = async () => {
    full ??= await load();
  };
  const adapter: Adapter = {
    ...head,
    discover: (o) => reader().discover(o),
    read: (t, w) => reader().read(t, w),
    ...(head.spans ? { span: (t: string) => reader().span!(t) } : {}),
    readAsync: async (t, w) => {
      await prepare();
      const a = reader();
      return a.readAsync !== undefined ? await a.readAsync(t, w) : a.read(t, w);
    },
  };
  return { ...bind(adapter, path), prepare };
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
