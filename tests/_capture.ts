/**
 * Test helpers: small hand-written captures in the capture model.
 *
 * @module
 */

import type {
  Capabilities,
  Capture,
  InputEvent,
  InputKind,
  Snapshot,
  SourceFacts,
  Trigger,
} from "../src/model.ts";

/** Base instant of hand-written captures: 2026-07-04T08:00:00Z. */
export const T0 = Date.UTC(2026, 6, 4, 8, 0, 0);

/** A snapshot row: `[seconds after T0, app, url?, display?, trigger?, focused?]`. */
export type SnapRow = [number, string, string?, string?, Trigger?, boolean?];

/** An event row: `[seconds after T0, kind, display?, chars?]`. */
export type EventRow = [number, InputKind, string?, number?];

/** Options for {@linkcode makeCapture}. */
export interface MakeCaptureOptions {
  events?: EventRow[];
  capabilities?: Partial<Capabilities>;
  /** First ref of snapshots (events start at 10,000 more). */
  firstRef?: number;
  window?: { start: number; end: number };
}

/** Builds a capture from rows; refs follow row order. */
export function makeCapture(rows: SnapRow[], opts: MakeCaptureOptions = {}): Capture {
  const base = opts.firstRef ?? 1;
  const snapshots: Snapshot[] = rows.map(([s, app, url, display, trigger, focused], i) => ({
    ref: base + i,
    at: T0 + Math.round(s * 1000),
    display: display ?? "monitor_1",
    app,
    ...(url !== undefined ? { url } : {}),
    ...(trigger !== undefined ? { trigger } : {}),
    ...(focused !== undefined ? { focused } : {}),
  }));
  const events: InputEvent[] = (opts.events ?? []).map(([s, kind, display, chars], i) => ({
    ref: base + 10_000 + i,
    at: T0 + Math.round(s * 1000),
    kind,
    ...(display !== undefined ? { display } : {}),
    ...(chars !== undefined ? { chars } : {}),
  }));
  return {
    window: opts.window ?? { start: T0 - 3_600_000, end: T0 + 86_400_000 },
    snapshots,
    events,
    displays: [],
    facts: memoryFacts(snapshots, events, { elements: false, ...opts.capabilities }),
  };
}

/**
 * The facts of a capture built in memory by a test: nothing rejected, the rows counted,
 * every capability on but focus (and what `capabilities` says otherwise).
 */
export function memoryFacts(
  snapshots: readonly Snapshot[],
  events: readonly InputEvent[],
  capabilities: Partial<Capabilities> = {},
): SourceFacts {
  return {
    adapter: "test",
    location: "memory",
    fingerprint: "0",
    capabilities: {
      input: true,
      elements: true,
      urls: true,
      heartbeats: true,
      focus: false,
      ...capabilities,
    },
    rows: { snapshots: snapshots.length, events: events.length },
    rejected: {},
  };
}

/** Snapshot rows every `step` seconds from `from` (inclusive) to `to` (exclusive). */
export function every(
  step: number,
  from: number,
  to: number,
  app: string,
  url?: string,
  display?: string,
  trigger?: Trigger,
): SnapRow[] {
  const out: SnapRow[] = [];
  for (let s = from; s < to; s += step) out.push([s, app, url, display, trigger]);
  return out;
}
