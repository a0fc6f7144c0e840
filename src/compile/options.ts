/**
 * The first stage of a compile: the caller's options settled into the one set of rules,
 * defaults and helpers every later stage reads, so no stage picks its own default.
 *
 * @module
 */

import type { PageRef } from "../entities/parser.ts";
import { DEFAULT_MIN_MINUTES, NEARBY_MS, type Rules, rulesWith, TOLERANCE_PX } from "./rules.ts";
import { formatLocal } from "./time.ts";

/** Options of `compile()`; everything that changes output is recorded in the document. */
export interface CompileOptions extends Partial<Rules> {
  /** IANA timezone for every local time in the document (required: never the host's). */
  tz: string;
  /** The local day the window stands for, when it is a day. */
  day?: string;
  /** Frames shorter than this are omitted from `frames[]` (default 0.5). */
  minMinutes?: number;
  /** URL → typed page reference (default: the built-in generic typer). */
  typer?: (url: string) => PageRef;
  /** Typed text was loaded on operator request (recorded in blind spots). */
  includeText?: boolean;
  /** A timestamp to record as `generated_at` (only when asked; never read from a clock). */
  generatedAt?: string;
  /**
   * When the capture was read, if the window reaches past that instant (today): the
   * trailing coverage gap ends there, since what has not happened yet is not a gap.
   * UTC epoch ms, given by the caller (compile never reads a clock).
   */
  observedUntil?: number;
  /**
   * Stale attribution and click resolution (SPEC §8; default true). Clicks read element
   * rows through the capture's lazy lookup, only for clicks that need resolving.
   */
  enrich?: boolean;
  /**
   * Infer the geometry of displays that have none from their clicks (enrich/
   * infer_geometry.ts; default false: it reads element rows of sampled snapshots, ~20 ms
   * on a busy day). `frames steps` and `frames routines` always infer.
   */
  inferDisplays?: boolean;
  /** Click resolution tolerance on each axis, in pixels (default 40). */
  clickTolerancePx?: number;
  /** Reach of the nearby-snapshot rescue, in seconds (default 5). */
  nearbySnapshotS?: number;
}

/** The options with every default filled in: what the document records it ran with. */
export interface Settings {
  /** Dwell cap, session gap and flicker, in seconds. */
  rules: Rules;
  /** Frames shorter than this many minutes are counted but not listed. */
  minMinutes: number;
  /** The document's IANA timezone. */
  tz: string;
  /** The local day the window stands for, when it is a day. */
  day: string | undefined;
  /** An instant as a local ISO 8601 string in `tz`. */
  time: (ms: number) => string;
  /** URL → typed page reference, typing each distinct URL once per compile. */
  pageOf: (url: string) => PageRef;
  /** Stale attribution and click resolution run. */
  enrich: boolean;
  /** Displays without geometry get it inferred from their clicks. */
  inferDisplays: boolean;
  /** Click resolution tolerance on each axis, in pixels. */
  tolerancePx: number;
  /** Reach of the nearby-snapshot rescue, in seconds. */
  nearbyS: number;
  /** Typed text was loaded on operator request. */
  includeText: boolean;
  /** The `generated_at` stamp to record, when asked for. */
  generatedAt: string | undefined;
  /** When the capture was read, if the window reaches past it. */
  observedUntil: number | undefined;
}

/**
 * Fills every default of {@linkcode CompileOptions} from `rules.ts`, once per compile;
 * `fallback` types URLs when `opts.typer` is not given (compile() passes the generic typer;
 * taking it as an argument keeps the Public Suffix List off the import path of callers
 * that always bring their own).
 */
export function settle(opts: CompileOptions, fallback: (url: string) => PageRef): Settings {
  const tz = opts.tz;
  const typer = opts.typer ?? fallback;
  // A day shows the same few hundred URLs thousands of times; type each one once.
  const pageCache = new Map<string, PageRef>();
  return {
    rules: rulesWith(opts),
    minMinutes: opts.minMinutes ?? DEFAULT_MIN_MINUTES,
    tz,
    day: opts.day,
    time: (ms) => formatLocal(ms, tz),
    pageOf: (url) => {
      let p = pageCache.get(url);
      if (!p) pageCache.set(url, p = typer(url));
      return p;
    },
    enrich: opts.enrich !== false,
    inferDisplays: opts.inferDisplays === true,
    tolerancePx: opts.clickTolerancePx ?? TOLERANCE_PX,
    nearbyS: opts.nearbySnapshotS ?? NEARBY_MS / 1000,
    includeText: opts.includeText === true,
    generatedAt: opts.generatedAt,
    observedUntil: opts.observedUntil,
  };
}
