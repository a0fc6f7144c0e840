/**
 * Enrichment (SPEC §8), wired into the document: stale attribution, click resolution over
 * display geometry and lazily looked-up element rows, and keyboard layouts for opted-in
 * text. Pure apart from the capture's own element lookup: no clock, no randomness, no host
 * timezone.
 *
 * @module
 */

import type { Capture, DisplayGeometry, InputEvent } from "../../model.ts";
import type { BuiltFrame } from "../build.ts";
import { intervalAt } from "../streams.ts";
import {
  classifyClicks,
  type ClickInput,
  type ClickTarget,
  type Resolution,
  resolveClicks,
} from "./resolve.ts";
import type { StaleRecord } from "./stale.ts";
import { type GeometryMemo, inferDisplays, type SettledGeometry } from "./infer_geometry.ts";
import type { ClickMemo } from "./click_memo.ts";

export { mergeDisplays, parseDisplays } from "./geometry.ts";
export {
  declinedReasons,
  type DisplayEvidence,
  type GeometryMemo,
  geometryMemo,
  geometryNotes,
  geometrySpec,
  inferDisplays,
  inferredNotes,
  type SettledGeometry,
} from "./infer_geometry.ts";
export {
  applyLayout,
  BUILTIN_LAYOUTS,
  IDENTITY_LAYOUT,
  type KeyboardLayout,
  parseKeyboardLayout,
} from "./keyboard_layout.ts";
export { type Pick, pickElement, type PickOptions, type PlacedElement } from "./pick.ts";
export {
  classifyClicks,
  type ClickInput,
  type ClickTarget,
  type Resolution,
  RESOLUTIONS,
  resolveClicks,
  type ResolveOptions,
} from "./resolve.ts";
export { NEARBY_MS, TOLERANCE_PX } from "../rules.ts";
export { disagrees, nearestSnapshot, reattributeStale, type StaleRecord } from "./stale.ts";
export { screenZone, type Zone, type ZoneOptions } from "./zone.ts";
export { elementLookupFromRows } from "./memory_lookup.ts";
export type { ClickMemo } from "./click_memo.ts";
// The types these functions read and return, so one import of this module is enough.
export type * from "../../model.ts";
export type { BuiltFrame, BuiltInterruption } from "../build.ts";
export type { Stream } from "../streams.ts";

/** Options for {@linkcode resolveFrameClicks}. */
export interface FrameClickOptions {
  /** Events moved by stale attribution (from `buildFrames`). */
  stale?: ReadonlyMap<InputEvent, StaleRecord>;
  /** Click resolution tolerance on each axis, in pixels (default 40). */
  tolerancePx?: number;
  /** Reach of the nearby-snapshot rescue, in ms (default 5000). */
  nearbyMs?: number;
  /** Display geometry to place clicks with (default: the capture's own). */
  displays?: readonly DisplayGeometry[];
  /** A session's remembered click levels ({@linkcode classifyFrameClicks} only). */
  memo?: ClickMemo;
}

/**
 * The geometry click resolution should use for a capture: its own (measured, then the
 * operator's), plus what the clicks of `frames` reveal for displays without any (see
 * infer_geometry.ts); `memo` carries one session's rows and fits between compiles.
 */
export function settleFrameGeometry(
  frames: readonly BuiltFrame[],
  capture: Capture,
  stale?: ReadonlyMap<InputEvent, StaleRecord>,
  memo?: GeometryMemo,
): SettledGeometry {
  const known = new Set(capture.displays.map((d) => d.display));
  // Nothing to infer: px bounds need no geometry, and known displays keep theirs.
  const open = capture.elements?.units === "normalized" &&
    frames.some((f) => !known.has(f.display));
  const clicks = open ? clicksOf(frames.filter((f) => !known.has(f.display)), { stale }) : [];
  return inferDisplays(clicks, capture.elements, capture.displays, memo);
}

/** The clicks among a frame's own events, in time order, with the snapshot each belongs to. */
export function frameClicks(
  frame: BuiltFrame,
  stale?: ReadonlyMap<InputEvent, StaleRecord>,
): ClickInput[] {
  const out: ClickInput[] = [];
  for (let i = 0; i < frame.events.length; i++) {
    const ev = frame.events[i];
    if (ev.kind !== "click") continue;
    const index = stale?.get(ev)?.to ?? intervalAt(frame.stream, ev.at);
    out.push({ event: ev, stream: frame.stream, index: index < 0 ? frame.snaps[0] : index });
  }
  return out.sort((a, b) => a.event.at - b.event.at || a.event.ref - b.event.ref);
}

/**
 * Resolves the clicks of the given frames in one batch (one or two element lookups in
 * all), keyed by event.
 */
export function resolveFrameClicks(
  frames: readonly BuiltFrame[],
  capture: Capture,
  opts: FrameClickOptions = {},
): Map<InputEvent, ClickTarget> {
  const clicks = clicksOf(frames, opts);
  const targets = resolveClicks(clicks, resolveOptions(capture, opts));
  const out = new Map<InputEvent, ClickTarget>();
  clicks.forEach((c, i) => out.set(c.event, targets[i]));
  return out;
}

/**
 * The resolution level of the clicks of the given frames, keyed by event — what the
 * document counts. Cheaper than {@linkcode resolveFrameClicks} and always in agreement
 * with it.
 */
export function classifyFrameClicks(
  frames: readonly BuiltFrame[],
  capture: Capture,
  opts: FrameClickOptions = {},
): Map<InputEvent, Resolution> {
  const clicks = clicksOf(frames, opts);
  const levels = opts.memo !== undefined
    ? opts.memo.classify(clicks, resolveOptions(capture, opts))
    : classifyClicks(clicks, resolveOptions(capture, opts));
  const out = new Map<InputEvent, Resolution>();
  clicks.forEach((c, i) => out.set(c.event, levels[i]));
  return out;
}

function clicksOf(frames: readonly BuiltFrame[], opts: FrameClickOptions): ClickInput[] {
  const clicks: ClickInput[] = [];
  for (const f of frames) for (const c of frameClicks(f, opts.stale)) clicks.push(c);
  return clicks;
}

function resolveOptions(capture: Capture, opts: FrameClickOptions) {
  return {
    displays: opts.displays ?? capture.displays,
    lookup: capture.elements,
    tolerancePx: opts.tolerancePx,
    nearbyMs: opts.nearbyMs,
  };
}
