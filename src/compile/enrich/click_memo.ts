/**
 * Click levels remembered across the compiles of one incremental session
 * (src/compile/incremental.ts): a click keeps its level while everything
 * {@linkcode classifyClicks} reads for it is unchanged, and only new clicks and clicks whose
 * inputs moved are classified again (in one batch, as before: a click's level never depends
 * on the other clicks of the batch).
 *
 * What one click's level reads (resolve.ts, `run`), and so what its entry keys on:
 * - the event: its recorded element name and role, its point, time and ref, its own
 *   snapshot link;
 * - its display (the stream's) and that display's geometry in force — told, measured or
 *   inferred — by value (origin and size);
 * - the snapshot it belongs to (`primaryRef`: the source's link, else its dwell interval's,
 *   where stale attribution moves it), and the lookup that answers for that snapshot, by
 *   identity ({@linkcode answeringLookup}: a lookup object answers a probe the same way for
 *   its life, and a session replaces the lookup rather than change one);
 * - when that snapshot had no element rows: the nearby snapshots the rescue probes, in its
 *   order, and the lookup answering each;
 * - the lookup's presence and units, the tolerance and the rescue's reach.
 * The stale records and the streams reach a level only through the snapshot and the nearby
 * list, which are compared themselves, so neither is kept.
 *
 * @module
 */

import type { DisplayGeometry, ElementLookup, InputEvent } from "../../model.ts";
import { NEARBY_MS, TOLERANCE_PX } from "../rules.ts";
import {
  classifyClicks,
  type ClickInput,
  nearbyRefs,
  primaryRef,
  type Resolution,
  type ResolveOptions,
} from "./resolve.ts";
import { answeringLookup } from "./split_lookup.ts";

interface Entry {
  at: number;
  ref: number;
  x: number | undefined;
  y: number | undefined;
  snapshotRef: number | undefined;
  name: string | undefined;
  role: string | undefined;
  display: string;
  geometry: string;
  units: string | undefined;
  tolerance: number;
  reach: number;
  own: number;
  by: ElementLookup | undefined;
  /** The rescue's snapshots and their answering lookups, when the own snapshot had no rows. */
  rescue: number[] | undefined;
  rescueBy: (ElementLookup | undefined)[] | undefined;
  level: Resolution;
}

/** One session's remembered click levels, by event. */
export interface ClickMemo {
  /** The entries of the clicks of the last compile. */
  entries: Map<InputEvent, unknown>;
  /** Clicks classified (not remembered) so far, for tests and benches. */
  classified: number;
  /**
   * {@linkcode classifyRemembered} through this memo (a method, so the one-off compile path
   * never loads this module: enrich/mod.ts imports its type only).
   */
  classify(clicks: readonly ClickInput[], opts: ResolveOptions): Resolution[];
}

/** An empty {@linkcode ClickMemo} for one session. */
export function clickMemo(): ClickMemo {
  const memo: ClickMemo = {
    entries: new Map(),
    classified: 0,
    classify: (clicks, opts) => classifyRemembered(clicks, opts, memo),
  };
  return memo;
}

function geometryKey(g: DisplayGeometry | undefined): string {
  return g === undefined ? "" : `${g.x} ${g.y} ${g.width} ${g.height}`;
}

/**
 * {@linkcode classifyClicks} through a session's memo: the same levels, in input order;
 * the memo then holds exactly the entries of these clicks.
 */
export function classifyRemembered(
  clicks: readonly ClickInput[],
  opts: ResolveOptions,
  memo: ClickMemo,
): Resolution[] {
  const tolerance = opts.tolerancePx ?? TOLERANCE_PX;
  const reach = opts.nearbyMs ?? NEARBY_MS;
  const lookup = opts.lookup;
  const units = lookup?.units;
  // As resolve.ts reads geometry: by display name, the last entry of a name winning.
  const geometry = new Map<string, string>();
  for (const d of opts.displays) geometry.set(d.display, geometryKey(d));
  const by = (ref: number) => lookup === undefined ? undefined : answeringLookup(lookup, ref);
  const out: Resolution[] = new Array(clicks.length);
  const next = new Map<InputEvent, unknown>();
  const missed: number[] = [];
  for (let k = 0; k < clicks.length; k++) {
    const c = clicks[k], ev = c.event;
    const old = memo.entries.get(ev) as Entry | undefined;
    if (
      old !== undefined && old.at === ev.at && old.ref === ev.ref && old.x === ev.x &&
      old.y === ev.y && old.snapshotRef === ev.snapshotRef && old.name === ev.element?.name &&
      old.role === ev.element?.role && old.display === c.stream.display &&
      old.geometry === (geometry.get(c.stream.display) ?? "") && old.units === units &&
      old.tolerance === tolerance && old.reach === reach && old.own === primaryRef(c) &&
      old.by === by(old.own) && sameRescue(old, c, reach, by)
    ) {
      out[k] = old.level;
      next.set(ev, old);
    } else missed.push(k);
  }
  if (missed.length > 0) {
    const ownMissed: boolean[] = [];
    const batch = missed.map((k) => clicks[k]);
    const levels = classifyClicks(batch, opts, ownMissed);
    memo.classified += batch.length;
    batch.forEach((c, i) => {
      const ev = c.event, own = primaryRef(c);
      const rescue = ownMissed[i] === true ? nearbyRefs(c, reach) : undefined;
      const entry: Entry = {
        at: ev.at,
        ref: ev.ref,
        x: ev.x,
        y: ev.y,
        snapshotRef: ev.snapshotRef,
        name: ev.element?.name,
        role: ev.element?.role,
        display: c.stream.display,
        geometry: geometry.get(c.stream.display) ?? "",
        units,
        tolerance,
        reach,
        own,
        by: by(own),
        rescue,
        rescueBy: rescue?.map(by),
        level: levels[i],
      };
      out[missed[i]] = levels[i];
      next.set(ev, entry);
    });
  }
  memo.entries = next;
  return out;
}

function sameRescue(
  old: Entry,
  c: ClickInput,
  reach: number,
  by: (ref: number) => ElementLookup | undefined,
): boolean {
  if (old.rescue === undefined) return true;
  const now = nearbyRefs(c, reach);
  if (now.length !== old.rescue.length) return false;
  for (let i = 0; i < now.length; i++) {
    if (now[i] !== old.rescue[i] || by(now[i]) !== old.rescueBy![i]) return false;
  }
  return true;
}
