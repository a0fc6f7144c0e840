/**
 * Blind spots generated from what the source really lacked (SPEC §1.4, §4).
 *
 * @module
 */

import type { SourceFacts } from "../model.ts";

/** What the blind-spot list is computed from. */
export interface BlindSpotFacts {
  facts: SourceFacts;
  displays: number;
  unattributed: number;
  rejected: number;
  includeText: boolean;
  /** Clicks enrichment could not place on screen for want of display geometry. */
  unplacedClicks?: { count: number; displays: string[] };
  /** Display geometry inferred from the capture, and why not where it was declined. */
  geometry?: { inferred: string[]; declined: string[] };
}

/** Lists, in a fixed order, what this document cannot tell. */
export function blindSpots(f: BlindSpotFacts): string[] {
  const c = f.facts.capabilities;
  const out: string[] = [
    "gaps are periods without capture (screen locked, asleep or recorder off): unknown, not inactivity",
  ];
  // What the adapter itself knows it cannot see (e.g. Memory Archive records no app or URL).
  for (const note of f.facts.notes ?? []) out.push(note);
  if (!c.input) out.push("input volume unknown: the source has no input events");
  if (!c.elements) out.push("click targets unknown: the source has no element rows");
  const unplaced = f.unplacedClicks;
  const declined = f.geometry?.declined ?? [];
  if (unplaced !== undefined && unplaced.count > 0) {
    out.push(
      `display geometry unknown (${unplaced.displays.join(", ")}): ${unplaced.count} clicks ` +
        "without an element name could not be placed on screen; " +
        (declined.length > 0 ? `not inferred from the capture (${declined.join("; ")}); ` : "") +
        "pass --displays NAME=WxH+X+Y" +
        (f.geometry === undefined ? ", or --displays infer to infer it from the clicks" : ""),
    );
  }
  for (const note of f.geometry?.inferred ?? []) out.push(note);
  if (!c.urls) out.push("no page URLs in this window: sites and pages of browsers are unknown");
  if (!c.heartbeats) {
    out.push("no capture trigger: an idle but awake screen cannot be told from reading");
  }
  if (f.displays > 1) {
    out.push(
      `${f.displays} displays: per-display minutes overlap; dedup_active_minutes counts each minute once`,
    );
    if (!c.focus) {
      out.push("the source does not say which display holds focus: focused minutes unknown");
    }
  }
  if (f.unattributed > 0) {
    out.push(
      `${f.unattributed} input events fell outside every dwell interval (coverage.unattributed_input)`,
    );
  }
  if (f.rejected > 0) {
    out.push(`${f.rejected} source rows could not be read (coverage.rejected_rows)`);
  }
  out.push(
    f.includeText
      ? "typed text included on operator request"
      : "typed text excluded (privacy default): typed runs are counted, not read",
  );
  out.push("audio is not captured; screen text (OCR) is not read");
  return out;
}
