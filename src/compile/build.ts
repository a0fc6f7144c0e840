/**
 * Capture model → frames with exact (unrounded) measures. The document builder rounds;
 * invariant tests read these numbers directly.
 *
 * @module
 */

import type { Capture, InputEvent } from "../model.ts";
import { attributeInput } from "./attribute.ts";
import { type DraftFrame, segmentStream, type SiteOf } from "./segment.ts";
import { buildStreams, type Stream } from "./streams.ts";
import { reattributeStale, type StaleRecord } from "./enrich/stale.ts";
import type { Rules } from "./rules.ts";

/** A detour folded into a frame, with exact credit and its input. */
export interface BuiltInterruption {
  app: string;
  site: string | undefined;
  creditMs: number;
  snapRefs: number[];
  events: InputEvent[];
}

/** A compiled frame with exact measures. */
export interface BuiltFrame {
  id: string;
  display: string;
  app: string;
  site: string | undefined;
  startMs: number;
  endMs: number;
  durationMs: number;
  focusedMs: number;
  presenceMs: number;
  /** Stream and indices of the frame's own snapshots. */
  stream: Stream;
  snaps: number[];
  /** Input attributed to the frame's own dwell intervals. */
  events: InputEvent[];
  interruptions: BuiltInterruption[];
}

/** Everything the document builder needs. */
export interface Built {
  streams: Stream[];
  frames: BuiltFrame[];
  unattributed: InputEvent[];
  /** Per stream, per snapshot: 1 when its dwell is presence (heartbeat, no input). */
  presence: Uint8Array[];
  /** Events whose own app/window disagreed with the capture (when stale attribution ran). */
  stale?: Map<InputEvent, StaleRecord>;
}

/** Options of {@linkcode buildFrames}. */
export interface BuildOptions {
  /** Re-attribute events whose own app/window disagrees with the capture (SPEC §8). */
  stale?: boolean;
}

/**
 * Site of a URL: hostname, lower-cased, leading `www.` removed, subdomains kept; undefined
 * when the URL has no host. Scheme-less `host/path` values are read as https.
 */
export function siteOf(url: string | undefined): string | undefined {
  if (url === undefined || url === "") return undefined;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    try {
      host = new URL("https://" + url).hostname;
    } catch {
      return undefined;
    }
  }
  if (host === "") return undefined;
  host = host.toLowerCase();
  return host.startsWith("www.") ? host.slice(4) : host;
}

function cachedSiteOf(): SiteOf {
  const cache = new Map<string, string | undefined>();
  return (url) => {
    if (url === undefined) return undefined;
    if (cache.has(url)) return cache.get(url);
    const site = siteOf(url);
    cache.set(url, site);
    return site;
  };
}

function collect(
  snaps: readonly number[],
  perSnap: readonly (InputEvent[] | undefined)[],
): InputEvent[] {
  const out: InputEvent[] = [];
  for (const i of snaps) {
    const evs = perSnap[i];
    if (evs) { for (const e of evs) out.push(e); }
  }
  return out;
}

/** Builds frames from a capture: streams, dwell, segments, flicker folds, input. */
export function buildFrames(capture: Capture, rules: Rules, opts: BuildOptions = {}): Built {
  const streams = buildStreams(capture.snapshots, {
    dwellCapMs: rules.dwellCapS * 1000,
    sessionGapMs: rules.sessionGapS * 1000,
  });
  const { perSnapshot, unattributed } = attributeInput(capture.events, streams, {
    displays: capture.displays,
    useFocus: capture.facts.capabilities.focus,
  });
  const site = cachedSiteOf();
  const frames: BuiltFrame[] = [];
  // Presence is measured on where input happened in time, before any re-attribution.
  const presence: Uint8Array[] = streams.map((stream, k) => {
    const perSnap = perSnapshot[k];
    const pres = new Uint8Array(stream.snaps.length);
    for (let i = 0; i < pres.length; i++) {
      if (stream.snaps[i].trigger === "heartbeat" && !perSnap[i] && stream.credit[i] > 0) {
        pres[i] = 1;
      }
    }
    return pres;
  });
  const stale = opts.stale ? reattributeStale(perSnapshot, streams) : undefined;
  streams.forEach((stream, k) => {
    for (const d of segmentStream(stream, site, rules.flickerS * 1000)) {
      frames.push(finishFrame(d, stream, perSnapshot[k], presence[k]));
    }
  });
  return { streams, frames, unattributed, presence, ...(stale ? { stale } : {}) };
}

function finishFrame(
  d: DraftFrame,
  stream: Stream,
  perSnap: readonly (InputEvent[] | undefined)[],
  pres: Uint8Array,
): BuiltFrame {
  const first = d.snaps[0], last = d.snaps[d.snaps.length - 1];
  let focusedMs = 0, presenceMs = 0;
  for (const i of d.snaps) {
    if (stream.snaps[i].focused === true) focusedMs += stream.credit[i];
    if (pres[i]) presenceMs += stream.credit[i];
  }
  return {
    id: `${stream.display}:${stream.snaps[first].ref}`,
    display: stream.display,
    app: d.app,
    site: d.site,
    startMs: stream.at[first],
    endMs: stream.at[last] + stream.credit[last],
    durationMs: d.creditMs,
    focusedMs,
    presenceMs,
    stream,
    snaps: d.snaps,
    events: collect(d.snaps, perSnap),
    interruptions: d.interruptions.map((x) => ({
      app: x.app,
      site: x.site,
      creditMs: x.creditMs,
      snapRefs: x.snaps.map((i) => stream.snaps[i].ref),
      events: collect(x.snaps, perSnap),
    })),
  };
}
