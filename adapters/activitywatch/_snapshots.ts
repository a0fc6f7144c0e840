/**
 * ActivityWatch intervals → the capture model (FORMATS §2). A window interval becomes
 * snapshots at its start and then on a 30 s grid until its end; `afk` periods of the same
 * host are cut out (time away becomes a gap) and the first snapshot after one marks the
 * return; a closing snapshot at a piece's end keeps its last seconds when nothing follows
 * within the session gap. Web events supply URLs while the window app is a browser;
 * `os.hid.input` counts become input events. Each host's window bucket is its own stream.
 *
 * Refs are exact and deterministic: `ref = event id × 10,000 + k`, where k is the grid
 * cell of the snapshot inside its event (so `floor(ref / 10,000)` is the event id, the
 * evidence). Every decision depends only on the event, its host's afk periods and events
 * starting within the session gap after it, so any window — and any slicing of an import
 * — produces the same rows, refs and keys.
 *
 * @module
 */

import type { Capture, InputEvent, Snapshot, Trigger } from "../../src/model.ts";
import { SESSION_GAP_MS } from "../../src/compile/rules.ts";
import { NameCache } from "../_names.ts";
import {
  AW_FORM_NAMES,
  AW_IGNORED_TYPES,
  AW_TYPES,
  type AwBucket,
  type AwEvent,
  type AwSource,
  dataNumber,
  dataString,
} from "./_model.ts";
import type { KeyedCapture } from "../types.ts";

/** Grid of snapshots inside an interval, in ms. */
export const AW_STEP_MS = 30_000;
/** Chunks per event in a ref: `ref = event id × AW_REF_CHUNKS + k`. */
export const AW_REF_CHUNKS = 10_000;
/** The compiler's default session gap: a piece followed by less activity keeps its tail. */
const GAP_MS = SESSION_GAP_MS;

const BROWSER = /chrom|firefox|brave|edge|opera|vivaldi|safari|\barc\b|librewolf|waterfox|yandex/i;

/** Options for {@linkcode buildAwCapture}. */
export interface BuildAwOptions {
  start: number;
  end: number;
}

interface Piece {
  from: number;
  to: number;
}

interface Candidate {
  at: number;
  k: number;
  event: AwEvent;
  trigger: Trigger;
  closing: boolean;
}

/** The buckets of a source grouped by what the adapter does with them. */
export interface AwBucketPlan {
  window: AwBucket[];
  afk: AwBucket[];
  web: AwBucket[];
  input: AwBucket[];
}

/** Group a source's buckets by type; throws when there is no window bucket to read. */
export function planBuckets(source: AwSource): AwBucketPlan {
  const plan: AwBucketPlan = { window: [], afk: [], web: [], input: [] };
  const unknown = new Set<string>();
  for (const b of source.buckets) {
    if (b.type === AW_TYPES.window) plan.window.push(b);
    else if (b.type === AW_TYPES.afk) plan.afk.push(b);
    else if (b.type === AW_TYPES.web) plan.web.push(b);
    else if (b.type === AW_TYPES.input) plan.input.push(b);
    else if (!AW_IGNORED_TYPES.has(b.type)) unknown.add(b.type);
  }
  if (plan.window.length === 0) {
    const found = [...unknown].sort().map((t) => `"${t}"`).join(", ");
    throw new Error(
      `Cannot read ${
        AW_FORM_NAMES[source.form]
      } "${source.location}": no "${AW_TYPES.window}" bucket (${
        found === "" ? "no buckets" : `unknown bucket types ${found}`
      })`,
    );
  }
  return plan;
}

/** Read one window `[start, end)` of an ActivityWatch source with dedupe keys. */
export function buildAwCapture(source: AwSource, opts: BuildAwOptions): KeyedCapture {
  const { start, end } = opts;
  const plan = planBuckets(source);
  const perHost = new Map<string, number>();
  for (const b of plan.window) perHost.set(b.hostname, (perHost.get(b.hostname) ?? 0) + 1);
  const displayOf = (b: AwBucket) => perHost.get(b.hostname) === 1 ? b.hostname : b.id;
  const rows: Record<string, number> = {};
  const rejected: Record<string, number> = {};
  const count = (type: string, n: number, rej: Record<string, number>) => {
    rows[type] = (rows[type] ?? 0) + n;
    for (const [k, v] of Object.entries(rej)) rejected[k] = (rejected[k] ?? 0) + v;
  };
  const names = new NameCache();
  const snapshots: Snapshot[] = [];
  const snapshotKeys: string[] = [];
  let urls = false;
  for (const bucket of plan.window) {
    const got = source.events(bucket.id, start, end + GAP_MS + 1);
    count(bucket.type, got.read, got.rejected);
    if (got.events.length === 0) continue;
    let spanFrom = Infinity, spanTo = -Infinity;
    for (const e of got.events) {
      spanFrom = Math.min(spanFrom, e.start);
      spanTo = Math.max(spanTo, e.end);
    }
    const afk = afkPeriods(source, plan.afk, bucket.hostname, spanFrom, spanTo, count);
    const web = plan.web.filter((b) => b.hostname === bucket.hostname).map((b) => {
      const r = source.events(b.id, start, end);
      count(b.type, r.read, r.rejected);
      return { token: browserToken(b.id), events: r.events };
    });
    const display = displayOf(bucket);
    for (const c of candidates(got.events, afk, names, start, end, rejected)) {
      const d = c.event.data;
      const app = names.get(d.app)!;
      const snap: Snapshot = {
        ref: c.event.id * AW_REF_CHUNKS + c.k,
        at: c.at,
        display,
        app,
        trigger: c.trigger,
      };
      const title = names.get(d.title);
      if (title !== undefined) snap.title = title;
      const url = dataString(d, "url") ?? (BROWSER.test(app) ? webUrl(web, app, c.at) : undefined);
      if (url !== undefined) {
        snap.url = url;
        urls = true;
      }
      snapshots.push(snap);
      snapshotKeys.push(`aw:${bucket.id}@${c.event.start}#${c.k}${c.closing ? "e" : ""}`);
    }
  }
  const { events, eventKeys } = inputEvents(source, plan, displayOf, start, end, count);
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
        focus: false,
      },
      rows,
      rejected,
    },
  };
  return { capture, snapshotKeys: order.map((i) => snapshotKeys[i]), eventKeys };
}

/** Merged `afk` periods of a host overlapping `[from, to]`. */
function afkPeriods(
  source: AwSource,
  afkBuckets: AwBucket[],
  host: string,
  from: number,
  to: number,
  count: (type: string, n: number, rej: Record<string, number>) => void,
): Piece[] {
  const list: Piece[] = [];
  for (const b of afkBuckets) {
    if (b.hostname !== host) continue;
    const r = source.events(b.id, from, to);
    count(b.type, r.read, r.rejected);
    for (const e of r.events) {
      if (e.data.status === "afk" && e.end > e.start) list.push({ from: e.start, to: e.end });
    }
  }
  list.sort((a, b) => a.from - b.from);
  const merged: Piece[] = [];
  for (const p of list) {
    const last = merged[merged.length - 1];
    if (last !== undefined && p.from <= last.to) last.to = Math.max(last.to, p.to);
    else merged.push({ ...p });
  }
  return merged;
}

/** `[from, to)` minus the afk periods. */
function subtract(from: number, to: number, afk: Piece[]): Piece[] {
  const out: Piece[] = [];
  let cursor = from;
  for (const a of afk) {
    if (a.to <= cursor) continue;
    if (a.from >= to) break;
    if (a.from > cursor) out.push({ from: cursor, to: Math.min(a.from, to) });
    cursor = Math.max(cursor, a.to);
    if (cursor >= to) break;
  }
  if (cursor < to) out.push({ from: cursor, to });
  return out;
}

/** The snapshot instants of one stream's events that fall in `[start, end)`. */
function candidates(
  events: AwEvent[],
  afk: Piece[],
  names: NameCache,
  start: number,
  end: number,
  rejected: Record<string, number>,
): Candidate[] {
  const out: Candidate[] = [];
  const pieces: { from: number; to: number; event: AwEvent; step: number; used: Set<number> }[] =
    [];
  for (const e of events) {
    if (names.get(e.data.app) === undefined) {
      if (e.start >= start && e.start < end) {
        const reason = `${AW_TYPES.window}: no app`;
        rejected[reason] = (rejected[reason] ?? 0) + 1;
      }
      continue;
    }
    const step = Math.max(AW_STEP_MS, Math.ceil((e.end - e.start) / (AW_REF_CHUNKS - 1)));
    const used = new Set<number>();
    for (const p of subtract(e.start, Math.max(e.end, e.start + 1), afk)) {
      pieces.push({ ...p, event: e, step, used });
      // The piece's first instant: the event's start, or the return from an afk period.
      const k0 = Math.floor((p.from - e.start) / step);
      if (!used.has(k0)) {
        used.add(k0);
        out.push({
          at: p.from,
          k: k0,
          event: e,
          trigger: p.from === e.start ? "switch" : "input",
          closing: false,
        });
      }
      for (let k = k0 + 1;; k++) {
        const at = e.start + k * step;
        if (at >= p.to) break;
        used.add(k);
        out.push({ at, k, event: e, trigger: "unknown", closing: false });
      }
    }
  }
  // A piece keeps its tail with a closing snapshot when no activity follows within the gap.
  pieces.sort((a, b) => a.from - b.from);
  const maxTo: number[] = [];
  for (let i = 0, m = -Infinity; i < pieces.length; i++) maxTo.push(m = Math.max(m, pieces[i].to));
  for (const p of pieces) {
    if (p.to <= p.from) continue;
    let lo = 0, hi = pieces.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pieces[mid].from <= p.to + GAP_MS) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0 && maxTo[lo - 1] > p.to) continue;
    const k = Math.ceil((p.to - p.event.start) / p.step);
    if (p.used.has(k)) continue;
    p.used.add(k);
    out.push({ at: p.to, k, event: p.event, trigger: "unknown", closing: true });
  }
  return out.filter((c) => c.at >= start && c.at < end);
}

function browserToken(bucketId: string): string {
  const m = /^aw-watcher-web-([^_]+)/.exec(bucketId);
  return m ? m[1].toLowerCase() : "";
}

/** The URL of the web event covering `at`, preferring the bucket of the app's browser. */
function webUrl(
  web: { token: string; events: AwEvent[] }[],
  app: string,
  at: number,
): string | undefined {
  const lower = app.toLowerCase();
  const mine = web.filter((w) => w.token !== "" && lower.includes(w.token));
  for (const w of mine.length > 0 ? mine : web) {
    const list = w.events;
    let lo = 0, hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid].start <= at) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && i >= lo - 8; i--) {
      if (list[i].end > at) {
        const url = dataString(list[i].data, "url");
        if (url !== undefined) return url;
      }
    }
  }
  return undefined;
}

/** `os.hid.input` counts → key, click and scroll events spread over each interval. */
function inputEvents(
  source: AwSource,
  plan: AwBucketPlan,
  displayOf: (b: AwBucket) => string,
  start: number,
  end: number,
  count: (type: string, n: number, rej: Record<string, number>) => void,
): { events: InputEvent[]; eventKeys: string[] } {
  const events: InputEvent[] = [];
  const eventKeys: string[] = [];
  for (const b of plan.input) {
    const host = plan.window.find((w) => w.hostname === b.hostname);
    const display = host !== undefined ? displayOf(host) : b.hostname;
    const r = source.events(b.id, start, end);
    count(b.type, r.read, r.rejected);
    for (const e of r.events) {
      const kinds: ["key" | "click" | "scroll", number][] = [
        ["key", Math.floor(dataNumber(e.data, "presses"))],
        ["click", Math.floor(dataNumber(e.data, "clicks"))],
        ["scroll", dataNumber(e.data, "scrollX") || dataNumber(e.data, "scrollY") ? 1 : 0],
      ];
      const total = Math.min(AW_REF_CHUNKS, kinds.reduce((s, [, n]) => s + Math.max(0, n), 0));
      const span = Math.max(0, e.end - e.start);
      let j = 0;
      for (const [kind, n] of kinds) {
        for (let i = 0; i < n && j < total; i++, j++) {
          const at = e.start + Math.floor(j * span / total);
          if (at < start || at >= end) continue;
          events.push({ ref: e.id * AW_REF_CHUNKS + j, at, kind, display });
          eventKeys.push(`aw:${b.id}@${e.start}#${j}`);
        }
      }
    }
  }
  const order = events.map((_, i) => i).sort((a, b) =>
    events[a].at - events[b].at || events[a].ref - events[b].ref
  );
  return { events: order.map((i) => events[i]), eventKeys: order.map((i) => eventKeys[i]) };
}
