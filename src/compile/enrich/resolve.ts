/**
 * Click resolution (SPEC §8): a click without an element name is resolved against the
 * element rows of its snapshot — or of a snapshot of the same display within a few seconds
 * that has rows — by exact containment, then a ±40 px tolerance, then the screen zone.
 * Coordinates go through display geometry, so a second monitor's clicks resolve too.
 *
 * Element rows are looked up lazily, in at most two batches (own snapshots, then nearby
 * ones for the clicks whose snapshot had none), and only for clicks that need them.
 *
 * @module
 */

import type {
  DisplayGeometry,
  Element,
  ElementHits,
  ElementLevels,
  ElementLookup,
  ElementProbe,
  InputEvent,
} from "../../model.ts";
import { isNamed, probeBox, touches } from "./probe.ts";
import { lastAtOrBefore, type Stream } from "../streams.ts";
import { pickElement, type PlacedElement } from "./pick.ts";
import { screenZone, type Zone } from "./zone.ts";
import { NEARBY_MS, TOLERANCE_PX } from "../rules.ts";

/** How a click's target was found. */
export type Resolution = "native" | "exact" | "tolerance" | "zone" | "none";

/** Every resolution level, best first. */
export const RESOLUTIONS: readonly Resolution[] = ["native", "exact", "tolerance", "zone", "none"];

/** A click's resolved target. */
export interface ClickTarget {
  /** How the target was found, best level first. */
  resolution: Resolution;
  /** 0..1, two decimals: 1 native, 0.9 exact, 0.4–0.7 tolerance by distance, 0.2 zone, 0 none. */
  confidence: number;
  /** The element's name, when one was found. */
  name?: string;
  /** The element's role, when one was found. */
  role?: string;
  /** The screen zone of the click, when only the zone is known. */
  zone?: Zone;
  /** The snapshot whose element rows resolved the click. */
  snapshotRef?: number;
  /** When a nearby snapshot's rows resolved it: its time minus the click's, in ms. */
  nearbyMs?: number;
  /** Pixels from the click to the element's box (tolerance level). */
  distancePx?: number;
}

/** A click with the stream and snapshot index it is attributed to. */
export interface ClickInput {
  /** The click event. */
  event: InputEvent;
  /** The stream of the click's display. */
  stream: Stream;
  /** Index of the snapshot (in `stream`) the click belongs to. */
  index: number;
}

/** Options for {@linkcode resolveClicks}. */
export interface ResolveOptions {
  /** Display geometry by display name. */
  /** Display geometry by display name. */
  displays: readonly DisplayGeometry[];
  /** The capture's element lookup (absent: only native names and zones resolve). */
  /** The capture's element lookup (absent: only native names and zones resolve). */
  lookup?: ElementLookup;
  /** Tolerance on each axis in pixels (default 40). */
  tolerancePx?: number;
  /** How far a rescuing snapshot may be from the click, in ms (default 5000). */
  nearbyMs?: number;
}

/** At most this many nearby snapshots are probed per click. */
const NEARBY_LIMIT = 6;

interface Pending {
  k: number;
  lx: number;
  ly: number;
  geometry: DisplayGeometry | undefined;
  input: ClickInput;
  tolerance: number;
  units: "px" | "normalized";
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Resolves every click, in input order, with the element each one hit. */
export function resolveClicks(
  clicks: readonly ClickInput[],
  opts: ResolveOptions,
): ClickTarget[] {
  const lookup = opts.lookup;
  return run(clicks, opts, (probes) => lookup!.near(probes), fromHits);
}

/**
 * The resolution level of every click, in input order — what documents count. Asks the
 * lookup only yes/no questions when it can (`levels`), which reads far fewer rows than
 * {@linkcode resolveClicks}; both always agree on the level. `ownMissed[k]` is set when
 * click `k`'s own snapshot had no element rows, so its level also depends on the snapshots
 * near it ({@linkcode nearbyRefs}; the session's click memo keys on them, click_memo.ts).
 */
export function classifyClicks(
  clicks: readonly ClickInput[],
  opts: ResolveOptions,
  ownMissed?: boolean[],
): Resolution[] {
  const lookup = opts.lookup;
  const levels = lookup?.levels !== undefined
    ? (probes: readonly ElementProbe[]) => lookup.levels!(probes)
    : (probes: readonly ElementProbe[]) => levelsFromHits(lookup!.near(probes), probes);
  return run(clicks, opts, levels, fromLevels, ownMissed).map((t) => t.resolution);
}

/** The shared flow: native names, then own snapshots, then the nearby rescue, then zones. */
function run<H extends { any: boolean }>(
  clicks: readonly ClickInput[],
  opts: ResolveOptions,
  query: (probes: readonly ElementProbe[]) => H[],
  finish: (p: Pending, hit: H, ref: number, nearbyMs: number | undefined) => ClickTarget,
  ownMissed?: boolean[],
): ClickTarget[] {
  const tolerance = opts.tolerancePx ?? TOLERANCE_PX;
  const nearbyMs = opts.nearbyMs ?? NEARBY_MS;
  const geometry = new Map(opts.displays.map((d) => [d.display, d]));
  const lookup = opts.lookup;
  const out: ClickTarget[] = new Array(clicks.length);
  const pending: Pending[] = [];
  for (let k = 0; k < clicks.length; k++) {
    const c = clicks[k];
    const ev = c.event;
    const el = ev.element;
    if (el?.name !== undefined && /[^ \t\n\r]/.test(el.name)) {
      out[k] = {
        resolution: "native",
        confidence: 1,
        name: el.name,
        ...(el.role !== undefined ? { role: el.role } : {}),
      };
      continue;
    }
    const g = geometry.get(c.stream.display);
    if (ev.x === undefined || ev.y === undefined) {
      out[k] = none(ev);
      continue;
    }
    const lx = ev.x - (g?.x ?? 0), ly = ev.y - (g?.y ?? 0);
    if (lookup !== undefined && (lookup.units === "px" || g !== undefined)) {
      pending.push({ k, lx, ly, geometry: g, input: c, tolerance, units: lookup.units });
    } else {
      out[k] = fallback(c, lx, ly, g);
    }
  }
  if (pending.length === 0) return out;
  const own = query(pending.map((p) => toProbe(p, primaryRef(p.input))));
  const rescue: { p: Pending; refs: { ref: number; at: number }[] }[] = [];
  pending.forEach((p, i) => {
    if (own[i].any) {
      out[p.k] = finish(p, own[i], primaryRef(p.input), undefined);
      return;
    }
    if (ownMissed !== undefined) ownMissed[p.k] = true;
    const refs = nearby(p.input, nearbyMs);
    if (refs.length === 0) out[p.k] = fallback(p.input, p.lx, p.ly, p.geometry);
    else rescue.push({ p, refs });
  });
  if (rescue.length === 0) return out;
  const probes: ElementProbe[] = [];
  for (const r of rescue) for (const n of r.refs) probes.push(toProbe(r.p, n.ref));
  const hits = query(probes);
  let h = 0;
  for (const r of rescue) {
    let done = false;
    for (const n of r.refs) {
      const hit = hits[h++];
      if (done || !hit.any) continue;
      done = true;
      out[r.p.k] = finish(r.p, hit, n.ref, n.at - r.p.input.event.at);
    }
    if (!done) out[r.p.k] = fallback(r.p.input, r.p.lx, r.p.ly, r.p.geometry);
  }
  return out;
}

function levelsFromHits(hits: ElementHits[], probes: readonly ElementProbe[]): ElementLevels[] {
  return hits.map((h, i) => {
    const exact = probeBox(probes[i], false), near = probeBox(probes[i], true);
    const named = h.elements.filter(isNamed);
    return {
      any: h.any,
      exact: named.some((e) => touches(e.bounds, exact)),
      near: named.some((e) => touches(e.bounds, near)),
    };
  });
}

function fromLevels(p: Pending, hit: ElementLevels): ClickTarget {
  if (hit.exact) return { resolution: "exact", confidence: 0 };
  if (hit.near) return { resolution: "tolerance", confidence: 0 };
  return fallback(p.input, p.lx, p.ly, p.geometry);
}

/** The snapshot a click belongs to: the source's own link, else its dwell interval's. */
export function primaryRef(c: ClickInput): number {
  return c.event.snapshotRef ?? c.stream.snaps[c.index].ref;
}

function toProbe(p: Pending, ref: number): ElementProbe {
  const t = p.tolerance;
  if (p.units === "px") {
    return { snapshotRef: ref, x: p.input.event.x!, y: p.input.event.y!, dx: t, dy: t };
  }
  const g = p.geometry!;
  // Each axis in its own units: 40 px is 40/width across and 40/height down.
  return {
    snapshotRef: ref,
    x: p.lx / g.width,
    y: p.ly / g.height,
    dx: t / g.width,
    dy: t / g.height,
  };
}

/** The refs of the snapshots a click's nearby rescue probes, in the order it probes them. */
export function nearbyRefs(c: ClickInput, reach: number = NEARBY_MS): number[] {
  return nearby(c, reach).map((n) => n.ref);
}

/** Snapshots of the click's display within reach, nearest first (ties: the earlier). */
function nearby(c: ClickInput, reach: number): { ref: number; at: number }[] {
  const { stream, event } = c;
  const own = primaryRef(c);
  const t = event.at;
  const out: { ref: number; at: number; d: number; i: number }[] = [];
  const start = lastAtOrBefore(stream, t);
  for (let i = start; i >= 0 && t - stream.at[i] <= reach; i--) {
    if (stream.snaps[i].ref !== own) {
      out.push({ ref: stream.snaps[i].ref, at: stream.at[i], d: t - stream.at[i], i });
    }
  }
  for (let i = start + 1; i < stream.snaps.length && stream.at[i] - t <= reach; i++) {
    if (stream.snaps[i].ref !== own) {
      out.push({ ref: stream.snaps[i].ref, at: stream.at[i], d: stream.at[i] - t, i });
    }
  }
  out.sort((a, b) => a.d - b.d || a.i - b.i);
  return out.slice(0, NEARBY_LIMIT).map(({ ref, at }) => ({ ref, at }));
}

function place(p: Pending, e: Element): PlacedElement {
  const b = e.bounds;
  if (e.units === "px") {
    const g = p.geometry;
    return {
      element: e,
      x: b.x - (g?.x ?? 0),
      y: b.y - (g?.y ?? 0),
      width: b.width,
      height: b.height,
    };
  }
  const g = p.geometry!;
  return {
    element: e,
    x: b.x * g.width,
    y: b.y * g.height,
    width: b.width * g.width,
    height: b.height * g.height,
  };
}

function fromHits(
  p: Pending,
  hit: ElementHits,
  ref: number,
  nearbyMs: number | undefined,
): ClickTarget {
  const tolerance = p.tolerance;
  // The level is decided in the lookup's units, exactly as `levels` decides it.
  const probe = toProbe(p, ref);
  const exactBox = probeBox(probe, false), nearBox = probeBox(probe, true);
  const placed = hit.elements.map((e) => {
    const level: PlacedElement["level"] = touches(e.bounds, exactBox)
      ? "exact"
      : touches(e.bounds, nearBox)
      ? "tolerance"
      : "none";
    return { ...place(p, e), level };
  });
  const pick = pickElement({ x: p.lx, y: p.ly }, placed, { tolerancePx: tolerance });
  if (pick === undefined) return fallback(p.input, p.lx, p.ly, p.geometry);
  const e = pick.element;
  const ocr = e.source === "ocr";
  const reach = Math.min(pick.distance, tolerance * Math.SQRT2);
  let confidence = pick.level === "exact"
    ? (ocr ? 0.75 : 0.9)
    : (0.7 - 0.3 * reach / (tolerance * Math.SQRT2)) * (ocr ? 0.8 : 1);
  if (nearbyMs !== undefined) confidence *= 0.9;
  const role = e.role !== "" ? e.role : p.input.event.element?.role;
  return {
    resolution: pick.level,
    confidence: round2(confidence),
    name: e.name,
    ...(role !== undefined ? { role } : {}),
    snapshotRef: ref,
    ...(nearbyMs !== undefined ? { nearbyMs } : {}),
    ...(pick.level === "tolerance" ? { distancePx: Math.round(pick.distance) } : {}),
  };
}

/** No element: the screen zone when the display's size is known, else nothing. */
function fallback(
  c: ClickInput,
  lx: number,
  ly: number,
  g: DisplayGeometry | undefined,
): ClickTarget {
  if (g === undefined) return none(c.event);
  const snap = c.stream.snaps[c.index];
  const zone = screenZone({ x: lx, y: ly }, {
    width: g.width,
    height: g.height,
    browser: snap.url !== undefined && snap.url !== "",
  });
  const role = c.event.element?.role;
  return { resolution: "zone", confidence: 0.2, zone, ...(role !== undefined ? { role } : {}) };
}

function none(ev: InputEvent): ClickTarget {
  const role = ev.element?.role;
  return { resolution: "none", confidence: 0, ...(role !== undefined ? { role } : {}) };
}
