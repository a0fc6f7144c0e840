/**
 * Frames from one stream (SPEC §3.3): a change of `(app, site)` or a session gap opens a
 * new frame. Short detours are folded afterwards, by `fold.ts`.
 *
 * @module
 */

import type { SiteOf } from "./site.ts";
import type { Stream } from "./streams.ts";

/** A detour folded into a frame: its snapshots (stream indices) and dwell credit. */
export interface DraftInterruption {
  /** The detour's app. */
  app: string;
  /** The detour's site, when it showed a URL. */
  site: string | undefined;
  /** Dwell credit of the detour in ms, kept apart from the frame's own. */
  creditMs: number;
  /** Stream indices of the detour's snapshots. */
  snaps: number[];
}

/** A frame under construction: stream indices of its own snapshots, and its detours. */
export interface DraftFrame {
  /** `app NUL site`: what must change for a new frame to open. */
  key: string;
  /** The frame's app. */
  app: string;
  /** The frame's site, when it showed a URL. */
  site: string | undefined;
  /** Session number of its snapshots: frames never span a session gap. */
  session: number;
  /** Stream indices of the frame's own snapshots, ascending. */
  snaps: number[];
  /** Dwell credit of the own snapshots in ms (interruptions excluded). */
  creditMs: number;
  /** Detours folded into the frame, in time order. */
  interruptions: DraftInterruption[];
}

/**
 * Splits one stream into runs of one `(app, site)` key within one session, in time order;
 * `from` (the first snapshot of a run) starts the split there, for a tail recompute.
 */
export function segmentStream(stream: Stream, siteOf: SiteOf, from = 0): DraftFrame[] {
  const out: DraftFrame[] = [];
  const { snaps, credit, session } = stream;
  let cur: DraftFrame | undefined;
  for (let i = from; i < snaps.length; i++) {
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
    }
    cur.snaps.push(i);
    cur.creditMs += credit[i];
  }
  return out;
}
