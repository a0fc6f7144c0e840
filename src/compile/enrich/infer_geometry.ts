/**
 * Display geometry inferred from the capture itself (SPEC §8), for sources that record
 * none (screenpipe) when the operator supplied none: without it a click (a point in global
 * screen coordinates) cannot be compared with its snapshot's element rows, whose bounds
 * are fractions of the display, and click resolution loses most clicks.
 *
 * What upstream records (screenpipe/screenpipe at 67f4c43, 2026-03-15):
 * - `crates/screenpipe-a11y/src/tree/macos.rs` `normalize_bounds`: an element's frame
 *   (AXPosition/AXSize, global screen points) is normalised to the captured monitor
 *   (`TreeWalkerConfig.monitor_x/y/width/height`, `tree/mod.rs`, filled per monitor from
 *   its virtual-desktop origin and size in points by
 *   `crates/screenpipe-engine/src/vision_manager/manager.rs`); only when the monitor's size
 *   is unknown (0) is it normalised to the window instead.
 * - `crates/screenpipe-a11y/src/tree/windows.rs` `normalize_bounds`: UIA screen bounds
 *   normalised to the monitor holding the window (`MonitorFromWindow`, `rcMonitor`).
 * - `crates/screenpipe-a11y/src/tree/linux.rs` `normalize_bounds`: AT-SPI extents
 *   normalised to the focused window — a box that moves with the window.
 * - Click `x, y` (`ui_events`): macOS `CGEvent.location()` (`platform/macos.rs`: global
 *   points, the main display's top-left the origin); Windows `MSLLHOOKSTRUCT.pt`
 *   (`platform/windows.rs`: virtual-screen coordinates, negative left of or above the
 *   primary monitor); Linux (`platform/linux.rs`) sums evdev relative motion from (0, 0)
 *   at start — a dead-reckoned count, not a screen position.
 *
 * So on macOS and Windows one fixed map per monitor — its origin and size in the clicks'
 * own units — takes a click to its element rows, and the clicks reveal it: the candidate
 * under which the most clicks land inside an element of their own snapshot wins. On
 * Linux no fixed map exists, no candidate fits, and nothing is inferred (the fit
 * threshold says so). Inferred geometry only places clicks for resolution; it never moves
 * an event to another display (attribution, SPEC §3.5, keeps the source's evidence).
 *
 * Pure and deterministic: the clicks weighed are those of the snapshots of least rank (a
 * fixed hash of the snapshot's ref, ties by ref), so the sample does not depend on the
 * order rows come in and changes only when a new snapshot ranks into it (an appended
 * minute seldom does: a live session reuses the fit, see {@linkcode GeometryMemo}); they
 * are weighed in (time, ref) order, every tie goes to the first candidate in a fixed
 * order, no clock, no randomness.
 *
 * @module
 */

import type { DisplayGeometry, Element, ElementLookup, ElementProbe } from "../../model.ts";
import type { ClickInput } from "./resolve.ts";
import { bestPlacement, type Weighed } from "./geometry_fit.ts";
import {
  GEOMETRY_MIN_CLICKS,
  GEOMETRY_MIN_FIT,
  GEOMETRY_SAMPLE_CLICKS,
  GEOMETRY_TARGET_MAX_SIDE,
} from "../rules.ts";

/** What the clicks of one display said about its geometry. */
export interface DisplayEvidence {
  /** The display, as snapshots name it. */
  display: string;
  /** Clicks weighed: sampled clicks whose snapshot has element rows. */
  clicks: number;
  /** Of them, those inside an element of their snapshot under the best candidate. */
  landed: number;
  /** The inferred geometry (absent: the evidence was too thin or nothing fitted). */
  geometry?: DisplayGeometry;
}

/** The geometry click resolution uses, and how the inferred part was found. */
export interface SettledGeometry {
  /** Measured or supplied geometry, plus the inferred entries; sorted by display name. */
  displays: DisplayGeometry[];
  /** Displays whose geometry was inferred, by name. */
  inferred: DisplayEvidence[];
  /** Displays whose geometry was sought but not inferred, by name. */
  declined: DisplayEvidence[];
}

function byName(a: { display: string }, b: { display: string }): number {
  return a.display < b.display ? -1 : a.display > b.display ? 1 : 0;
}

/**
 * What one session (src/compile/incremental.ts) keeps between compiles of a growing
 * capture: the target rows of each snapshot asked about (undefined: it had none), and per
 * display the last fit with the clicks it weighed. A snapshot's rows never change once it
 * can be read: screenpipe writes a frame's `elements` in the frame's own transaction
 * (`crates/screenpipe-db/src/db.rs` at 67f4c43: `insert_snapshot_frame`,
 * `insert_frames_with_ocr_batch` and `insert_multi_frames_with_ocr_batch` call
 * `insert_ocr_elements` / `insert_accessibility_elements` before `tx.commit()`). A fit is
 * reused only for the very same clicks (ref, time, point, recorded element, snapshot,
 * whether it had rows), so the result is the one a fresh inference gives.
 */
export interface GeometryMemo {
  /** Target rows by snapshot ref (undefined: the snapshot had no element rows). */
  rows: Map<number, Element[] | undefined>;
  /** Per display, the key of the clicks last weighed and what they gave. */
  fits: Map<string, { key: string; found: DisplayEvidence }>;
  /** Fits computed (not reused) so far, for tests and benches. */
  computed: number;
}

/** An empty {@linkcode GeometryMemo} for one session. */
export function geometryMemo(): GeometryMemo {
  return { rows: new Map(), fits: new Map(), computed: 0 };
}

/** A snapshot's rank in the sample: a fixed 32-bit mix of its ref (murmur3's finaliser). */
function rank(ref: number): number {
  let h = (ref | 0) ^ Math.floor(ref / 4294967296);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function refOf(c: ClickInput): number {
  return c.event.snapshotRef ?? c.stream.snaps[c.index].ref;
}

/**
 * Settles display geometry for click resolution: `known` (the source's measured geometry,
 * then the operator's) always wins; a display without it is inferred from its clicks when
 * the lookup's bounds are normalised, or declined when the evidence is thin or nothing fits.
 */
export function inferDisplays(
  clicks: readonly ClickInput[],
  lookup: ElementLookup | undefined,
  known: readonly DisplayGeometry[],
  memo?: GeometryMemo,
): SettledGeometry {
  const displays = [...known].sort(byName);
  const none: SettledGeometry = { displays, inferred: [], declined: [] };
  if (lookup === undefined || lookup.units !== "normalized") return none;
  const have = new Set(known.map((d) => d.display));
  const groups = new Map<string, ClickInput[]>();
  for (const c of clicks) {
    const d = c.stream.display;
    if (have.has(d) || c.event.x === undefined || c.event.y === undefined) continue;
    let g = groups.get(d);
    if (g === undefined) groups.set(d, g = []);
    g.push(c);
  }
  if (groups.size === 0) return none;
  const names = [...groups.keys()].sort();
  const sorted = names.map((d) =>
    groups.get(d)!.sort((a, b) => a.event.at - b.event.at || a.event.ref - b.event.ref)
  );
  // By the rank of their snapshot: a lookup costs per snapshot, and all its clicks come.
  const ranked = sorted.map((cs) =>
    cs.map((c) => ({ c, s: refOf(c), r: rank(refOf(c)) }))
      .sort((a, b) => a.r - b.r || a.s - b.s || a.c.event.ref - b.c.event.ref).map((e) => e.c)
  );
  /** Where the clicks of the next `count` snapshots from `from` end. */
  const upTo = (cs: readonly ClickInput[], from: number, count: number): number => {
    let end = from, seen = 0;
    while (end < cs.length && (seen < count || refOf(cs[end]) === refOf(cs[end - 1]))) {
      if (end === from || refOf(cs[end]) !== refOf(cs[end - 1])) seen++;
      if (seen > count) break;
      end++;
    }
    return end;
  };
  const rows = new Map<number, Element[] | undefined>(memo?.rows);
  const lookUp = (picked: readonly (readonly ClickInput[])[]): void => {
    const refs = [...new Set(picked.flat().map(refOf))].filter((r) => !rows.has(r));
    refs.sort((a, b) => a - b);
    // Every named row of each snapshot: one probe covering the display per snapshot.
    const probes: ElementProbe[] = refs.map((r) => ({
      snapshotRef: r,
      x: 0.5,
      y: 0.5,
      dx: 0.5,
      dy: 0.5,
    }));
    const hits = probes.length > 0 ? lookup.near(probes) : [];
    refs.forEach((r, i) => {
      const shown = hits[i].any ? targets(hits[i].elements) : undefined;
      rows.set(r, shown);
      memo?.rows.set(r, shown);
    });
  };
  const withRows = (cs: readonly ClickInput[]) =>
    cs.filter((c) => rows.get(refOf(c)) !== undefined);
  // Two batches at most: the clicks of least rank, then the next where too few had rows.
  const first = ranked.map((cs) => cs.slice(0, upTo(cs, 0, GEOMETRY_SAMPLE_CLICKS)));
  lookUp(first);
  const more = ranked.map((cs, k) => {
    const got = withRows(first[k]).length, tried = first[k].length;
    if (got >= GEOMETRY_SAMPLE_CLICKS || tried === cs.length) return [];
    const asked = new Set(first[k].map(refOf)).size;
    const want = Math.ceil((GEOMETRY_SAMPLE_CLICKS - got) * asked / Math.max(1, got));
    return cs.slice(tried, upTo(cs, tried, Math.min(want, GEOMETRY_SAMPLE_CLICKS * 3 - asked)));
  });
  lookUp(more);
  const inferred: DisplayEvidence[] = [], declined: DisplayEvidence[] = [];
  names.forEach((display, k) => {
    const picked = new Set([...first[k], ...more[k]]);
    const chosen = sorted[k].filter((c) => picked.has(c));
    const key = JSON.stringify(chosen.map((c) => {
      const r = refOf(c), e = c.event;
      return [
        e.ref,
        e.at,
        e.x,
        e.y,
        r,
        rows.get(r) !== undefined,
        e.element?.name,
        e.element?.role,
      ];
    }));
    const kept = memo?.fits.get(display);
    let found: DisplayEvidence;
    if (kept !== undefined && kept.key === key) found = kept.found;
    else {
      const weighed: Weighed[] = [], folded = new Map<string, string>();
      for (const c of chosen) {
        const shown = rows.get(refOf(c));
        if (shown !== undefined) weighed.push(weigh(c, aimedAt(c, shown, folded)));
      }
      found = fit(display, weighed);
      if (memo !== undefined) {
        memo.fits.set(display, { key, found });
        memo.computed++;
      }
    }
    (found.geometry !== undefined ? inferred : declined).push(found);
  });
  for (const e of inferred) displays.push(e.geometry!);
  displays.sort(byName);
  return { displays, inferred, declined };
}

/** The rows a click can aim at: accessibility rows no larger than a target. */
function targets(elements: readonly Element[]): Element[] {
  return elements.filter((e) => {
    const b = e.bounds;
    return e.source === "accessibility" && b.width > 0 && b.height > 0 &&
      b.width <= GEOMETRY_TARGET_MAX_SIDE && b.height <= GEOMETRY_TARGET_MAX_SIDE;
  });
}

function fold(s: string): string {
  return s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The boxes a click must land in: the source often records what was under the pointer
 * (`element_name` on a few clicks, `element_role` on about a third, FORMATS §1), and a
 * click that says "AXButton Send" lands on a box so named, or of that role — a far
 * sharper test than any box; a click that says nothing, or names nothing its snapshot
 * shows, may land on any target.
 */
function aimedAt(
  c: ClickInput,
  shown: readonly Element[],
  folded: Map<string, string>,
): Float64Array {
  const el = c.event.element;
  let pick: readonly Element[] = shown;
  // The same few names recur on every snapshot: each is folded once per inference.
  const once = (s: string): string => {
    let f = folded.get(s);
    if (f === undefined) folded.set(s, f = fold(s));
    return f;
  };
  const name = el?.name !== undefined ? fold(el.name) : "";
  const named = name === "" ? [] : shown.filter((e) => once(e.name) === name);
  if (named.length > 0) pick = named;
  else if (el?.role !== undefined && el.role !== "") {
    const roled = shown.filter((e) => e.role === el.role);
    if (roled.length > 0) pick = roled;
  }
  const out = new Float64Array(pick.length * 4);
  for (let i = 0; i < pick.length; i++) {
    const b = pick[i].bounds;
    out[4 * i] = b.x, out[4 * i + 1] = b.y;
    out[4 * i + 2] = b.x + b.width, out[4 * i + 3] = b.y + b.height;
  }
  return out;
}

function weigh(c: ClickInput, boxes: Float64Array): Weighed {
  let area = 0;
  for (let j = 0; j < boxes.length; j += 4) {
    area += (boxes[j + 2] - boxes[j]) * (boxes[j + 3] - boxes[j + 1]);
  }
  const weight = area > 0 && area < 1 ? -Math.log(area) : 0;
  return { x: c.event.x!, y: c.event.y!, boxes, weight };
}

/** The best candidate for one display's weighed clicks, or the reason there is none. */
function fit(display: string, weighed: readonly Weighed[]): DisplayEvidence {
  const n = weighed.length;
  if (n < GEOMETRY_MIN_CLICKS) return { display, clicks: n, landed: 0 };
  const found = bestPlacement(weighed);
  if (found === undefined) return { display, clicks: n, landed: 0 };
  const { edges: g, landed } = found;
  if (landed < GEOMETRY_MIN_FIT * n) return { display, clicks: n, landed };
  const geometry: DisplayGeometry = {
    display,
    x: g[0],
    y: g[2],
    width: g[1] - g[0],
    height: g[3] - g[2],
    scale: 1,
  };
  return { display, clicks: n, landed, geometry };
}

/** A geometry in the `--displays` spelling, `NAME=WxH+X+Y`. */
export function geometrySpec(d: DisplayGeometry): string {
  const sign = (n: number): string => (n < 0 ? `${n}` : `+${n}`);
  return `${d.display}=${d.width}x${d.height}${sign(d.x)}${sign(d.y)}`;
}

/** Blind-spot lines for the displays whose geometry was inferred: what, from how much. */
export function inferredNotes(s: SettledGeometry): string[] {
  return s.inferred.map((e) =>
    `display geometry inferred from the capture, not measured: ${geometrySpec(e.geometry!)} ` +
    `(from ${e.clicks} clicks, ${percent(e)}% inside an element under it); ` +
    "pass --displays NAME=WxH+X+Y to set it"
  );
}

/** Why geometry was not inferred, per declined display (empty: none was declined). */
export function declinedReasons(s: SettledGeometry): string[] {
  return s.declined.map((e) =>
    e.clicks < GEOMETRY_MIN_CLICKS
      ? `${e.display}: ${e.clicks} clicks with element rows, ${GEOMETRY_MIN_CLICKS} needed`
      : `${e.display}: no placement fits its ${e.clicks} clicks (best ${percent(e)}% inside ` +
        `an element, ${Math.round(GEOMETRY_MIN_FIT * 100)}% needed)`
  );
}

/** Every note on settled geometry as lines, for reports other than the document. */
export function geometryNotes(s: SettledGeometry): string[] {
  const declined = declinedReasons(s);
  return [
    ...inferredNotes(s),
    ...(declined.length > 0
      ? [
        `display geometry not inferred from the capture (${declined.join("; ")}): ` +
        "clicks there resolve to no element; pass --displays NAME=WxH+X+Y",
      ]
      : []),
  ];
}

function percent(e: DisplayEvidence): number {
  return e.clicks === 0 ? 0 : Math.floor(100 * e.landed / e.clicks);
}
