/**
 * Incremental compilation (SPEC §11): a compiled window that absorbs new capture rows and
 * answers with the document a full compile of all rows so far would give — byte for byte,
 * which `frames certify` and tests/compile_incremental_test.ts check over random cut points.
 *
 * What is kept between absorbs, per stage:
 * - the rows (snapshots, input events, markers), appended: compile() is independent of
 *   row order (the streams stage sorts by (at, ref)), so appending is exact;
 * - the settled options with their page-typing memo: each distinct URL is typed once per
 *   session, not once per compile (the typer is pure, so the memo is exact);
 * - one site memo for the segment and tally stages, for the same reason;
 * - the measuring half's per-stage results (tail.ts): an absorb that brings only rows after
 *   the watermark recomputes streams, focus, segments, folds and attribution from a
 *   checkpoint on and splices them onto the kept prefix; anything else recomputes them.
 * - the geometry memo (enrich/infer_geometry.ts): a fit is reused for the very same clicks.
 * - the listing memo (listing.ts): a click keeps its level while what its level reads is
 *   unchanged (enrich/click_memo.ts), a frame its document while what that reads is
 *   (frame_memo.ts); both keyed on values, so the stages before them may rebuild freely.
 * - what redaction withheld from the rows so far: rows are redacted as they arrive (the
 *   rule is per row), and their tallies add up to that of one redaction of all of them.
 * The later stages (tally → listing → ledgers → coverage → assemble) are recomputed from
 * the spliced frames on every absorb: their cost is proportional to the rows of the window
 * being extended (one day, for the day sessions of the CLI and MCP), never to the history
 * held in other days.
 *
 * @example
 * ```ts
 * const session = startIncremental(morning, { tz: "Europe/Berlin", day: "2026-07-04" });
 * const doc = session.absorb({ snapshots: newSnaps, events: newEvents });
 * ```
 *
 * @module
 */

import type {
  Capture,
  DisplayGeometry,
  ElementLookup,
  InputEvent,
  Marker,
  Snapshot,
  SourceFacts,
} from "../model.ts";
import type { PageRef } from "../entities/parser.ts";
import { emptyTally, type RedactionTally } from "../entities/redact.ts";
import { captureRedactions, markRedacted, redactCapture } from "../entities/redact_capture.ts";
import type { ActivityDocument } from "./document.ts";
import { type CompileOptions, settle } from "./options.ts";
import { compileSettled, type MeasureStages } from "./pipeline.ts";
import { geometryMemo } from "./enrich/mod.ts";
import type { ListingMemo } from "./listing.ts";
import { clickMemo } from "./enrich/click_memo.ts";
import { frameDocMemo } from "./frame_memo.ts";
import { cachedSiteOf } from "./site.ts";
import { type TailCounts, tailSession } from "./tail.ts";

/** An empty {@linkcode ListingMemo} for one session (click levels and frame documents). */
export function listingMemo(): ListingMemo {
  return { clicks: clickMemo(), docs: frameDocMemo() };
}

/** How many URLs' sites a session remembers (bounded: a long `--watch` sees many pages). */
const SESSION_SITES = 16_384;

/** New rows of the same window, as the source returned them since the last absorb. */
export interface CaptureDelta {
  /** Snapshots not absorbed before. */
  snapshots?: readonly Snapshot[];
  /** Input events not absorbed before. */
  events?: readonly InputEvent[];
  /** Markers not absorbed before. */
  markers?: readonly Marker[];
  /** The window's look-ahead snapshots past its end, when the read now has them (replaces). */
  after?: Snapshot[];
  /** When the rows were read, for a window still happening (see CompileOptions). */
  observedUntil?: number;
  /** The window's facts now, when a read of part of it says them anew (replaces). */
  facts?: SourceFacts;
  /** The element lookup that answers for every snapshot absorbed so far (replaces). */
  elements?: ElementLookup;
  /** The display geometry now (replaces). */
  displays?: DisplayGeometry[];
  /** A page typer that also covers the new rows' hosts (replaces; typing is pure). */
  typer?: (url: string) => PageRef;
}

/** A compiled window that can absorb new rows. */
export interface IncrementalCompile {
  /** Absorbs new rows and returns the document of everything absorbed so far. */
  absorb(delta: CaptureDelta): ActivityDocument;
  /** The document of everything absorbed so far. */
  document(): ActivityDocument;
  /** The capture absorbed so far (rows appended in arrival order). */
  capture(): Capture;
}

/**
 * Test hook, never set by a user-facing path: a deliberately broken absorb step, so the
 * certification and its tests can show that they catch one. `dropEvent` loses the first
 * event of every delta.
 */
export const INCREMENTAL_TEST_HOOKS: { dropEvent: boolean } = { dropEvent: false };

const PATHS = new WeakMap<IncrementalCompile, TailCounts>();

/** How often a session's absorbs took the tail path and the whole-day one (for tests). */
export function absorbPaths(session: IncrementalCompile): TailCounts | undefined {
  return PATHS.get(session);
}

/**
 * Starts an incremental compile from the rows read so far; `fallback` types URLs when
 * `opts.typer` is not given (compile/mod.ts passes the generic typer).
 */
export function startIncremental(
  base: Capture,
  opts: CompileOptions,
  fallback: (url: string) => PageRef,
): IncrementalCompile {
  // Redaction once, as compile() does it (the identity for a capture a reader redacted,
  // whose tally it keeps); later rows are redacted as they arrive.
  const red = redactCapture(base);
  const tally: RedactionTally = captureRedactions(red) ?? emptyTally();
  const state: Capture = {
    ...red,
    snapshots: [...red.snapshots],
    events: [...red.events],
    ...(red.markers !== undefined ? { markers: [...red.markers] } : {}),
  };
  markRedacted(state, tally);
  let options = opts;
  let settings = settle(options, fallback);
  const geometry = geometryMemo();
  const site = cachedSiteOf(SESSION_SITES);
  const tail = tailSession(site);
  let rowsOnly = false;
  const stages: MeasureStages = {
    build: (capture, rules, o) => tail.build(capture, rules, o, rowsOnly),
    tally: (built) => tail.tally(built),
  };
  const kept = { geometry, listed: listingMemo(), stages };
  let doc = compileSettled(state, settings, kept);
  const session: IncrementalCompile = {
    absorb(delta) {
      // Nothing new (and the same clock): the same rows give the same document.
      if (
        !delta.snapshots?.length && !delta.events?.length && !delta.markers?.length &&
        delta.after === undefined && delta.observedUntil === settings.observedUntil &&
        delta.facts === undefined && delta.elements === undefined &&
        delta.displays === undefined && delta.typer === undefined
      ) return doc;
      rowsOnly = measuredAlike(state, delta);
      const skip = INCREMENTAL_TEST_HOOKS.dropEvent ? 1 : 0;
      const rows = redactCapture({
        ...state,
        snapshots: delta.snapshots ? [...delta.snapshots] : [],
        events: delta.events ? delta.events.slice(skip) : [],
      });
      for (const s of rows.snapshots) state.snapshots.push(s);
      for (const e of rows.events) state.events.push(e);
      addTally(tally, captureRedactions(rows));
      markRedacted(state, tally);
      if (delta.markers && delta.markers.length > 0) {
        state.markers ??= [];
        for (const m of delta.markers) state.markers.push(m);
      }
      if (delta.after !== undefined) {
        if (delta.after.length > 0) state.after = delta.after;
        else delete state.after;
      }
      if (delta.facts !== undefined) state.facts = delta.facts;
      if (delta.elements !== undefined) state.elements = delta.elements;
      if (delta.displays !== undefined) state.displays = delta.displays;
      if (delta.typer !== undefined) {
        options = { ...options, typer: delta.typer };
        settings = settle({ ...options, observedUntil: delta.observedUntil }, fallback);
      } else if (delta.observedUntil !== settings.observedUntil) {
        settings = { ...settings, observedUntil: delta.observedUntil };
      }
      doc = compileSettled(state, settings, kept);
      return doc;
    },
    document: () => doc,
    capture: () => state,
  };
  PATHS.set(session, tail.counts);
  return session;
}

/**
 * True when the delta changes nothing the measuring half (build.ts) reads but rows: no
 * markers, the same look-ahead times, display geometry and focus capability. Facts' counts,
 * elements and the typer are read only by later stages; a live tail read (cli/_delta.ts)
 * passes them anew every time, so they must not turn the tail path off.
 */
function measuredAlike(state: Capture, delta: CaptureDelta): boolean {
  if (delta.markers !== undefined && delta.markers.length > 0) return false;
  if (delta.after !== undefined) {
    const was = state.after ?? [];
    if (delta.after.length !== was.length) return false;
    for (let i = 0; i < was.length; i++) {
      if (delta.after[i].at !== was[i].at || delta.after[i].display !== was[i].display) {
        return false;
      }
    }
  }
  if (
    delta.displays !== undefined &&
    JSON.stringify(delta.displays) !== JSON.stringify(state.displays)
  ) return false;
  return delta.facts === undefined ||
    delta.facts.capabilities.focus === state.facts.capabilities.focus;
}

function addTally(into: RedactionTally, from: RedactionTally | undefined): void {
  if (from === undefined) return;
  for (const k of Object.keys(from) as (keyof RedactionTally)[]) into[k] += from[k];
}
