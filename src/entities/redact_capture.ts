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
import { isScriptUrl } from "./redact.ts";
import { redactTitle } from "./redact_title.ts";

// Captures this module returned: redacting one again is the identity, so the compiler can
// apply the rule at its input even when the reader already did.
const REDACTED_CAPTURES = new WeakSet<Capture>();

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
  const titles = new Map<string, string>();
  const title = (t: string) => {
    let r = titles.get(t);
    if (r === undefined) titles.set(t, r = redactTitle(t));
    return r;
  };
  const snapshots = mapChanged(capture.snapshots, (s) => redactSnapshot(s, title));
  const events = mapChanged(capture.events, (e) => redactEvent(e, title));
  const out = snapshots === capture.snapshots && events === capture.events
    ? capture
    : { ...capture, snapshots, events };
  REDACTED_CAPTURES.add(out);
  return out;
}

function redactSnapshot(s: Snapshot, title: (t: string) => string): Snapshot {
  const t = s.title !== undefined && s.title !== "" ? title(s.title) : s.title;
  const dropUrl = s.url !== undefined && isScriptUrl(s.url);
  if (t === s.title && !dropUrl) return s;
  const copy: Snapshot = { ...s, title: t };
  if (t === undefined) delete copy.title;
  if (dropUrl) delete copy.url;
  return copy;
}

function redactEvent(e: InputEvent, title: (t: string) => string): InputEvent {
  const t = e.title !== undefined && e.title !== "" ? title(e.title) : e.title;
  const name = e.element?.name;
  const n = name !== undefined && name !== "" ? title(name) : name;
  const dropUrl = e.url !== undefined && isScriptUrl(e.url);
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
