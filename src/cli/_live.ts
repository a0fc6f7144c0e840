/**
 * In-memory day sessions for long-running processes (the MCP server, `frames compile
 * --watch`): per window, the incremental session (src/compile/incremental.ts) and the
 * source's watermark when its rows were read. While the watermark is unchanged no row is
 * read again: a closed window answers its document, a window still happening only moves
 * its observed edge (recomputed from the retained rows). New rows mean a fresh read and a
 * fresh session — exact, at the cost of one read of the window.
 *
 * @module
 */

import type { ResolvedSource } from "../../adapters/resolve.ts";
import { sameWatermark, type Watermark } from "../cache/mod.ts";
import type { ActivityDocument, Capture, CompileOptions } from "../compile/mod.ts";
import { type IncrementalCompile, startIncremental } from "../compile/incremental.ts";
import type { PageRef } from "../entities/parser.ts";

interface Live {
  watermark: Watermark;
  session: IncrementalCompile;
}

/** At most this many windows are kept (least recently used go first). */
const MAX_SESSIONS = 8;

const sessions = new Map<string, Live>();

/** A window's identity among live sessions: source, window, zone and byte-changing options. */
export function liveKey(
  source: ResolvedSource,
  window: { start: number; end: number },
  opts: { tz: string; minMinutes: number; displays?: string },
): string {
  return JSON.stringify([
    source.adapter,
    source.path,
    window.start,
    window.end,
    opts.tz,
    opts.minMinutes,
    opts.displays ?? null,
  ]);
}

/** The retained answer when the source's rows are unchanged, else `undefined`. */
export function liveHit(
  key: string,
  watermark: Watermark,
  observedUntil: number | undefined,
): { doc: ActivityDocument; capture: Capture } | undefined {
  const live = sessions.get(key);
  if (live === undefined || !sameWatermark(live.watermark, watermark)) return undefined;
  sessions.delete(key); // most recently used last
  sessions.set(key, live);
  const doc = live.session.absorb({ observedUntil });
  return { doc, capture: live.session.capture() };
}

/** The previous watermark of a window (so cursor parts count only what is new). */
export function livePrevious(key: string): Watermark | undefined {
  return sessions.get(key)?.watermark;
}

/** Starts (or replaces) a window's session from a fresh read; returns its document. */
export function liveStart(
  key: string,
  watermark: Watermark,
  capture: Capture,
  opts: CompileOptions & { typer: (url: string) => PageRef },
): ActivityDocument {
  const session = startIncremental(capture, opts, opts.typer);
  sessions.delete(key);
  sessions.set(key, { watermark, session });
  while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  return session.document();
}
