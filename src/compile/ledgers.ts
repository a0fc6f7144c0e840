/**
 * The app ledger and the site roll-up (SPEC §4): minutes deduplicated across displays,
 * frame counts over every frame (listed or omitted, so short frames still count), most
 * time first with ties broken by name for a total order.
 *
 * @module
 */

import type { BuiltFrame } from "./build.ts";
import type { LedgerEntry, SiteEntry } from "./document.ts";
import { byKey, minutes, topKeys } from "./frame_doc.ts";
import { appFocusMs, appMs, siteMs, type Tally } from "./tally.ts";

/** The two roll-ups of a document. */
export interface Ledgers {
  /** One entry per app seen, most visible minutes first. */
  ledger: LedgerEntry[];
  /** One entry per site seen (as a frame or only as a detour), most minutes first. */
  sites: SiteEntry[];
}

/** Builds the ledger and the site roll-up from every frame and the tally. */
export function buildLedgers(
  frames: readonly BuiltFrame[],
  tally: Tally,
  focus: boolean,
): Ledgers {
  const appFrames = new Map<string, { frames: number; longest: number }>();
  for (const app of tally.apps) appFrames.set(app, { frames: 0, longest: 0 });
  const siteFrames = new Map<string, number>();
  // Every site seen, even one only ever folded away as a detour, is in the roll-up.
  for (const site of tally.sites) siteFrames.set(site, 0);
  for (const f of frames) {
    const a = appFrames.get(f.app)!;
    a.frames++;
    if (f.durationMs > a.longest) a.longest = f.durationMs;
    if (f.site !== undefined) siteFrames.set(f.site, (siteFrames.get(f.site) ?? 0) + 1);
  }
  const ledger: LedgerEntry[] = [...appFrames.entries()]
    .map(([app, a]) => ({ app, ms: appMs(tally, app), a }))
    .sort((x, y) => y.ms - x.ms || byKey(x.app, y.app))
    .map(({ app, ms, a }) => ({
      app,
      minutes: minutes(ms),
      ...(focus ? { focused_minutes: minutes(appFocusMs(tally, app)) } : {}),
      frames: a.frames,
      longest_min: minutes(a.longest),
      windows: topKeys(tally.titles.get(app) ?? new Map(), 3),
    }));
  const sites: SiteEntry[] = [...siteFrames.entries()]
    .map(([site, n]) => ({ site, ms: siteMs(tally, site), n }))
    .sort((x, y) => y.ms - x.ms || byKey(x.site, y.site))
    .map(({ site, ms, n }) => ({ site, minutes: minutes(ms), frames: n }));
  return { ledger, sites };
}
