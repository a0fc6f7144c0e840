/**
 * The incremental session's listing memo (src/compile/listing.ts): click levels
 * (enrich/click_memo.ts) and frame documents (frame_memo.ts) remembered between compiles.
 * Each test primes a memo on one capture, changes exactly one input the memo keys on, lists
 * again through the memo and compares with a listing without it — so a memo that ignored
 * that input answers the old value and fails — and checks that the memo did remember the
 * rest (it is not simply recomputing everything).
 *
 * The synthetic captures: one display 1920x1080 at the origin, a snapshot every 10 s (the
 * app changes every six, so frames are short and many), four named buttons per snapshot in
 * bounds normalised to the display (as screenpipe records them on macOS and Windows,
 * crates/screenpipe-a11y/src/tree/macos.rs `normalize_bounds`), every fifth snapshot
 * without element rows, and two clicks per snapshot in global pixels on a button's middle.
 */

import { deepEqual, equal, notDeepEqual, ok } from "node:assert/strict";
import { buildFrames } from "../src/compile/build.ts";
import { listFrames, type Listing, type ListingMemo } from "../src/compile/listing.ts";
import { listingMemo } from "../src/compile/incremental.ts";
import { classifyRemembered, clickMemo } from "../src/compile/enrich/click_memo.ts";
import { splitElementLookup } from "../src/compile/enrich/split_lookup.ts";
import { type Settings, settle } from "../src/compile/options.ts";
import {
  classifyClicks,
  type ClickInput,
  elementLookupFromRows,
  parseDisplays,
} from "../src/compile/enrich/mod.ts";
import type { Capture, Element, ElementLookup, InputEvent, Snapshot } from "../src/model.ts";
import type { PageRef } from "../src/entities/parser.ts";
import { memoryFacts, T0 } from "./_capture.ts";

const DISPLAY = parseDisplays("monitor_1=1920x1080+0+0");
const W = 1920, H = 1080;

function button(ref: number, b: number): { x: number; y: number; width: number; height: number } {
  return {
    x: 0.1 + 0.2 * b + 0.01 * (ref % 3),
    y: 0.4 + 0.02 * (ref % 4),
    width: 0.05,
    height: 0.05,
  };
}

function rowsOf(ref: number, shift = 0): Element[] {
  return [0, 1, 2, 3].map((b) => {
    const box = button(ref, b);
    return {
      snapshotRef: ref,
      role: "AXButton",
      name: `b${b}`,
      bounds: { ...box, x: box.x + shift },
      units: "normalized" as const,
      source: "accessibility" as const,
    };
  });
}

function snapshot(i: number): Snapshot {
  return {
    ref: i + 1,
    at: T0 + i * 10_000,
    display: "monitor_1",
    app: `App${Math.floor(i / 6) % 3}`,
    title: `t${i % 4}`,
    url: i % 6 < 3 ? `https://example.com/p/${i % 5}` : undefined,
    trigger: "input",
  };
}

/** A click on button `b` of the snapshot with ref `ref`, at `at`. */
function click(ref: number, at: number, b: number, evRef: number): InputEvent {
  const box = button(ref, b);
  return {
    ref: evRef,
    at,
    kind: "click",
    display: "monitor_1",
    x: Math.round((box.x + box.width / 2) * W),
    y: Math.round((box.y + box.height / 2) * H),
  };
}

function synth(snaps: number): Capture {
  const snapshots: Snapshot[] = [], events: InputEvent[] = [], rows: Element[] = [];
  for (let i = 0; i < snaps; i++) {
    const s = snapshot(i);
    snapshots.push(s);
    if (i % 5 !== 4) rows.push(...rowsOf(s.ref));
    events.push(click(s.ref, s.at + 2000, i % 4, 10_000 + 2 * i));
    events.push({ ref: 10_001 + 2 * i, at: s.at + 5000, kind: "key", display: "monitor_1" });
  }
  return {
    window: { start: T0 - 3_600_000, end: T0 + 86_400_000 },
    snapshots,
    events,
    displays: DISPLAY,
    facts: memoryFacts(snapshots, events),
    elements: elementLookupFromRows(rows),
  };
}

function settings(typer: (url: string) => PageRef = (url) => ({ kind: "web", entity: url })) {
  return settle({ tz: "UTC", minMinutes: 0 }, typer);
}

function list(capture: Capture, s: Settings, memo?: ListingMemo): Listing {
  const built = buildFrames(capture, s.rules, { stale: s.enrich });
  return listFrames(capture, built, s, memo);
}

/** What a listing says, as plain values (levels by event ref). */
function said(l: Listing) {
  return {
    frames: JSON.stringify(l.frames),
    totals: l.totals,
    levels: [...l.levels ?? []].map(([e, r]) => [e.ref, r]).sort((a, b) => +a[0] - +b[0]),
    omitted: l.omitted,
  };
}

/** Lists `after` through a memo primed on `before`; returns both listings and the memo. */
function again(before: Capture, after: Capture, s1: Settings, s2: Settings = s1) {
  const memo = listingMemo();
  const first = list(before, s1, memo);
  const clicks0 = memo.clicks.classified, docs0 = memo.docs.built;
  const got = list(after, s2, memo);
  const want = list(after, s2);
  deepEqual(said(got), said(want), "the memo changes nothing");
  return {
    first,
    got,
    classified: memo.clicks.classified - clicks0,
    built: memo.docs.built - docs0,
  };
}

Deno.test("an unchanged capture lists from the memo alone, with the same totals", () => {
  const c = synth(60);
  const r = again(c, c, settings());
  equal(r.classified, 0);
  equal(r.built, 0);
  deepEqual(said(r.got), said(r.first));
  ok(r.got.totals.exact > 20, JSON.stringify(r.got.totals));
});

Deno.test("a late event attributed into an old frame rebuilds that frame's document only", () => {
  const c = synth(60);
  const late: Capture = {
    ...c,
    events: [...c.events, { ref: 20_000, at: T0 + 12_000, kind: "paste", display: "monitor_1" }],
  };
  const r = again(c, late, settings());
  notDeepEqual(said(r.got).frames, said(r.first).frames);
  equal(r.built, 1, "one frame holds the late event");
  equal(r.classified, 0, "no click moved");
  // And the other way: the event gone again.
  const back = again(late, c, settings());
  equal(back.built, 1);
});

Deno.test("an element lookup that answers differently for an old snapshot reclassifies its clicks", () => {
  const c = synth(60);
  // The same rows, but snapshot 3's buttons moved right: its click now misses them.
  const rows: Element[] = [];
  for (const s of c.snapshots) {
    if ((s.ref - 1) % 5 !== 4) rows.push(...rowsOf(s.ref, s.ref === 3 ? 0.1 : 0));
  }
  const moved: Capture = { ...c, elements: elementLookupFromRows(rows) };
  const r = again(c, moved, settings());
  notDeepEqual(said(r.got).levels, said(r.first).levels);
  ok(r.built >= 1, "the frame of the click counts it anew");
});

Deno.test("a new display geometry reclassifies every click and rebuilds the frames it changes", () => {
  const c = synth(60);
  const shifted: Capture = { ...c, displays: parseDisplays("monitor_1=1920x1080+300+0") };
  const r = again(c, shifted, settings());
  notDeepEqual(said(r.got).totals, said(r.first).totals);
  equal(r.classified, r.first.levels!.size, "every listed click");
});

Deno.test("a late snapshot that becomes a click's own snapshot reclassifies that click", () => {
  const c = synth(60);
  // Between snapshot 10 (ref 11, at +100 s) and its click (+102 s): the click is now in the
  // new snapshot's dwell interval, whose rows put no button under it.
  const extra: Snapshot = { ...snapshot(10), ref: 500, at: T0 + 101_000 };
  const rows: Element[] = [];
  for (const s of c.snapshots) if ((s.ref - 1) % 5 !== 4) rows.push(...rowsOf(s.ref));
  rows.push(...rowsOf(500, 0.3));
  const late: Capture = {
    ...c,
    snapshots: [...c.snapshots, extra],
    elements: elementLookupFromRows(rows),
  };
  // The same lookup object in both listings: only the click's own snapshot moves.
  const before: Capture = { ...c, elements: late.elements };
  const r = again(before, late, settings());
  notDeepEqual(said(r.got).levels, said(r.first).levels);
  ok(r.classified >= 1 && r.classified <= 3, `${r.classified} clicks classified`);
});

Deno.test("a late snapshot near a click whose own snapshot has no rows rescues it", () => {
  // Snapshot 4 (ref 5) has no rows: its click at +42 s fell to the zone (the snapshots at
  // 30 s and 50 s are further than the rescue's 5 s). A late snapshot at +44 s has rows.
  const c = synth(60);
  const extra: Snapshot = { ...snapshot(4), ref: 600, at: T0 + 44_000 };
  const rows: Element[] = [];
  for (const s of c.snapshots) if ((s.ref - 1) % 5 !== 4) rows.push(...rowsOf(s.ref));
  // Snapshot 600's buttons where snapshot 5's click aims.
  rows.push(...rowsOf(5).map((e) => ({ ...e, snapshotRef: 600 })));
  const lookup = elementLookupFromRows(rows);
  const before: Capture = { ...c, elements: lookup };
  // After the click (+42 s): the click stays in snapshot 5's dwell interval.
  const late: Capture = { ...before, snapshots: [...c.snapshots, extra] };
  const r = again(before, late, settings());
  const level = (l: Listing) => [...l.levels!].find(([e]) => e.ref === 10_008)?.[1];
  equal(level(r.first), "zone");
  equal(level(r.got), "exact");
});

Deno.test("a new page typer rebuilds every frame document that shows a URL", () => {
  const c = synth(60);
  const s = settings();
  const other = settings((url) => ({ kind: "other", entity: url.length.toString() }));
  // Only `pageOf` differs between the two settings.
  const r = again(c, c, s, { ...s, pageOf: other.pageOf });
  notDeepEqual(said(r.got).frames, said(r.first).frames);
  equal(r.classified, 0);
  ok(r.built > 0);
});

Deno.test("another local time format rebuilds every frame document", () => {
  const c = synth(60);
  const s = settings();
  const r = again(c, c, s, { ...s, time: (ms) => new Date(ms).toISOString() });
  notDeepEqual(said(r.got).frames, said(r.first).frames);
  equal(r.built, r.first.frames.length);
});

Deno.test("an event of an old frame that changes kind, the count unchanged, rebuilds its frame", () => {
  const c = synth(60);
  const changed: Capture = {
    ...c,
    events: c.events.map((e) => e.ref === 10_001 ? { ...e, kind: "paste" } : e),
  };
  const r = again(c, changed, settings());
  notDeepEqual(said(r.got).frames, said(r.first).frames);
  equal(r.built, 1);
});

Deno.test("a snapshot of an old frame with another title, or another URL, rebuilds its frame", () => {
  const c = synth(60);
  for (const change of [{ title: "a new title" }, { url: "https://example.com/p/elsewhere" }]) {
    const changed: Capture = {
      ...c,
      snapshots: c.snapshots.map((s) => s.ref === 2 ? { ...s, ...change } : s),
    };
    const r = again(c, changed, settings());
    notDeepEqual(said(r.got).frames, said(r.first).frames, JSON.stringify(change));
    equal(r.built, 1);
  }
});

Deno.test("credit moving between the snapshots of a frame, its measures unchanged, rebuilds it", () => {
  // No element rows: every click falls to the zone either way, so only the credits move.
  const c: Capture = { ...synth(60), elements: undefined };
  const moved: Capture = {
    ...c,
    snapshots: c.snapshots.map((s) => s.ref === 3 ? { ...s, at: s.at + 7000 } : s),
  };
  const r = again(c, moved, settings());
  const frame = (l: Listing) => l.frames.find((f) => f.id === "monitor_1:1")!;
  deepEqual(
    [frame(r.got).start, frame(r.got).end, frame(r.got).duration_min],
    [frame(r.first).start, frame(r.first).end, frame(r.first).duration_min],
  );
  notDeepEqual(frame(r.got).windows, frame(r.first).windows);
  equal(r.built, 1);
});

Deno.test("an event of an old frame that stale attribution moves, nothing else changed, rebuilds its frame", () => {
  const c = synth(60);
  // A key press late in the first snapshot's interval (+0 s): naming the second one's title
  // (+10 s, the nearest), it moves there, in the same frame.
  const key = (title?: string): Capture => ({
    ...c,
    // Alone: its frame's events are the same list either way, only the record differs.
    events: [{
      ref: 20_000,
      at: T0 + 8_000,
      kind: "key",
      display: "monitor_1",
      ...(title !== undefined ? { title } : {}),
    }],
  });
  const r = again(key(), key("t1"), settings());
  const frame = (l: Listing) => l.frames.find((f) => f.id === "monitor_1:1")!;
  equal(frame(r.first).input.reattributed, 0);
  equal(frame(r.got).input.reattributed, 1);
  equal(r.built, 1);
});

/** Snapshots of App0 with one 10 s detour to App1 (folded by the flicker rule) at +60 s. */
function detour(): Capture {
  const c = synth(13);
  return {
    ...c,
    elements: undefined,
    snapshots: c.snapshots.map((s, i) => ({
      ...s,
      app: i === 6 ? "App1" : "App0",
      url: undefined,
    })),
    events: [],
  };
}

Deno.test("input in a folded detour of an old frame rebuilds that frame", () => {
  const c = detour();
  const late: Capture = {
    ...c,
    events: [{ ref: 20_000, at: T0 + 65_000, kind: "paste", display: "monitor_1" }],
  };
  const r = again(c, late, settings());
  equal(r.first.frames.length, 1);
  equal(r.first.frames[0].interruptions.length, 1);
  notDeepEqual(said(r.got).frames, said(r.first).frames);
  equal(r.built, 1);
});

Deno.test("the last event of an old frame gone rebuilds that frame", () => {
  const c = detour();
  const ev = (ref: number, s: number) => ({ ref, at: T0 + s * 1000, kind: "key" as const });
  const both: Capture = { ...c, events: [ev(20_000, 5), ev(20_001, 95)] };
  const first: Capture = { ...c, events: [ev(20_000, 5)] };
  const r = again(both, first, settings());
  equal(r.first.frames[0].input.events, 2);
  equal(r.got.frames[0].input.events, 1);
  equal(r.built, 1);
});

Deno.test("a folded detour showing another app rebuilds its frame", () => {
  const c = detour();
  const other: Capture = {
    ...c,
    snapshots: c.snapshots.map((s, i) => i === 6 ? { ...s, app: "App2" } : s),
  };
  const r = again(c, other, settings());
  equal(r.got.frames[0].interruptions[0].app, "App2");
  equal(r.built, 1);
});

Deno.test("a split lookup keeps the head's clicks and reclassifies those a new tail lookup answers", () => {
  const c = synth(60);
  const rows: Element[] = [];
  for (const s of c.snapshots) if ((s.ref - 1) % 5 !== 4) rows.push(...rowsOf(s.ref));
  const head = elementLookupFromRows(rows);
  const tailRefs = new Set(c.snapshots.slice(50).map((s) => s.ref));
  const built = buildFrames(c, settings().rules, { stale: true });
  const clicks: ClickInput[] = [];
  for (const f of built.frames) {
    for (const ev of f.events) {
      if (ev.kind !== "click") continue;
      const i = f.snaps.find((j) =>
        f.stream.snaps[j].at <= ev.at && ev.at - f.stream.snaps[j].at < 10_000
      )!;
      clicks.push({ event: ev, stream: f.stream, index: i });
    }
  }
  const memo = clickMemo();
  const opts = (lookup: ElementLookup | undefined) => ({ displays: DISPLAY, lookup });
  const tail1 = elementLookupFromRows(rows.filter((e) => tailRefs.has(e.snapshotRef)));
  const one = classifyRemembered(clicks, opts(splitElementLookup(head, tail1, tailRefs)), memo);
  deepEqual(one, classifyClicks(clicks, opts(head)));
  const before = memo.classified;
  // A fresh tail lookup whose rows for one tail snapshot moved: only tail clicks go again.
  const moved = rows.filter((e) => tailRefs.has(e.snapshotRef) && e.snapshotRef !== 52);
  const tail2 = elementLookupFromRows([...moved, ...rowsOf(52, 0.1)]);
  const split2 = splitElementLookup(head, tail2, tailRefs);
  const two = classifyRemembered(clicks, opts(split2), memo);
  deepEqual(two, classifyClicks(clicks, opts(split2)));
  notDeepEqual(two, one);
  const tailClicks = clicks.filter((k) => tailRefs.has(k.stream.snaps[k.index].ref)).length;
  equal(memo.classified - before, tailClicks);
});
