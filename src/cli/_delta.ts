/**
 * The delta read of a live session (SPEC §11, issue 19): when a window's watermark moved,
 * read only its tail `[t, end)` through the adapter's ordinary read and absorb the rows it
 * gained, instead of reading the whole window again. Generic over sources whose reads
 * split in time (`Adapter.splitReads`: the screenpipe and native database files); network
 * sources (aw:URL, screenpipe:api) have no watermark and keep the full read.
 *
 * Exactness, without trusting the tail alone:
 * - the tail start `t` is fixed when the session is armed (the last row then, less a
 *   margin for rows written a little out of order), and the tail as read then is kept raw;
 * - every row of that earlier tail read must come back unchanged (same ref, same content);
 *   the rows it lacks are the delta;
 * - fact counts move by the tail's difference (the head before `t` is the same rows); the
 *   other facts, the display geometry, the element units and which kinds of row the tail
 *   shows must not change at all;
 * - the source's watermark must be explained by the tail: each part named after a
 *   `facts.rows` key grew by exactly what that count grew in the tail, and every other part
 *   (markers, displays, sources) is unchanged. A row inserted before `t`, a deleted row or
 *   a new source fail this and the caller falls back to a full read.
 * - rows the read leaves in the source on purpose (screenpipe's `move` events) are counted
 *   by the watermark and, in a tail read by id, by the tail (`Capture.unread`): the part
 *   must grow by both.
 * One blind spot remains, the cache's own: a row deleted before `t` and another inserted
 * there between two calls (a `move` among them) leave the counts as they were.
 *
 * @module
 */

import type { RefFloors } from "../../adapters/types.ts";
import type { Watermark } from "../cache/mod.ts";
import type { CaptureDelta } from "../compile/incremental.ts";
import type { Capture, ElementLookup, SourceFacts } from "../model.ts";
import { splitElementLookup } from "../compile/enrich/split_lookup.ts";

/** How far before the last row the tail starts: rows written this late still land in it. */
export const TAIL_MARGIN_MS = 120_000;

/** A tail holding more rows than this is re-armed at the newest rows. */
export const MAX_TAIL_ROWS = 400;

/** What a live session keeps to read only its tail. */
export interface TailState {
  /** Where the tail starts (UTC epoch ms). */
  start: number;
  /** The tail as last read (rows as the source returned them, before redaction). */
  read: Capture;
  /** The element lookup of the session's full read: it answers for snapshots before `start`. */
  headElements: ElementLookup | undefined;
  /** The session's facts now. */
  facts: SourceFacts;
  /** Hosts of the URLs the session's typer covers; `undefined` when it saw no URL at all. */
  hosts: Set<string> | undefined;
  /** Ids the tail is read from (the reader may skip its time index), when that read was exact. */
  fromRefs?: RefFloors;
}

/**
 * The ids a tail read may start from: per kind of row, the smallest id of the tail as read
 * by time (a tail without events: past the session's last one, so rows a reader leaves
 * out, `Capture.unread`, are still counted by id). A row written later with a smaller id
 * (out of id order) is then missed by the read, but not by the watermark, whose count
 * grows past the tail's: the delta falls back.
 */
export function tailFloors(tail: Capture, session: Capture): RefFloors | undefined {
  const min = (rows: readonly { ref: number }[]) => {
    let m = Infinity;
    for (const r of rows) if (r.ref < m) m = r.ref;
    return Number.isSafeInteger(m) ? m : undefined;
  };
  const snapshots = min([...tail.snapshots, ...tail.after ?? []]);
  let events = min(tail.events);
  if (events === undefined && session.events.length > 0) {
    let m = -Infinity;
    for (const e of session.events) if (e.ref > m) m = e.ref;
    if (Number.isSafeInteger(m + 1)) events = m + 1;
  }
  if (snapshots === undefined && events === undefined) return undefined;
  return {
    ...(snapshots !== undefined ? { snapshots } : {}),
    ...(events !== undefined ? { events } : {}),
  };
}

/** Whether two reads of the same window gave the same capture (rows, look-ahead, facts). */
export function sameRead(a: Capture, b: Capture): boolean {
  const form = (c: Capture) =>
    JSON.stringify([
      c.window,
      c.snapshots,
      c.events,
      c.markers ?? [],
      c.after ?? [],
      c.displays,
      c.facts,
      c.elements?.units,
    ]);
  return form(a) === form(b);
}

/** Where a session over `capture` would start its tail, or `undefined` when it holds no row. */
export function tailStart(capture: Capture): number | undefined {
  let last = -Infinity;
  for (const s of capture.snapshots) if (s.at > last) last = s.at;
  for (const e of capture.events) if (e.at > last) last = e.at;
  if (last === -Infinity) return undefined;
  const { start, end } = capture.window;
  return Math.min(Math.max(start, last - TAIL_MARGIN_MS), end - 1);
}

/**
 * Arms a session: `tail` (read raw from `start` to the window's end, at the session's
 * watermark) must hold exactly the session's rows from `start` on; `undefined` otherwise.
 */
export function armTail(
  session: Capture,
  tail: Capture,
  start: number,
  hosts: Set<string> | undefined,
): TailState | undefined {
  const from = <T extends { at: number; ref: number }>(rows: readonly T[] | undefined) =>
    refList((rows ?? []).filter((r) => r.at >= start));
  if (
    from(session.snapshots) !== refList(tail.snapshots) ||
    from(session.events) !== refList(tail.events) ||
    from(session.markers) !== refList(tail.markers ?? []) ||
    refList(session.after ?? []) !== refList(tail.after ?? []) ||
    (session.elements === undefined) !== (tail.elements === undefined) ||
    session.facts.fingerprint !== tail.facts.fingerprint
  ) return undefined;
  return { start, read: tail, headElements: session.elements, facts: session.facts, hosts };
}

/** The delta the tail `now` brings, and the tail state after it; or why it cannot be used. */
export function tailDelta(
  state: TailState,
  now: Capture,
  watermarks: { was: Watermark; now: Watermark },
): { delta: CaptureDelta; next: TailState } | string {
  const was = state.read;
  if (now.window.start !== state.start || now.window.end !== was.window.end) return "window";
  if (otherFacts(now.facts) !== otherFacts(was.facts)) return "facts";
  if (kinds(now) !== kinds(was)) return "row kinds";
  if (JSON.stringify(now.displays) !== JSON.stringify(was.displays)) return "displays";
  if (now.elements?.units !== was.elements?.units) return "element units";
  const snapshots = gained(was.snapshots, now.snapshots);
  const events = gained(was.events, now.events);
  const markers = gained(was.markers ?? [], now.markers ?? []);
  if (snapshots === undefined || events === undefined || markers === undefined) {
    return "a row of the tail changed or went";
  }
  const facts = movedFacts(state.facts, was.facts, now.facts);
  if (facts === undefined) return "fact counts";
  if (!explained(watermarks.was, watermarks.now, was, now)) return "watermark";
  const tailRefs = new Set(now.snapshots.map((s) => s.ref));
  const elements = splitElementLookup(state.headElements, now.elements, tailRefs);
  const delta: CaptureDelta = {
    snapshots,
    events,
    markers,
    after: now.after ?? [],
    facts,
    displays: now.displays,
    ...(elements !== undefined ? { elements } : {}),
  };
  return { delta, next: { ...state, read: now, facts } };
}

function refList(rows: readonly { ref: number }[]): string {
  return rows.map((r) => r.ref).sort((a, b) => a - b).join(",");
}

/** The facts a tail must leave alone: everything but the counts. */
function otherFacts(f: SourceFacts): string {
  return JSON.stringify([f.adapter, f.location, f.fingerprint, f.capabilities, f.notes ?? []]);
}

/** Which kinds of snapshot the rows show (a source's capability flags are functions of these). */
function kinds(c: Capture): string {
  let focused = false, unfocused = false, url = false;
  for (const s of c.snapshots) {
    if (s.focused === true) focused = true;
    else if (s.focused === false) unfocused = true;
    if (s.url !== undefined && s.url !== "") url = true;
  }
  return `${focused} ${unfocused} ${url}`;
}

/** Rows of `now` not in `was`, when every row of `was` is in `now` unchanged. */
function gained<T extends { ref: number }>(was: readonly T[], now: readonly T[]): T[] | undefined {
  const old = new Map<number, T>();
  for (const r of was) old.set(r.ref, r);
  const out: T[] = [];
  let kept = 0;
  for (const r of now) {
    const o = old.get(r.ref);
    if (o === undefined) out.push(r);
    else if (o === r || JSON.stringify(o) === JSON.stringify(r)) kept++;
    else return undefined;
  }
  return kept === old.size ? out : undefined;
}

/**
 * The session's facts moved by the tail's difference: counts add, keys keep the order of a
 * full read (a key the session has not seen yet, or one that drops to zero, falls back:
 * where a full read would place it is the reader's business).
 */
function movedFacts(
  facts: SourceFacts,
  was: SourceFacts,
  now: SourceFacts,
): SourceFacts | undefined {
  const rows = moved(facts.rows, was.rows, now.rows, true);
  const rejected = moved(facts.rejected, was.rejected, now.rejected, false);
  const withheld = moved(facts.withheld ?? {}, was.withheld ?? {}, now.withheld ?? {}, false);
  if (rows === undefined || rejected === undefined || withheld === undefined) return undefined;
  const out: SourceFacts = { ...facts, rows, rejected };
  if (facts.withheld !== undefined) out.withheld = withheld;
  else if (Object.keys(withheld).length > 0) return undefined;
  return out;
}

function moved(
  base: Record<string, number>,
  was: Record<string, number>,
  now: Record<string, number>,
  keepZero: boolean,
): Record<string, number> | undefined {
  for (const k of Object.keys(now)) if (!(k in base)) return undefined;
  const out: Record<string, number> = {};
  for (const k of Object.keys(base)) {
    const v = base[k] - (was[k] ?? 0) + (now[k] ?? 0);
    if (v < 0 || (v === 0 && !keepZero)) return undefined;
    out[k] = v;
  }
  return out;
}

/**
 * Whether the tail explains how the watermark moved: a part named after a `facts.rows`
 * key grew by what that count grew, plus what the tail's rows left in the source under that
 * key grew (`Capture.unread`: the part counts them, the read does not return them; absent
 * on either side, none may arrive); per-stream parts (`name@stream`) are covered by their
 * total, cursor and element parts by the lazy lookup; every other part stays as it was.
 */
function explained(was: Watermark, now: Watermark, tailWas: Capture, tailNow: Capture): boolean {
  if (was.schema !== now.schema) return false;
  const rowsWas = tailWas.facts.rows, rowsNow = tailNow.facts.rows;
  const unread = (key: string) =>
    tailWas.unread?.[key] !== undefined && tailNow.unread?.[key] !== undefined
      ? tailNow.unread[key] - tailWas.unread[key]
      : 0;
  const names = new Set([...Object.keys(was.parts), ...Object.keys(now.parts)]);
  for (const name of names) {
    const a = was.parts[name], b = now.parts[name];
    if (a === undefined || b === undefined) return false;
    const base = name.split("@")[0];
    if (a.cursor === true || b.cursor === true || base === "elements") continue;
    if (base in rowsNow) {
      if (name !== base) continue;
      const grew = (rowsNow[base] ?? 0) - (rowsWas[base] ?? 0) + unread(base);
      if (b.rows - a.rows !== grew) return false;
      if (a.maxRef !== null && (b.maxRef === null || b.maxRef < a.maxRef)) return false;
      continue;
    }
    if (a.rows !== b.rows || a.maxRef !== b.maxRef || a.lastAt !== b.lastAt) return false;
  }
  return true;
}
