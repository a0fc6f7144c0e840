/**
 * What each privacy rule withheld, per local day (`frames privacy`): rows the recorder
 * excluded (apps, windows, URLs, private windows), typed text that was not loaded, and the
 * parts redaction withheld from titles, element names and URLs, by rule — with counts and
 * the frames they touched, never a withheld value.
 *
 * Pure: reads the raw capture and the document compiled from it.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { fromRuns } from "../compile/runs.ts";
import { localDay } from "../compile/time.ts";
import {
  countRedactions,
  emptyTally,
  isScriptUrl,
  type RedactionRule,
  type RedactionTally,
  redactUrl,
} from "../entities/redact.ts";
import { redactTitle } from "../entities/redact_title.ts";
import { type Capture, EXCLUDED_APP, type ExclusionKind, exclusionKindOf } from "../model.ts";

/** One rule's share of a day. */
export interface RuleCount {
  /** The rule: an exclusion kind, `typed_text`, or a redaction rule. */
  rule: string;
  /** Parts withheld (for an exclusion or typed text: rows). */
  count: number;
  /** Rows (snapshots and input events) the rule touched. */
  rows: number;
  /** Ids of the frames those rows belong to, sorted. */
  frames: string[];
}

/** What was withheld on one local day. */
export interface PrivacyDay {
  /** The local date, `YYYY-MM-DD`. */
  day: string;
  /** Rows of the day the source holds. */
  snapshots: number;
  /** Input events of the day. */
  events: number;
  /** Rows the recorder withheld, by kind of exclusion rule. */
  excluded: RuleCount[];
  /** Typed runs whose text was not loaded (typed text is off unless opted in). */
  typed_text: RuleCount[];
  /** Parts redaction withheld, by rule. */
  redacted: RuleCount[];
  /** Every count of the day added up. */
  total: number;
}

/** The report over a window. */
export interface PrivacyReport {
  /** The IANA timezone days are cut in. */
  tz: string;
  /** Whether typed text was loaded (`--include-text`). */
  include_text: boolean;
  /** One entry per local day that has rows, in order. */
  days: PrivacyDay[];
  /** Every day's total added up. */
  total: number;
}

/** Options of {@linkcode privacyReport}. */
export interface PrivacyOptions {
  /** The IANA timezone days are cut in. */
  tz: string;
  /** Whether typed text was loaded. */
  includeText: boolean;
}

const EXCLUSION_ORDER: readonly ExclusionKind[] = ["app", "private", "title", "url"];
const RULE_ORDER: readonly RedactionRule[] = [
  "named_parameter",
  "credential_shape",
  "title_token",
  "user_info",
  "script_url",
];

interface Acc {
  count: number;
  rows: number;
  frames: Set<string>;
}

/** Builds the report from a raw (unredacted) capture and the document compiled from it. */
export function privacyReport(
  raw: Capture,
  doc: ActivityDocument,
  opts: PrivacyOptions,
): PrivacyReport {
  const snapFrame = new Map<string, string>();
  const eventFrame = new Map<number, string>();
  for (const f of doc.frames) {
    for (const ref of fromRuns(f.evidence.snapshots)) {
      snapFrame.set(`${f.display}\u0000${ref}`, f.id);
    }
    for (const ref of fromRuns(f.evidence.events)) eventFrame.set(ref, f.id);
  }
  const days = new Map<string, Map<string, Acc> & { snapshots?: number; events?: number }>();
  const dayOf = (at: number) => {
    const d = localDay(at, opts.tz);
    let m = days.get(d);
    if (m === undefined) days.set(d, m = Object.assign(new Map<string, Acc>(), {}));
    return m;
  };
  const note = (
    m: Map<string, Acc>,
    rule: string,
    count: number,
    frame: string | undefined,
  ) => {
    if (count <= 0) return;
    let a = m.get(rule);
    if (a === undefined) m.set(rule, a = { count: 0, rows: 0, frames: new Set() });
    a.count += count;
    a.rows++;
    if (frame !== undefined) a.frames.add(frame);
  };
  const titles = memo((t: string) => tallyOf(() => redactTitle(t)));
  const urls = memo((u: string) => isScriptUrl(u) ? scriptTally() : tallyOf(() => redactUrl(u)));
  const inWindow = (at: number) => at >= raw.window.start && at < raw.window.end;

  for (const s of raw.snapshots) {
    if (!inWindow(s.at)) continue;
    const m = dayOf(s.at);
    m.snapshots = (m.snapshots ?? 0) + 1;
    const frame = snapFrame.get(`${s.display}\u0000${s.ref}`);
    if (s.app === EXCLUDED_APP) {
      note(m, `excluded:${exclusionKindOf(s.title) ?? "app"}`, 1, frame);
      continue;
    }
    const t = emptyTally();
    if (s.title) add(t, titles(s.title));
    if (s.url) add(t, urls(s.url));
    for (const r of RULE_ORDER) note(m, `redacted:${r}`, t[r], frame);
  }
  for (const e of raw.events) {
    if (!inWindow(e.at)) continue;
    const m = dayOf(e.at);
    m.events = (m.events ?? 0) + 1;
    const frame = eventFrame.get(e.ref);
    if (e.kind === "text" && e.text === undefined) note(m, "typed_text:not_loaded", 1, frame);
    const t = emptyTally();
    if (e.title) add(t, titles(e.title));
    if (e.element?.name) add(t, titles(e.element.name));
    if (e.url) add(t, urls(e.url));
    for (const r of RULE_ORDER) note(m, `redacted:${r}`, t[r], frame);
  }

  const out: PrivacyDay[] = [];
  for (const day of [...days.keys()].sort()) {
    const m = days.get(day)!;
    const pick = (prefix: string, order: readonly string[]) =>
      order.flatMap((k) => {
        const a = m.get(`${prefix}:${k}`);
        return a === undefined
          ? []
          : [{ rule: k, count: a.count, rows: a.rows, frames: [...a.frames].sort() }];
      });
    const entry: PrivacyDay = {
      day,
      snapshots: m.snapshots ?? 0,
      events: m.events ?? 0,
      excluded: pick("excluded", EXCLUSION_ORDER),
      typed_text: pick("typed_text", ["not_loaded"]),
      redacted: pick("redacted", RULE_ORDER),
      total: 0,
    };
    entry.total = [...entry.excluded, ...entry.typed_text, ...entry.redacted]
      .reduce((n, r) => n + r.count, 0);
    out.push(entry);
  }
  return {
    tz: opts.tz,
    include_text: opts.includeText,
    days: out,
    total: out.reduce((n, d) => n + d.total, 0),
  };
}

function tallyOf(run: () => string): RedactionTally {
  const t = emptyTally();
  countRedactions(t, run);
  return t;
}

function scriptTally(): RedactionTally {
  return { ...emptyTally(), script_url: 1 };
}

function add(into: RedactionTally, from: RedactionTally): void {
  for (const r of RULE_ORDER) into[r] += from[r];
}

function memo<T>(f: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let v = cache.get(key);
    if (v === undefined) cache.set(key, v = f(key));
    return v;
  };
}
