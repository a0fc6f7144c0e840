/**
 * Frame documents remembered across the compiles of one incremental session
 * (src/compile/incremental.ts): one new minute changes one or two of a day's frames, and
 * {@linkcode frameDoc} is a function of exactly what the key below holds, so a frame whose
 * key is unchanged gets the very document it got before.
 *
 * The key, value by value, is everything `frameDoc` reads:
 * - the frame's own fields: id, display, machine, app, site, start, end, duration,
 *   focused and presence credit;
 * - per own snapshot: its ref, title, URL and dwell credit;
 * - per own event: its ref, kind and characters (counts, evidence), whether stale
 *   attribution moved it and, for a click, its resolution level;
 * - per interruption: its app, site, credit, snapshot refs and events (ref, kind,
 *   characters);
 * - the context: `time` and `pageOf` by identity (settled once per session, replaced when
 *   the typer changes; both pure), whether focus is measured and whether enrichment ran.
 * A hit replays what building the document did besides returning it: the clicks it added
 * to the listing's totals per resolution level (`withEnrichedCounts`).
 *
 * @module
 */

import type { InputEvent } from "../model.ts";
import type { BuiltFrame } from "./build.ts";
import type { Frame } from "./document.ts";
import { frameDoc, type FrameDocContext } from "./frame_doc.ts";
import { RESOLUTIONS } from "./enrich/resolve.ts";
import type { ResolutionCounts } from "./enrich/counts.ts";

interface Entry {
  /** The frame's own fields and the context, in {@linkcode head} order. */
  head: unknown[];
  /** Per own snapshot: ref and dwell credit; title and URL. */
  snapRefs: Float64Array;
  credits: Float64Array;
  titles: (string | undefined)[];
  urls: (string | undefined)[];
  /** Per own event: ref; kind; characters; stale (1) and the click's level (RESOLUTIONS + 2). */
  eventRefs: Float64Array;
  kinds: string[];
  chars: (number | undefined)[];
  flags: Uint8Array;
  /** The interruptions, value by value. */
  detours: unknown[];
  doc: Frame;
  /** What the document added to the listing's totals, per level in RESOLUTIONS order. */
  added: number[];
}

/** One session's remembered frame documents, by frame id. */
export interface FrameDocMemo {
  /** The entries of the frames listed by the last compile. */
  entries: Map<string, unknown>;
  /** Documents built (not remembered) so far, for tests and benches. */
  built: number;
  /**
   * {@linkcode rememberedFrameDoc} through this memo (a method, so the one-off compile path
   * never loads this module: listing.ts imports its type only).
   */
  doc(f: BuiltFrame, ctx: FrameDocContext, next: Map<string, unknown>): Frame;
}

/** An empty {@linkcode FrameDocMemo} for one session. */
export function frameDocMemo(): FrameDocMemo {
  const memo: FrameDocMemo = {
    entries: new Map(),
    built: 0,
    doc: (f, ctx, next) => rememberedFrameDoc(f, ctx, memo, next),
  };
  return memo;
}

function head(f: BuiltFrame, ctx: FrameDocContext): unknown[] {
  return [
    f.id,
    f.display,
    f.machine,
    f.app,
    f.site,
    f.startMs,
    f.endMs,
    f.durationMs,
    f.focusedMs,
    f.presenceMs,
    ctx.time,
    ctx.pageOf,
    ctx.focus,
    ctx.levels !== undefined,
  ];
}

/** An event's flags: bit 0 stale; the click's level as its RESOLUTIONS index + 1, shifted. */
function flagsOf(e: InputEvent, ctx: FrameDocContext): number {
  const stale = ctx.stale?.has(e) === true ? 1 : 0;
  if (e.kind !== "click" || ctx.levels === undefined) return stale;
  const level = ctx.levels.get(e);
  return stale | ((level === undefined ? 0 : RESOLUTIONS.indexOf(level) + 1) << 1);
}

function detours(f: BuiltFrame): unknown[] {
  const out: unknown[] = [f.interruptions.length];
  for (const x of f.interruptions) {
    out.push(x.app, x.site, x.creditMs, x.snapRefs.length, ...x.snapRefs, x.events.length);
    for (const e of x.events) out.push(e.ref, e.kind, e.chars);
  }
  return out;
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `f` under `ctx` has exactly the key `old` was built under. */
function matches(old: Entry, f: BuiltFrame, ctx: FrameDocContext): boolean {
  if (!sameValues(old.head, head(f, ctx))) return false;
  const st = f.stream, snaps = f.snaps, events = f.events;
  if (snaps.length !== old.snapRefs.length || events.length !== old.eventRefs.length) return false;
  for (let j = 0; j < snaps.length; j++) {
    const i = snaps[j], s = st.snaps[i];
    if (
      s.ref !== old.snapRefs[j] || st.credit[i] !== old.credits[j] ||
      s.title !== old.titles[j] || s.url !== old.urls[j]
    ) return false;
  }
  for (let j = 0; j < events.length; j++) {
    const e = events[j];
    if (
      e.ref !== old.eventRefs[j] || e.kind !== old.kinds[j] || e.chars !== old.chars[j] ||
      flagsOf(e, ctx) !== old.flags[j]
    ) return false;
  }
  return f.interruptions.length === 0
    ? old.detours.length === 1 && old.detours[0] === 0
    : sameValues(old.detours, detours(f));
}

function record(f: BuiltFrame, ctx: FrameDocContext, doc: Frame, added: number[]): Entry {
  const st = f.stream, n = f.snaps.length, m = f.events.length;
  const e: Entry = {
    head: head(f, ctx),
    snapRefs: new Float64Array(n),
    credits: new Float64Array(n),
    titles: new Array(n),
    urls: new Array(n),
    eventRefs: new Float64Array(m),
    kinds: new Array(m),
    chars: new Array(m),
    flags: new Uint8Array(m),
    detours: detours(f),
    doc,
    added,
  };
  for (let j = 0; j < n; j++) {
    const i = f.snaps[j], s = st.snaps[i];
    e.snapRefs[j] = s.ref, e.credits[j] = st.credit[i], e.titles[j] = s.title, e.urls[j] = s.url;
  }
  for (let j = 0; j < m; j++) {
    const ev = f.events[j];
    e.eventRefs[j] = ev.ref, e.kinds[j] = ev.kind, e.chars[j] = ev.chars;
    e.flags[j] = flagsOf(ev, ctx);
  }
  return e;
}

/**
 * {@linkcode frameDoc} through a session's memo: the same document (the remembered object
 * on a hit) and the same additions to `ctx.totals`. `next` collects the entries of this
 * compile (the caller makes it the memo's once every frame is done).
 */
export function rememberedFrameDoc(
  f: BuiltFrame,
  ctx: FrameDocContext,
  memo: FrameDocMemo,
  next: Map<string, unknown>,
): Frame {
  const old = memo.entries.get(f.id) as Entry | undefined;
  if (old !== undefined && matches(old, f, ctx)) {
    addTo(ctx.totals, old.added);
    next.set(f.id, old);
    return old.doc;
  }
  const before = RESOLUTIONS.map((r) => ctx.totals[r]);
  const doc = frameDoc(f, ctx);
  const added = RESOLUTIONS.map((r, i) => ctx.totals[r] - before[i]);
  next.set(f.id, record(f, ctx, doc, added));
  memo.built++;
  return doc;
}

function addTo(totals: ResolutionCounts, added: readonly number[]): void {
  for (let i = 0; i < RESOLUTIONS.length; i++) totals[RESOLUTIONS[i]] += added[i];
}
