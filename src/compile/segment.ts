/**
 * Frames from one stream: key changes and session gaps open frames (SPEC §3.3), short
 * detours fold by the flicker rule (SPEC §3.4).
 *
 * @module
 */

import type { Stream } from "./streams.ts";

/** A detour folded into a frame: its snapshots (stream indices) and dwell credit. */
export interface DraftInterruption {
  app: string;
  site: string | undefined;
  creditMs: number;
  snaps: number[];
}

/** A frame under construction: stream indices of its own snapshots, and its detours. */
export interface DraftFrame {
  key: string;
  app: string;
  site: string | undefined;
  session: number;
  /** Stream indices of the frame's own snapshots, ascending. */
  snaps: number[];
  /** Dwell credit of the own snapshots in ms (interruptions excluded). */
  creditMs: number;
  interruptions: DraftInterruption[];
}

/** Site of a URL: hostname, lower-cased, leading `www.` removed, subdomains kept. */
export type SiteOf = (url: string | undefined) => string | undefined;

/**
 * Segments one stream into frames and folds A→B→A detours whose B dwell is ≤ `flickerMs`.
 * Chains (A B A C A) fold repeatedly; B's seconds and snapshots move to an interruption.
 */
export function segmentStream(stream: Stream, siteOf: SiteOf, flickerMs: number): DraftFrame[] {
  const out: DraftFrame[] = [];
  const { snaps, credit, session } = stream;
  let cur: DraftFrame | undefined;
  for (let i = 0; i < snaps.length; i++) {
    const s = snaps[i];
    const site = siteOf(s.url);
    const key = site === undefined ? s.app + "\u0000" : s.app + "\u0000" + site;
    if (!cur || cur.key !== key || cur.session !== session[i]) {
      cur = {
        key,
        app: s.app,
        site,
        session: session[i],
        snaps: [],
        creditMs: 0,
        interruptions: [],
      };
      out.push(cur);
      foldTail(out, flickerMs);
      cur = out[out.length - 1];
    }
    cur.snaps.push(i);
    cur.creditMs += credit[i];
  }
  foldTail(out, flickerMs);
  return out;
}

/**
 * Folds the last three frames when they read A, B, A in one session with B short.
 * Called when a new frame opens (the previous one is then complete) and at the end.
 */
function foldTail(frames: DraftFrame[], flickerMs: number): void {
  // The newest frame may still be growing; only fold once its predecessor B is complete,
  // i.e. look at [X, Y, Z] where Z is the newest — Z's growth does not change B's dwell.
  while (frames.length >= 3) {
    const z = frames[frames.length - 1];
    const y = frames[frames.length - 2];
    const x = frames[frames.length - 3];
    if (
      x.key !== z.key || x.session !== y.session || y.session !== z.session ||
      y.creditMs > flickerMs
    ) return;
    x.interruptions.push(
      { app: y.app, site: y.site, creditMs: y.creditMs, snaps: y.snaps },
      ...y.interruptions,
      ...z.interruptions,
    );
    for (const i of z.snaps) x.snaps.push(i);
    x.creditMs += z.creditMs;
    frames.length -= 2;
  }
}
