/**
 * In-memory day sessions for long-running processes (the MCP server, `frames compile
 * --watch`): per window, the incremental session (src/compile/incremental.ts) and the
 * source's watermark when its rows were read. While the watermark is unchanged no row is
 * read again: a closed window answers its document, a window still happening only moves
 * its observed edge (recomputed from the retained rows). New rows, for a source whose reads
 * split in time (screenpipe and native files), mean a read of the window's tail only and an
 * absorb of what it gained (see _delta.ts); when the tail cannot explain how the watermark
 * moved, and for every other source, a fresh read and a fresh session — exact, at the cost
 * of one read of the window.
 *
 * @module
 */

import type { ResolvedSource } from "../../adapters/resolve.ts";
import { sameWatermark, type Watermark } from "../cache/mod.ts";
import type { ActivityDocument, Capture, CompileOptions } from "../compile/mod.ts";
import { type IncrementalCompile, startIncremental } from "../compile/incremental.ts";
import type { PageRef } from "../entities/parser.ts";
import type { ReadWindowOptions, RefFloors, WatermarkKeeper } from "../../adapters/types.ts";
import {
  armTail,
  MAX_TAIL_ROWS,
  sameRead,
  tailDelta,
  tailFloors,
  tailStart,
  type TailState,
} from "./_delta.ts";

interface Live {
  watermark: Watermark;
  session: IncrementalCompile;
  /** The source's watermark on a kept connection, closed when the session goes. */
  keeper?: WatermarkKeeper;
  /** Present while the session may read only its tail (see _delta.ts). */
  tail?: TailState;
  /** The tail as read in the same transaction as `watermark` (kept connection), unused yet. */
  pending?: { watermark: Watermark; tail: TailState; read: Capture };
}

/** What the delta read needs from its caller, which knows the source and the settings. */
export interface LiveIo {
  /**
   * Reads a window of the source as it returns it (not redacted), geometry applied; given
   * `read`, the rows already read (on the kept connection) are finished the same way.
   */
  read(
    window: { start: number; end: number; fromRefs?: RefFloors; read?: Capture },
  ): Promise<Capture>;
  /** Measures the source's watermark of the session's window. */
  measure(previous?: Watermark): Watermark;
  /** A page typer that covers every URL of the capture. */
  typer(capture: Capture): Promise<(url: string) => PageRef>;
}

/**
 * How live sessions answered so far (for tests and benches): deltas, of them those whose
 * tail was read in the watermark's transaction (`kept`), arming, and why not.
 */
export const LIVE_COUNTS: {
  delta: number;
  kept: number;
  armed: number;
  fallback: Record<string, number>;
} = { delta: 0, kept: 0, armed: 0, fallback: {} };

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

/**
 * The watermark of a window: on its session's kept connection when it has one, else by
 * `measure` (from the session's previous watermark unless `previous` is given). A session
 * armed for delta reads whose keeper can read there also has its tail read in the same
 * read transaction when the watermark moved, for {@linkcode liveDelta} to take: a row
 * written between the two reads can no longer make the tail disagree with the watermark.
 */
export function liveMeasure(
  key: string,
  window: ReadWindowOptions,
  measure: (window: ReadWindowOptions, previous?: Watermark) => Watermark,
  previous: Watermark | undefined = livePrevious(key),
): Watermark {
  const live = sessions.get(key);
  const keeper = live?.keeper;
  if (live === undefined || keeper === undefined) return measure(window, previous);
  live.pending = undefined;
  const tail = live.tail;
  if (tail === undefined || keeper.measureRead === undefined) {
    return keeper.measure(window, previous);
  }
  const was = live.watermark;
  const got = keeper.measureRead(
    window,
    previous,
    tailWindow(tail),
    (now) => !sameWatermark(now, was),
  );
  if (got.tail !== undefined) live.pending = { watermark: got.watermark, tail, read: got.tail };
  return got.watermark;
}

/** The window a session's tail is read over. */
function tailWindow(tail: TailState): { start: number; end: number; fromRefs?: RefFloors } {
  const { start, fromRefs } = tail;
  return { start, end: tail.read.window.end, ...fromRefs && { fromRefs } };
}

/**
 * Starts (or replaces) a window's session from a fresh read; returns its document. A new
 * session takes its watermark keeper from `keep` (a replaced one keeps its own).
 */
export function liveStart(
  key: string,
  watermark: Watermark,
  capture: Capture,
  opts: CompileOptions & { typer: (url: string) => PageRef },
  keep?: () => WatermarkKeeper,
): ActivityDocument {
  const session = startIncremental(capture, opts, opts.typer);
  const keeper = sessions.get(key)?.keeper ?? keep?.();
  sessions.delete(key);
  sessions.set(key, { watermark, session, ...(keeper !== undefined ? { keeper } : {}) });
  while (sessions.size > MAX_SESSIONS) liveDrop(sessions.keys().next().value!);
  return session.document();
}

/** Drops a window's session, closing what it keeps open. */
export function liveDrop(key: string): void {
  const live = sessions.get(key);
  sessions.delete(key);
  live?.keeper?.close();
}

/**
 * Arms a window's session for delta reads: reads its tail once at the session's watermark
 * (checked again after the read, so the tail and the session are the same rows).
 */
export async function liveArm(key: string, io: LiveIo): Promise<boolean> {
  const live = sessions.get(key);
  if (live === undefined) return false;
  const capture = live.session.capture();
  const start = tailStart(capture);
  if (start === undefined) return false;
  let tail: TailState | undefined;
  try {
    const read = await io.read({ start, end: capture.window.end });
    const now = io.measure(live.watermark);
    if (!sameWatermark(now, live.watermark)) return false;
    tail = armTail(capture, read, start, hostsOf(capture));
    // Later tails by id when that read is the same as the one by time (still at the
    // session's watermark): the timestamp index scan is most of a tail read's cost.
    const fromRefs = tail && tailFloors(read, capture);
    if (tail !== undefined && fromRefs !== undefined) {
      const byId = await io.read({ start, end: capture.window.end, fromRefs });
      if (sameRead(byId, read) && sameWatermark(io.measure(live.watermark), live.watermark)) {
        // The same rows; the read by id also counts what it leaves out (`unread`), as the
        // later reads by id will, so theirs are compared with its.
        tail = { ...tail, read: byId, fromRefs };
      }
    }
  } catch {
    return false; // the full read stays the way, and reports errors in its own words
  }
  if (tail === undefined) return false;
  live.tail = tail;
  LIVE_COUNTS.armed++;
  return true;
}

/**
 * Answers a window whose watermark moved by reading only its tail, or `undefined` when the
 * session is not armed or the tail cannot explain the move (the caller then reads it all).
 */
export async function liveDelta(
  key: string,
  watermark: Watermark,
  observedUntil: number | undefined,
  io: LiveIo,
): Promise<{ doc: ActivityDocument; capture: Capture } | undefined> {
  const live = sessions.get(key);
  const tail = live?.tail;
  if (live === undefined || tail === undefined) return undefined;
  live.tail = undefined; // re-armed below only when this delta is absorbed
  const pending = live.pending;
  live.pending = undefined;
  const kept = pending !== undefined && pending.watermark === watermark && pending.tail === tail;
  let got;
  try {
    const window = tailWindow(tail);
    const read = await io.read(kept ? { ...window, read: pending.read } : window);
    got = tailDelta(tail, read, { was: live.watermark, now: watermark });
  } catch {
    got = "read";
  }
  if (typeof got === "string") {
    LIVE_COUNTS.fallback[got] = (LIVE_COUNTS.fallback[got] ?? 0) + 1;
    return undefined;
  }
  const { delta, next } = got;
  let typer;
  const added = newHosts(next.hosts, delta);
  if (added !== undefined) {
    const capture = live.session.capture();
    typer = await io.typer({
      ...capture,
      snapshots: [...capture.snapshots, ...delta.snapshots ?? []],
      events: [...capture.events, ...delta.events ?? []],
    });
    next.hosts = added;
  }
  const doc = live.session.absorb({ ...delta, observedUntil, ...(typer ? { typer } : {}) });
  live.watermark = watermark;
  live.tail = next;
  LIVE_COUNTS.delta++;
  if (kept) LIVE_COUNTS.kept++;
  const held = next.read.snapshots.length + next.read.events.length;
  if (held > MAX_TAIL_ROWS) await liveArm(key, io);
  return { doc, capture: live.session.capture() };
}

/** Whether a URL is one the page typer types by its host (as loadTyperForUrls reads it). */
// deno-lint-ignore no-control-regex
const WEB = /^[\u0000-\u0020]*https?:/i;

function hostsOf(capture: Capture): Set<string> | undefined {
  let any = false;
  const hosts = new Set<string>();
  for (const r of [...capture.snapshots, ...capture.events]) {
    if (!r.url) continue;
    any = true;
    if (WEB.test(r.url)) {
      const host = URL.parse(r.url)?.hostname;
      if (host) hosts.add(host);
    }
  }
  return any ? hosts : undefined;
}

/** The hosts a typer must cover once the delta is in, or `undefined` when the current one does. */
function newHosts(
  hosts: Set<string> | undefined,
  delta: {
    snapshots?: readonly Capture["snapshots"][number][];
    events?: readonly Capture["events"][number][];
  },
): Set<string> | undefined {
  const mine = hostsOf({ snapshots: delta.snapshots ?? [], events: delta.events ?? [] } as Capture);
  if (mine === undefined) return undefined;
  if (hosts !== undefined && [...mine].every((h) => hosts.has(h))) return undefined;
  return new Set([...hosts ?? [], ...mine]);
}
