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

import type { BuiltFrame } from "./build.ts";
import type { Frame } from "./document.ts";
import { frameDoc, type FrameDocContext } from "./frame_doc.ts";
import { RESOLUTIONS } from "./enrich/resolve.ts";
import type { ResolutionCounts } from "./enrich/counts.ts";

interface Entry {
  key: unknown[];
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
}

/** An empty {@linkcode FrameDocMemo} for one session. */
export function frameDocMemo(): FrameDocMemo {
  return { entries: new Map(), built: 0 };
}

/** Writes a key (`check` false) or compares one with it value by value (`check` true). */
class Key {
  i = 0;
  ok = true;
  constructor(readonly values: unknown[], readonly check: boolean) {}
  put(v: unknown): void {
    if (!this.check) this.values.push(v);
    else if (this.ok && this.values[this.i++] !== v) this.ok = false;
  }
  matched(): boolean {
    return this.ok && this.i === this.values.length;
  }
}

function walk(f: BuiltFrame, ctx: FrameDocContext, key: Key): void {
  key.put(f.id), key.put(f.display), key.put(f.machine), key.put(f.app), key.put(f.site);
  key.put(f.startMs), key.put(f.endMs), key.put(f.durationMs);
  key.put(f.focusedMs), key.put(f.presenceMs);
  key.put(ctx.time), key.put(ctx.pageOf), key.put(ctx.focus), key.put(ctx.levels !== undefined);
  const st = f.stream;
  key.put(f.snaps.length);
  for (let j = 0; j < f.snaps.length && key.ok; j++) {
    const i = f.snaps[j], s = st.snaps[i];
    key.put(s.ref), key.put(s.title), key.put(s.url), key.put(st.credit[i]);
  }
  key.put(f.events.length);
  for (let j = 0; j < f.events.length && key.ok; j++) {
    const e = f.events[j];
    key.put(e.ref), key.put(e.kind), key.put(e.chars);
    key.put(ctx.stale?.has(e) === true);
    key.put(e.kind === "click" ? ctx.levels?.get(e) : undefined);
  }
  key.put(f.interruptions.length);
  for (const x of f.interruptions) {
    key.put(x.app), key.put(x.site), key.put(x.creditMs), key.put(x.snapRefs.length);
    for (const r of x.snapRefs) key.put(r);
    key.put(x.events.length);
    for (const e of x.events) key.put(e.ref), key.put(e.kind), key.put(e.chars);
  }
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
  if (old !== undefined) {
    const key = new Key(old.key, true);
    walk(f, ctx, key);
    if (key.matched()) {
      addTo(ctx.totals, old.added);
      next.set(f.id, old);
      return old.doc;
    }
  }
  const before = RESOLUTIONS.map((r) => ctx.totals[r]);
  const doc = frameDoc(f, ctx);
  const added = RESOLUTIONS.map((r, i) => ctx.totals[r] - before[i]);
  const key = new Key([], false);
  walk(f, ctx, key);
  next.set(f.id, { key: key.values, doc, added } satisfies Entry);
  memo.built++;
  return doc;
}

function addTo(totals: ResolutionCounts, added: readonly number[]): void {
  for (let i = 0; i < RESOLUTIONS.length; i++) totals[RESOLUTIONS[i]] += added[i];
}
