/**
 * The one place where third-party text of a capture is made safe to print: window titles
 * of snapshots and input events, and element names of events, go through the title rule;
 * `javascript:`/`vbscript:`/`data:` URLs are dropped (they name no page and may carry
 * anything). Page URLs stay whole so site parsers see them: entities are checked against
 * what redaction withholds (`type_page.ts`), and every printed URL goes through
 * `redactUrl`.
 *
 * @module
 */

import type { Capture, InputEvent, Snapshot } from "../model.ts";
import { countRedactions, emptyTally, isScriptUrl, type RedactionTally } from "./redact.ts";
import { redactTitle } from "./redact_title.ts";

// Captures this module returned, with what their redaction withheld (per row, by rule):
// redacting one again is the identity, so the compiler can apply the rule at its input
// even when the reader already did, and still report what was withheld.
const REDACTED_CAPTURES = new WeakMap<Capture, RedactionTally>();

/**
 * What {@linkcode redactCapture} withheld from the titles, element names and script URLs of
 * the capture it returned (each row counted), or `undefined` for a capture it did not return.
 */
export function captureRedactions(capture: Capture): RedactionTally | undefined {
  const t = REDACTED_CAPTURES.get(capture);
  return t === undefined ? undefined : { ...t };
}

/**
 * A capture whose titles, element names and script URLs are redacted. The input is not
 * changed; rows that need no change are shared, and a capture that needs none is returned
 * as it is.
 *
 * @example
 * ```ts
 * const safe = redactCapture(capture);
 * safe.snapshots[0].title; // "Reset password – REDACTED" for a title that carried a token
 * ```
 */
export function redactCapture(capture: Capture): Capture {
  if (REDACTED_CAPTURES.has(capture)) return capture;
  const tally = emptyTally();
  const titles = new Map<string, { text: string; tally?: RedactionTally }>();
  const title = (t: string) => {
    let r = titles.get(t);
    if (r === undefined) {
      const own = emptyTally();
      const text = countRedactions(own, () => redactTitle(t));
      titles.set(t, r = text === t ? { text } : { text, tally: own });
    }
    if (r.tally !== undefined) add(tally, r.tally);
    return r.text;
  };
  const snapshots = mapChanged(capture.snapshots, (s) => redactSnapshot(s, title, tally));
  const events = mapChanged(capture.events, (e) => redactEvent(e, title, tally));
  const out = snapshots === capture.snapshots && events === capture.events
    ? capture
    : { ...capture, snapshots, events };
  REDACTED_CAPTURES.set(out, tally);
  return out;
}

function add(into: RedactionTally, from: RedactionTally): void {
  for (const k of Object.keys(from) as (keyof RedactionTally)[]) into[k] += from[k];
}

function redactSnapshot(
  s: Snapshot,
  title: (t: string) => string,
  tally: RedactionTally,
): Snapshot {
  const t = s.title !== undefined && s.title !== "" ? title(s.title) : s.title;
  const dropUrl = s.url !== undefined && isScriptUrl(s.url);
  if (dropUrl) tally.script_url++;
  if (t === s.title && !dropUrl) return s;
  const copy: Snapshot = { ...s, title: t };
  if (t === undefined) delete copy.title;
  if (dropUrl) delete copy.url;
  return copy;
}

function redactEvent(
  e: InputEvent,
  title: (t: string) => string,
  tally: RedactionTally,
): InputEvent {
  const t = e.title !== undefined && e.title !== "" ? title(e.title) : e.title;
  const name = e.element?.name;
  const n = name !== undefined && name !== "" ? title(name) : name;
  const dropUrl = e.url !== undefined && isScriptUrl(e.url);
  if (dropUrl) tally.script_url++;
  if (t === e.title && n === name && !dropUrl) return e;
  const copy: InputEvent = { ...e };
  if (t !== e.title) copy.title = t;
  if (n !== name) copy.element = { ...e.element, name: n };
  if (dropUrl) delete copy.url;
  return copy;
}

// The array itself when no row changed, so an ordinary capture costs no copies.
function mapChanged<T>(rows: T[], f: (row: T) => T): T[] {
  let out: T[] | undefined;
  for (let i = 0; i < rows.length; i++) {
    const r = f(rows[i]);
    if (r !== rows[i]) {
      out ??= rows.slice(0, i);
    }
    if (out !== undefined) out.push(r);
  }
  return out ?? rows;
}

/**
 * Records what redaction withheld from a capture assembled from redacted rows (an
 * incremental session's rows, redacted as they arrived), so the compiler reports it as it
 * would for one {@linkcode redactCapture} of them all; the tally is the sum of their parts.
 */
export function markRedacted(capture: Capture, tally: RedactionTally): void {
  REDACTED_CAPTURES.set(capture, { ...tally });
}
