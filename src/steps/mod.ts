/**
 * The steps view (SPEC §8): the click-by-click script behind a frame, found by its stable
 * id (`<display>:<first snapshot ref>`, as `frames compile` prints it) or by a free-text
 * query. Typed text is left out unless the caller opts in (SPEC §9).
 *
 * @example
 * ```ts
 * import { frameSteps } from "./src/steps/mod.ts";
 * const { steps } = frameSteps(capture, "monitor_1:1042", { tz: "Europe/Berlin" });
 * ```
 *
 * @module
 */

import type { Capture, DisplayGeometry, InputEvent } from "../model.ts";
import { buildFrames, type BuiltFrame, minutes, type Rules } from "../compile/mod.ts";
import {
  type DisplayEvidence,
  geometryNotes,
  resolveFrameClicks,
  settleFrameGeometry,
} from "../compile/enrich/mod.ts";
import type { ClickTarget } from "../compile/enrich/resolve.ts";
import type { StaleRecord } from "../compile/enrich/stale.ts";
import { IDENTITY_LAYOUT, type KeyboardLayout } from "../compile/enrich/keyboard_layout.ts";
import { DEFAULT_MIN_MINUTES, rulesWith } from "../compile/rules.ts";
import { formatLocal } from "../compile/time.ts";
import type { PageRef } from "../entities/parser.ts";
import { typePage } from "../entities/type_page.ts";
import { buildSteps, type Step } from "./build.ts";
import { type FindDocument, rankFrames } from "./find.ts";

export type { Step, StepKind, StepTarget } from "./build.ts";
export { FIND_WEIGHTS, type FindMatch, queryTokens, rankFrames } from "./find.ts";
export type { FindDocument, FindField } from "./find.ts";
export { renderSteps } from "./render.ts";
export type { RenderableSteps } from "./render.ts";
// Types the signatures above mention, re-exported so this module's API is complete.
export type * from "../model.ts";
export type { Rules } from "../compile/mod.ts";
export type { ClickTarget, KeyboardLayout, Resolution, Zone } from "../compile/enrich/mod.ts";
export type { PageRef } from "../entities/mod.ts";

/** Options of {@linkcode frameSteps} and {@linkcode findFrames}. */
export interface StepsOptions extends Partial<Rules> {
  /** IANA timezone of the step times. */
  tz: string;
  /** Show typed text (SPEC §9; default false). */
  includeText?: boolean;
  /** Repairs recorded characters of opted-in text (default identity; never inferred). */
  keyboardLayout?: KeyboardLayout;
  /** URL → typed page reference (default: the built-in generic typer). */
  typer?: (url: string) => PageRef;
  /** Click resolution tolerance on each axis, in pixels (default 40). */
  clickTolerancePx?: number;
  /** Reach of the nearby-snapshot rescue, in seconds (default 5). */
  nearbySnapshotS?: number;
}

/** The frame a script belongs to. */
export interface FrameSummary {
  /** The frame's stable id, `<display>:<first snapshot ref>`. */
  id: string;
  /** The display the frame was on. */
  display: string;
  /** The frame's app. */
  app: string;
  /** The frame's site, for browser frames. */
  site?: string;
  /** Local start time with offset (`2026-07-04T09:12:05+02:00`). */
  start: string;
  /** Local end time with offset. */
  end: string;
  /** Duration in minutes, rounded as `frames compile` rounds it. */
  duration_min: number;
}

/** A frame's script. */
export interface FrameSteps {
  /** The frame the script belongs to. */
  frame: FrameSummary;
  /** Whether typed text was asked for (and shown where the capture had it). */
  include_text: boolean;
  /** The keyboard layout applied to typed text, when one other than identity was. */
  keyboard_layout?: string;
  /** The steps in time order. */
  steps: Step[];
  /**
   * How the clicks of this frame's display were placed when no geometry was measured or
   * given: the geometry inferred from the capture's clicks, or why none was (absent: the
   * display's geometry was known, or its element bounds need none).
   */
  notes?: string[];
}

/** A frame matching a query, with its score, the reasons and its script. */
export interface FoundFrame extends FrameSteps {
  /** The match score (see `rankFrames`). */
  score: number;
  /** One line per matched token, saying which field matched. */
  why: string[];
}

/** Options of {@linkcode findFrames}. */
export interface FindOptions extends StepsOptions {
  /** How many frames to return (default 3). */
  limit?: number;
  /** Frames shorter than this are not candidates (default 0.5, as in `compile`). */
  minMinutes?: number;
}

interface Analysis {
  frames: BuiltFrame[];
  stale: ReadonlyMap<InputEvent, StaleRecord> | undefined;
  /** Geometry to place clicks with: the capture's, plus what its clicks reveal. */
  displays: readonly DisplayGeometry[];
  /** Per display whose geometry was inferred or declined, the note saying so. */
  notes: ReadonlyMap<string, string[]>;
}

function analyse(capture: Capture, opts: StepsOptions): Analysis {
  const built = buildFrames(capture, rulesWith(opts), { stale: true });
  const settled = settleFrameGeometry(built.frames, capture, built.stale);
  const notes = new Map<string, string[]>();
  const noteOf = (inferred: DisplayEvidence[], declined: DisplayEvidence[]) =>
    geometryNotes({ displays: settled.displays, inferred, declined });
  for (const e of settled.inferred) notes.set(e.display, noteOf([e], []));
  for (const e of settled.declined) notes.set(e.display, noteOf([], [e]));
  return { frames: built.frames, stale: built.stale, displays: settled.displays, notes };
}

function resolve(
  frames: readonly BuiltFrame[],
  capture: Capture,
  a: Analysis,
  opts: StepsOptions,
): Map<InputEvent, ClickTarget> {
  return resolveFrameClicks(frames, capture, {
    stale: a.stale,
    displays: a.displays,
    tolerancePx: opts.clickTolerancePx,
    nearbyMs: opts.nearbySnapshotS === undefined ? undefined : opts.nearbySnapshotS * 1000,
  });
}

function script(
  f: BuiltFrame,
  a: Analysis,
  targets: ReadonlyMap<InputEvent, ClickTarget>,
  opts: StepsOptions,
): FrameSteps {
  const tz = opts.tz;
  const typer = opts.typer ?? typePage;
  const includeText = opts.includeText === true;
  const layout = opts.keyboardLayout ?? IDENTITY_LAYOUT;
  const steps = buildSteps(f, {
    clock: (ms) => formatLocal(ms, tz).slice(11, 19),
    targets,
    stale: a.stale,
    pageOf: typer,
    includeText,
    layout,
  });
  return {
    frame: {
      id: f.id,
      display: f.display,
      app: f.app,
      ...(f.site !== undefined ? { site: f.site } : {}),
      start: formatLocal(f.startMs, tz),
      end: formatLocal(f.endMs, tz),
      duration_min: minutes(f.durationMs),
    },
    include_text: includeText,
    ...(includeText && layout.map.size > 0 ? { keyboard_layout: layout.name } : {}),
    steps,
    ...(a.notes.has(f.display) ? { notes: a.notes.get(f.display)! } : {}),
  };
}

/**
 * The script of the frame with id `frameId` (any frame of the window, including ones a
 * compile would omit as short); throws a RangeError naming the id when there is none.
 */
export function frameSteps(capture: Capture, frameId: string, opts: StepsOptions): FrameSteps {
  const a = analyse(capture, opts);
  const f = a.frames.find((x) => x.id === frameId);
  if (f === undefined) {
    throw new RangeError(
      `Cannot find frame "${frameId}": no frame of this window has that id (ids are <display>:<first snapshot ref>; pass the window the id was compiled from)`,
    );
  }
  return script(f, a, resolve([f], capture, a, opts), opts);
}

/** Frames ranked against `query` (see `find.ts` for the score), each with its script. */
export function findFrames(capture: Capture, query: string, opts: FindOptions): FoundFrame[] {
  const a = analyse(capture, opts);
  const minMs = (opts.minMinutes ?? DEFAULT_MIN_MINUTES) * 60_000;
  const candidates = a.frames.filter((f) => f.durationMs >= minMs);
  const targets = resolve(candidates, capture, a, opts);
  const typer = opts.typer ?? typePage;
  const byId = new Map(candidates.map((f) => [f.id, f]));
  const docs: FindDocument[] = candidates.map((f) => findDocument(f, targets, typer, opts));
  return rankFrames(docs, query).slice(0, opts.limit ?? 3).map((m) => ({
    score: m.score,
    why: m.why,
    ...script(byId.get(m.id)!, a, targets, opts),
  }));
}

function findDocument(
  f: BuiltFrame,
  targets: ReadonlyMap<InputEvent, ClickTarget>,
  typer: (url: string) => PageRef,
  opts: StepsOptions,
): FindDocument {
  const fields: FindDocument["fields"] = [{ field: "app", value: f.app }];
  if (f.site !== undefined) fields.push({ field: "site", value: f.site });
  const seen = new Set<string>();
  const add = (field: FindDocument["fields"][number]["field"], value: string | undefined) => {
    if (value === undefined || value === "") return;
    const key = field + "\u0000" + value;
    if (seen.has(key)) return;
    seen.add(key);
    fields.push({ field, value });
  };
  for (const i of f.snaps) {
    const s = f.stream.snaps[i];
    add("title", s.title);
    if (s.url !== undefined && s.url !== "") {
      const p = typer(s.url);
      add("page", p.entity !== undefined ? `${p.kind} ${p.entity}` : p.kind);
    }
  }
  for (const e of f.events) {
    if (e.kind === "click") add("target", targets.get(e)?.name);
    // Typed text is searchable only on opt-in: ranking on it would leak it.
    if (e.kind === "text" && opts.includeText === true) add("text", e.text);
  }
  return { id: f.id, startMs: f.startMs, durationMs: f.durationMs, fields };
}
