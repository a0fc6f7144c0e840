/**
 * One window bucket → its canonical pieces and snapshot instants (FORMATS §2): window
 * events flooded and intersected with the host's active periods (`_canonical.ts`), split
 * where the browser's page changes, then placed so dwell credit equals the pieces
 * (`_place.ts`). Every instant gets a ref `event id × AW_REF_CHUNKS + j`, j its rank among
 * all of the event's instants — computed over the whole event, never the window, so any
 * window gives the same refs.
 *
 * @module
 */

import {
  type EventSpan,
  flood,
  intersect,
  resolveOverlaps,
  type Span,
  union,
  webBucketCovers,
} from "./_canonical.ts";
import { type AwEvent, dataString } from "./_model.ts";
import { type Instant, type Piece, placeInstants } from "./_place.ts";

/** Chunks per event in a ref: `ref = event id × AW_REF_CHUNKS + j`. */
export const AW_REF_CHUNKS = 10_000;

/** A web bucket's events, for joining URLs to browser windows. */
export interface WebEvents {
  bucketId: string;
  events: AwEvent[];
}

/** What a stream is built from: every event of the context range, oldest first. */
export interface StreamInput {
  window: AwEvent[];
  /** The host's afk events; `undefined` when the host has no afk bucket (nothing is cut). */
  afk?: AwEvent[];
  web: WebEvents[];
  /** An event's app, or `undefined` when it has none (the event is rejected). */
  appOf: (e: AwEvent) => string | undefined;
}

/** An instant with its ref. */
export interface RefInstant extends Instant {
  ref: number;
}

/** A stream's instants and what its canonical view says. */
export interface StreamOutput {
  instants: RefInstant[];
  /** Away stretches: flooded `status: afk` events minus active time, for away markers. */
  away: EventSpan[];
  /** The canonical pieces before overlaps were resolved (for the doubled-time note). */
  raw: EventSpan[];
}

/** Build one stream's canonical pieces and snapshot instants. */
export function buildStream(input: StreamInput): StreamOutput {
  const flooded = flood(input.window).filter((s) => input.appOf(s.event) !== undefined);
  const afk = input.afk === undefined ? undefined : flood(input.afk);
  let away: EventSpan[] = [];
  const webs = input.web.map((w) => ({ bucketId: w.bucketId, spans: flood(w.events) }));
  let raw: EventSpan[] = flooded;
  if (afk !== undefined) {
    const active: Span[] = afk.filter((s) => s.event.data.status === "not-afk");
    // aw-client's include_audible: an audible page in the active browser window is activity.
    for (const w of webs) {
      const audible = w.spans.filter((s) => s.event.data.audible === true);
      if (audible.length === 0) continue;
      const browsers = union(
        flooded.filter((s) => webBucketCovers(w.bucketId, input.appOf(s.event)!)),
      );
      for (const a of audible) active.push(...intersect(a, browsers));
    }
    const filter = union(active);
    // Away is afk time nothing counted as active (an audible page can interrupt it).
    away = afk.filter((s) => s.event.data.status === "afk").flatMap((s) =>
      subtract(s, filter).map((p) => ({ event: s.event, ...p }))
    );
    raw = flooded.flatMap((s) => intersect(s, filter).map((p) => ({ event: s.event, ...p })));
  }
  const { pieces } = resolveOverlaps(raw);
  const withPages = pieces.flatMap((p) => splitByPage(p, input.appOf(p.event)!, webs));
  const instants = placeInstants(mergeSame(withPages), AW_REF_CHUNKS - 1000);
  return { instants: withRefs(instants), away, raw };
}

/** Split a piece where the page of its browser changes (the event's own `url` wins). */
function splitByPage(
  piece: EventSpan,
  app: string,
  webs: { bucketId: string; spans: EventSpan[] }[],
): Piece[] {
  // A window its recorder withheld joins no page: the page is what it withheld.
  if (piece.event.withheld !== undefined) return [piece];
  const own = dataString(piece.event.data, "url");
  if (own !== undefined) return [{ ...piece, url: own }];
  const pages: EventSpan[] = [];
  for (const w of webs) {
    if (!webBucketCovers(w.bucketId, app)) continue;
    for (const s of w.spans) {
      if (s.to <= piece.from || s.from >= piece.to) continue;
      const withheld = s.event.withheld !== undefined;
      if (!withheld && dataString(s.event.data, "url") === undefined) continue;
      pages.push({
        event: s.event,
        from: Math.max(s.from, piece.from),
        to: Math.min(s.to, piece.to),
      });
    }
  }
  if (pages.length === 0) return [piece];
  const out: Piece[] = [];
  let cursor = piece.from;
  for (const p of resolveOverlaps(pages).pieces) {
    if (p.from > cursor) out.push({ event: piece.event, from: cursor, to: p.from });
    out.push(
      p.event.withheld !== undefined
        ? { event: piece.event, from: p.from, to: p.to, private: true }
        : { event: piece.event, from: p.from, to: p.to, url: dataString(p.event.data, "url") },
    );
    cursor = p.to;
  }
  if (cursor < piece.to) out.push({ event: piece.event, from: cursor, to: piece.to });
  return out;
}

/** Join neighbouring pieces of one event that show the same page. */
function mergeSame(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (
      last !== undefined && last.event === p.event && last.to === p.from && last.url === p.url &&
      last.private === p.private
    ) {
      last.to = p.to;
    } else out.push({ ...p });
  }
  return out;
}

function withRefs(instants: Instant[]): RefInstant[] {
  const rank = new Map<AwEvent, number>();
  return instants.map((i) => {
    const j = rank.get(i.piece.event) ?? 0;
    rank.set(i.piece.event, j + 1);
    return { ...i, ref: i.piece.event.id * AW_REF_CHUNKS + Math.min(j, AW_REF_CHUNKS - 1) };
  });
}

/** `span` minus the merged, sorted `filter` intervals. */
function subtract(span: Span, filter: readonly Span[]): Span[] {
  const out: Span[] = [];
  let cursor = span.from;
  for (const f of intersect(span, filter)) {
    if (f.from > cursor) out.push({ from: cursor, to: f.from });
    cursor = f.to;
  }
  if (cursor < span.to) out.push({ from: cursor, to: span.to });
  return out;
}
