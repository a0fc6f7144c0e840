/**
 * What the window's rows withheld (`coverage.withheld`, SPEC §9): rows the recorder wrote
 * as excluded, typed runs whose text was not loaded, and the parts redaction withheld from
 * titles, element names and URLs, by rule. Counts only — never a withheld value.
 *
 * @module
 */

import {
  countRedactions,
  emptyTally,
  type RedactionRule,
  type RedactionTally,
  redactUrl,
} from "../entities/redact.ts";
import { captureRedactions } from "../entities/redact_capture.ts";
import { type Capture, EXCLUDED_APP, type ExclusionKind, exclusionKindOf } from "../model.ts";
import type { Withheld } from "./document.ts";

const KINDS: readonly ExclusionKind[] = ["app", "private", "title", "url"];
const RULES: readonly RedactionRule[] = [
  "named_parameter",
  "credential_shape",
  "title_token",
  "user_info",
  "script_url",
];

/** The window's withheld counts from the redacted capture, or `undefined` when nothing was withheld. */
export function buildWithheld(capture: Capture): Withheld | undefined {
  const excluded: Partial<Record<ExclusionKind, number>> = {};
  // Indexed loops: these run once per compile, in code V8 has not optimised, where `for…of`
  // allocates an iterator result per row.
  const { snapshots, events } = capture;
  for (let i = 0; i < snapshots.length; i++) {
    const s = snapshots[i];
    if (s.app !== EXCLUDED_APP) continue;
    const kind = exclusionKindOf(s.title) ?? "app";
    excluded[kind] = (excluded[kind] ?? 0) + 1;
  }
  let typed = 0;
  for (let i = 0; i < events.length; i++) {
    if (events[i].kind === "text" && events[i].text === undefined) typed++;
  }
  const tally = captureRedactions(capture) ?? emptyTally();
  addUrlRedactions(capture, tally);
  const out: Withheld = { excluded_rows: {}, typed_runs_not_loaded: typed, redacted: {} };
  for (const k of KINDS) if (excluded[k]) out.excluded_rows[k] = excluded[k];
  for (const r of RULES) if (tally[r] > 0) out.redacted[r] = tally[r];
  const any = typed > 0 || Object.keys(out.excluded_rows).length > 0 ||
    Object.keys(out.redacted).length > 0;
  return any ? out : undefined;
}

/**
 * What redacting a URL withholds, by URL (`null`: nothing). A function of the URL alone, so
 * the memo changes no output; it spares a live session redacting the day's URLs again on
 * every absorb. Bounded: emptied when full.
 */
const URL_TALLIES = new Map<string, RedactionTally | null>();
const MAX_URL_TALLIES = 4096;

/**
 * URLs stay whole in the capture (site parsers read them) and are redacted where they are
 * printed; what that withholds is counted here, once per row that carries the URL.
 */
export function addUrlRedactions(capture: Capture, tally: RedactionTally): void {
  const count = (url: string | undefined) => {
    if (url === undefined || url === "") return;
    let own = URL_TALLIES.get(url);
    if (own === undefined) {
      const t = emptyTally();
      const red = countRedactions(t, () => redactUrl(url));
      if (URL_TALLIES.size >= MAX_URL_TALLIES) URL_TALLIES.clear();
      URL_TALLIES.set(url, own = red === url ? null : t);
    }
    if (own !== null) { for (let i = 0; i < RULES.length; i++) tally[RULES[i]] += own[RULES[i]]; }
  };
  const { snapshots, events } = capture;
  for (let i = 0; i < snapshots.length; i++) count(snapshots[i].url);
  for (let i = 0; i < events.length; i++) count(events[i].url);
}
