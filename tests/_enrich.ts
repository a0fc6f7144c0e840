/**
 * Test helpers for enrichment: captures with clicks at pixel positions, element rows and
 * a lookup that counts what it was asked.
 *
 * @module
 */

import type {
  Capture,
  DisplayGeometry,
  Element,
  ElementLookup,
  InputEvent,
  Snapshot,
} from "../src/model.ts";
import { elementLookupFromRows } from "../src/compile/enrich/mod.ts";
import { T0 } from "./_capture.ts";

/** 1920×1080 at the origin, and a 2560×1440 monitor to its right. */
export const DISPLAYS: DisplayGeometry[] = [
  { display: "monitor_1", x: 0, y: 0, width: 1920, height: 1080, scale: 1 },
  { display: "monitor_2", x: 1920, y: 0, width: 2560, height: 1440, scale: 1 },
];

/** A snapshot `s` seconds after T0. */
export function snap(ref: number, s: number, app: string, extra: Partial<Snapshot> = {}): Snapshot {
  return { ref, at: T0 + s * 1000, display: "monitor_1", app, ...extra };
}

/** A click `s` seconds after T0 at global pixels `(x, y)`. */
export function click(
  ref: number,
  s: number,
  x: number,
  y: number,
  extra: Partial<InputEvent> = {},
): InputEvent {
  return { ref, at: T0 + s * 1000, kind: "click", x, y, ...extra };
}

/** An accessibility element with normalised bounds on snapshot `snapshotRef`. */
export function element(
  snapshotRef: number,
  name: string,
  box: [number, number, number, number],
  extra: Partial<Element> = {},
): Element {
  const [x, y, width, height] = box;
  return {
    snapshotRef,
    role: "AXButton",
    name,
    bounds: { x, y, width, height },
    units: "normalized",
    source: "accessibility",
    ...extra,
  };
}

/** A lookup over `rows` that records every batch of probes it answers. */
export function spyLookup(rows: Element[]): ElementLookup & { batches: number[][] } {
  const inner = elementLookupFromRows(rows);
  const batches: number[][] = [];
  return {
    units: inner.units,
    batches,
    near(probes) {
      batches.push(probes.map((p) => p.snapshotRef));
      return inner.near(probes);
    },
  };
}

/** Options for {@linkcode captureOf}. */
export interface CaptureOfOptions {
  displays?: DisplayGeometry[];
  elements?: ElementLookup;
}

/** A capture from snapshots and events, with geometry and a lookup when given. */
export function captureOf(
  snaps: Snapshot[],
  events: InputEvent[],
  opts: CaptureOfOptions = {},
): Capture {
  return {
    window: { start: T0 - 3_600_000, end: T0 + 86_400_000 },
    snapshots: snaps,
    events,
    displays: opts.displays ?? [],
    facts: {
      adapter: "test",
      location: "memory",
      fingerprint: "0",
      capabilities: {
        input: true,
        elements: opts.elements !== undefined,
        urls: true,
        heartbeats: true,
        focus: false,
      },
      rows: { snapshots: snaps.length, events: events.length },
      rejected: {},
    },
    ...(opts.elements !== undefined ? { elements: opts.elements } : {}),
  };
}
