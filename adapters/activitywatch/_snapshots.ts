/**
 * ActivityWatch intervals → the capture model (FORMATS §2). Each window bucket is one
 * stream (one per host; the window watcher reports the active window, so its snapshots
 * hold focus). Its events become ActivityWatch's canonical view — window events flooded
 * and intersected with the host's not-afk periods (`_canonical.ts`) — and snapshots are
 * placed so dwell credit equals that view (`_place.ts`). afk periods become away markers of
 * the host's stream: the compiler ends dwell at them (SPEC §3.2), so credit stops where
 * the user left, and the gaps they leave are reported as away rather than unknown. Web
 * events supply URLs while their browser is the active window; `os.hid.input` counts
 * become input events (`_input.ts`).
 *
 * Window edges (SPEC §3.11): a read takes each stream's first snapshot past the window's
 * end as `Capture.after`, so the last snapshot inside earns its dwell. The grid is anchored
 * at the epoch (`_place.ts`), so inside an interval that snapshot is at the edge itself:
 * windows of a day add up to the day, and a store filled by `frames import` reads alike.
 *
 * @module
 */

import type { Capture, Marker, Snapshot, Trigger } from "../../src/model.ts";
import { NameCache } from "../_names.ts";
import { AW_FORM_NAMES, AW_TYPES, type AwEvent, type AwSource } from "./_model.ts";
import { type AwBucketPlan, planBuckets, webHosts } from "./_plan.ts";
import { AW_REF_CHUNKS, buildStream, type RefInstant } from "./_stream.ts";
import { inputEvents } from "./_input.ts";
import { type EventSpan, union } from "./_canonical.ts";
import { awPrivacy, dropNote, webEvent, windowEvent } from "./_privacy.ts";
import type { KeyedCapture } from "../types.ts";
import { machinesNote } from "../../src/store/mod.ts";

export { type AwBucketPlan, planBuckets } from "./_plan.ts";
export { AW_REF_CHUNKS } from "./_stream.ts";
export { AW_STEP_MS } from "./_place.ts";

/** The hostname a bucket without one gets (`_sqlite.ts`, `_export.ts`): no machine name. */
const UNKNOWN_HOST = "unknown";

/** Events this far around a window are read too, so flooding and cuts see their neighbours. */
const CONTEXT_MS = 3_600_000;

/** Options for {@linkcode buildAwCapture}. */
export interface BuildAwOptions {
  start: number;
  end: number;
  /** Add each stream's first snapshot past the window as `after` (SPEC §3.11; a read). */
  edges?: boolean;
  /** Throw when the window's window events were all rejected (no silent zeros). */
  strict?: boolean;
}

type Counter = (type: string, n: number, rej: Record<string, number>) => void;

/** Read one window `[start, end)` of an ActivityWatch source with dedupe keys. */
export function buildAwCapture(source: AwSource, opts: BuildAwOptions): KeyedCapture {
  const { start, end } = opts;
  const plan = planBuckets(source);
  const perHost = new Map<string, number>();
  for (const b of plan.window) perHost.set(b.hostname, (perHost.get(b.hostname) ?? 0) + 1);
  const displayOf = (b: { id: string; hostname: string }) =>
    perHost.get(b.hostname) === 1 ? b.hostname : b.id;
  // Each bucket's hostname is its machine: buckets of two hosts (an aw-server that syncs
  // them) are two machines in the one focus timeline (SPEC §3.7), named on every row.
  const several = perHost.size >= 2;
  const machines: Record<string, string> = {};
  for (const b of plan.window) if (b.hostname !== UNKNOWN_HOST) machines[displayOf(b)] = b.hostname;
  const rows: Record<string, number> = {};
  const rejected: Record<string, number> = {};
  const count: Counter = (type, n, rej) => {
    rows[type] = (rows[type] ?? 0) + n;
    for (const [k, v] of Object.entries(rej)) rejected[k] = (rejected[k] ?? 0) + v;
  };
  const names = new NameCache();
  const appOf = (e: AwEvent) => names.get(e.data.app);
  const hostOfWeb = webHosts(source, plan, start - CONTEXT_MS, end + CONTEXT_MS);
  // What the recorder withheld, counted once per source event whose start is in the window.
  const privacy = awPrivacy(source.privacyFilters);
  const withheld: Record<string, number> = {};
  const counted = new Set<string>();
  const tally = (bucketId: string, events: AwEvent[]) => {
    for (const e of events) {
      if (e.withheld === undefined || e.start < start || e.start >= end) continue;
      const key = `${bucketId}#${e.id}`;
      if (counted.has(key)) continue;
      counted.add(key);
      withheld[e.withheld] = (withheld[e.withheld] ?? 0) + 1;
    }
  };
  const snapshots: Snapshot[] = [];
  const snapshotKeys: string[] = [];
  const markers = new Map<number, Marker>();
  const after: Snapshot[] = [];
  const stretches: { a: EventSpan; display: string }[] = [];
  const notes: string[] = [];
  let urls = false, usable = 0, read = 0, refused = 0, doubledMs = 0;
  const noApp = `${AW_TYPES.window}: no app`;
  for (const bucket of plan.window) {
    const inWindow = source.events(bucket.id, start, end);
    inWindow.events = inWindow.events.map((e) => windowEvent(e, bucket.id, privacy));
    tally(bucket.id, inWindow.events);
    count(bucket.type, inWindow.read, inWindow.rejected);
    read += inWindow.read;
    for (const n of Object.values(inWindow.rejected)) refused += n;
    for (const e of inWindow.events) {
      if (appOf(e) !== undefined) usable++;
      else if (e.start >= start && e.start < end) {
        rejected[noApp] = (rejected[noApp] ?? 0) + 1;
        refused++;
      }
    }
    if (inWindow.events.length === 0) continue;
    let from = start, to = end;
    for (const e of inWindow.events) {
      from = Math.min(from, e.start);
      to = Math.max(to, e.end);
    }
    from -= CONTEXT_MS;
    const window = source.events(bucket.id, from, to + CONTEXT_MS, { quiet: true }).events
      .map((e) => windowEvent(e, bucket.id, privacy));
    for (const e of window) {
      from = Math.min(from, e.start);
      to = Math.max(to, e.end);
    }
    const related = (b: { id: string; type: string }) => {
      const n = source.events(b.id, start, end);
      count(b.type, n.read, n.rejected);
      return source.events(b.id, from, to, { quiet: true }).events;
    };
    const afkBuckets = plan.afk.filter((b) => b.hostname === bucket.hostname);
    const afk = afkBuckets.length === 0 ? undefined : afkBuckets.flatMap(related);
    if (afk === undefined) notes.push(noAfkNote(bucket.hostname));
    const web = plan.web.filter((b) => hostOfWeb.get(b.id) === bucket.hostname)
      .map((b) => {
        const events = related(b).map((e) => webEvent(e, b.id, privacy));
        tally(b.id, events);
        return { bucketId: b.id, events };
      });
    const out = buildStream({ window, afk, web, appOf });
    doubledMs += doubledIn(out.raw, start, end);
    const display = displayOf(bucket);
    const toSnapshot = (i: RefInstant): Snapshot => {
      const snap: Snapshot = {
        ref: i.ref,
        at: i.at,
        display,
        app: appOf(i.piece.event)!,
        trigger: triggerOf(i),
        focused: true,
      };
      if (several) snap.machine = bucket.hostname;
      const title = i.piece.private ? undefined : names.get(i.piece.event.data.title);
      if (title !== undefined) snap.title = title;
      if (i.piece.url !== undefined) snap.url = i.piece.url;
      return snap;
    };
    const first = lowerBound(out.instants, start), stop = lowerBound(out.instants, end);
    for (let j = first; j < stop; j++) {
      const i = out.instants[j];
      const snap = toSnapshot(i);
      if (snap.url !== undefined) urls = true;
      snapshots.push(snap);
      snapshotKeys.push(`aw:${bucket.id}@${i.piece.event.start}+${i.at - i.piece.event.start}`);
    }
    if (opts.edges === true && stop < out.instants.length) {
      after.push(toSnapshot(out.instants[stop]));
    }
    for (const a of out.away) stretches.push({ a, display });
  }
  // Markers up to the last snapshot past the window, as the store reads them: one there
  // still ends the dwell of the last snapshot inside (SPEC §3.2, §3.11).
  const until = after.reduce((t, x) => Math.max(t, x.at), end);
  const seen = new Map<AwEvent, number>();
  for (const { a, display } of stretches) {
    // Each stretch of an afk event gets two refs: 2k (away) and 2k + 1 (back).
    const k = seen.get(a.event) ?? 0;
    seen.set(a.event, k + 1);
    const ref = a.event.id * AW_REF_CHUNKS + 2 * k;
    if (a.from >= start && a.from < until) {
      markers.set(ref, { ref, at: a.from, kind: "away", reason: "afk", display });
    }
    if (a.to >= start && a.to < until) {
      markers.set(ref + 1, { ref: ref + 1, at: a.to, kind: "back", display });
    }
  }
  if (opts.strict === true && usable === 0 && refused > 0) {
    throw new Error(allRejected(source, refused, rejected));
  }
  if (doubledMs >= 1000) {
    notes.push(
      `window events overlap for ${
        Math.round(doubledMs / 1000)
      } s: ActivityWatch's own view counts that time twice (its issue #1369), frames once`,
    );
  }
  const { events, eventKeys } = inputEvents(source, plan, displayOf, opts, count);
  if (several) {
    for (const e of events) e.machine = machines[e.display ?? ""] ?? e.display;
    notes.push(machinesNote([...perHost.keys()].sort()));
  }
  const order = snapshots.map((_, i) => i).sort((a, b) =>
    snapshots[a].at - snapshots[b].at || snapshots[a].ref - snapshots[b].ref
  );
  const capture: Capture = {
    window: { start, end },
    snapshots: order.map((i) => snapshots[i]),
    events,
    displays: [],
    facts: {
      adapter: "activitywatch",
      location: source.location,
      fingerprint: source.fingerprint,
      capabilities: {
        input: plan.input.length > 0,
        elements: false,
        urls,
        heartbeats: false,
        focus: true,
      },
      rows,
      rejected,
    },
  };
  if (privacy.drops > 0) notes.push(dropNote(privacy.drops));
  if (Object.keys(withheld).length > 0) capture.facts.withheld = withheld;
  if (notes.length > 0) capture.facts.notes = [...new Set(notes)];
  if (after.length > 0) capture.after = after;
  if (markers.size > 0) {
    capture.markers = [...markers.values()].sort((a, b) => a.at - b.at || a.ref - b.ref);
  }
  return {
    capture,
    snapshotKeys: order.map((i) => snapshotKeys[i]),
    eventKeys,
    ...(Object.keys(machines).length > 0 ? { machines } : {}),
  };
}

/** The blind spot of a host whose afk watcher is missing. */
export function noAfkNote(host: string): string {
  return `no afk bucket for host "${host}": its window time is counted whether or not someone was at the keyboard`;
}

/** What a whole source cannot see, for an import: its hosts without an afk bucket. */
export function sourceNotes(plan: AwBucketPlan): string[] {
  const hosts = [...new Set(plan.window.map((b) => b.hostname))].sort();
  return hosts.filter((h) => !plan.afk.some((b) => b.hostname === h)).map(noAfkNote);
}

function triggerOf(i: RefInstant): Trigger {
  if (i.role !== "start") return "unknown";
  // A piece that does not follow another and is not its event's start is a return from afk.
  return i.contiguous || i.piece.from <= i.piece.event.start ? "switch" : "input";
}

/** Index of the first instant at or after `t`. */
function lowerBound(instants: RefInstant[], t: number): number {
  let lo = 0, hi = instants.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (instants[mid].at < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Milliseconds of `[start, end)` that overlapping canonical pieces cover more than once. */
function doubledIn(raw: EventSpan[], start: number, end: number): number {
  const clipped = raw.map((s) => ({ from: Math.max(s.from, start), to: Math.min(s.to, end) }))
    .filter((s) => s.to > s.from);
  let sum = 0;
  for (const s of clipped) sum += s.to - s.from;
  for (const s of union(clipped)) sum -= s.to - s.from;
  return sum;
}

function allRejected(source: AwSource, refused: number, rejected: Record<string, number>): string {
  const reasons = Object.entries(rejected).filter(([k]) => k.startsWith(`${AW_TYPES.window}:`))
    .sort(([a], [b]) => a < b ? -1 : 1).map(([k, n]) =>
      `${k.slice(AW_TYPES.window.length + 2)}: ${n}`
    );
  return `Cannot read ${
    AW_FORM_NAMES[source.form]
  } "${source.location}": all ${refused} "${AW_TYPES.window}" events in the window were rejected (${
    reasons.join(", ")
  })`;
}
