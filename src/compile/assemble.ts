/**
 * The last stage: the activity document (schema v1) put together in its fixed key order,
 * with the source it came from, the constants it was compiled under, and the blind spots
 * that follow from what the source really lacked.
 *
 * @module
 */

import type { Capture } from "../model.ts";
import { COMPILER_NAME, VERSION } from "../version.ts";
import { blindSpots } from "./blind_spots.ts";
import type { Built } from "./build.ts";
import type { ActivityDocument, Coverage } from "./document.ts";
import type { Ledgers } from "./ledgers.ts";
import type { Listing } from "./listing.ts";
import type { Settings } from "./options.ts";
import { unplacedClicks } from "./enrich/counts.ts";
import { declinedReasons, inferredNotes, type SettledGeometry } from "./enrich/infer_geometry.ts";

/** The earlier stages' results the document is assembled from. */
export interface DocumentParts {
  /** The settled options, recorded under `compiler`. */
  settings: Settings;
  /** The exact frames, streams and attribution. */
  built: Built;
  /** The listed frames in document form. */
  listing: Listing;
  /** The coverage block. */
  coverage: Coverage;
  /** The app ledger and site roll-up. */
  ledgers: Ledgers;
  /** Display geometry settled for click resolution (with enrichment). */
  geometry?: SettledGeometry;
  /** The capture with that geometry, as the listing placed its clicks (default: `capture`). */
  placed?: Capture;
}

/** Assembles the document from the stages' results, in schema key order. */
export function assembleDocument(capture: Capture, parts: DocumentParts): ActivityDocument {
  const { settings, built, listing, coverage, ledgers, geometry, placed = capture } = parts;
  const { rules, time, enrich } = settings;
  const rejected = Object.values(capture.facts.rejected).reduce((s, n) => s + n, 0);
  const doc: ActivityDocument = {
    schema_version: 1,
    window: {
      start: time(capture.window.start),
      end: time(capture.window.end),
      tz: settings.tz,
      ...(settings.day !== undefined ? { day: settings.day } : {}),
    },
    source: {
      adapter: capture.facts.adapter,
      location: capture.facts.location,
      fingerprint: capture.facts.fingerprint,
      capabilities: { ...capture.facts.capabilities },
      ...(capture.displays.length > 0
        ? {
          displays: capture.displays.map((d) => ({
            display: d.display,
            x: d.x,
            y: d.y,
            width: d.width,
            height: d.height,
            scale: d.scale,
          })),
        }
        : {}),
    },
    compiler: {
      name: COMPILER_NAME,
      version: VERSION,
      constants: {
        dwell_cap_s: rules.dwellCapS,
        session_gap_s: rules.sessionGapS,
        flicker_s: rules.flickerS,
        min_minutes: settings.minMinutes,
      },
      ...(enrich
        ? {
          enrichment: {
            click_tolerance_px: settings.tolerancePx,
            nearby_snapshot_s: settings.nearbyS,
          },
        }
        : {}),
    },
    coverage,
    frames: listing.frames,
    ledger: ledgers.ledger,
    sites: ledgers.sites,
    blind_spots: blindSpots({
      facts: capture.facts,
      displays: built.streams.length,
      unattributed: built.unattributed.length,
      rejected,
      includeText: settings.includeText,
      unplacedClicks: enrich
        ? unplacedClicks(placed, { listed: listing.listed, levels: listing.levels! })
        : undefined,
      geometry: geometry !== undefined
        ? { inferred: inferredNotes(geometry), declined: declinedReasons(geometry) }
        : undefined,
    }),
  };
  if (settings.generatedAt !== undefined) doc.generated_at = settings.generatedAt;
  return doc;
}
