import { deepEqual, equal, ok } from "node:assert/strict";
import { buildFrames, compile, DEFAULT_RULES } from "../src/compile/mod.ts";
import { type ClickTarget, pickElement, resolveFrameClicks } from "../src/compile/enrich/mod.ts";
import type { Capture, InputEvent } from "../src/model.ts";
import { captureOf, click, DISPLAYS, element, snap, spyLookup } from "./_enrich.ts";

function resolveAll(capture: Capture): (ClickTarget | undefined)[] {
  const built = buildFrames(capture, DEFAULT_RULES, { stale: true });
  const targets = resolveFrameClicks(built.frames, capture, { stale: built.stale });
  return capture.events.map((e: InputEvent) => targets.get(e));
}

const CODE = [snap(1, 0, "Code"), snap(2, 30, "Code"), snap(3, 60, "Code")];
// "Run": x 960–1056 px, y 540–594 px on a 1920×1080 display.
const RUN = element(1, "Run", [0.5, 0.5, 0.05, 0.05]);

Deno.test("resolveFrameClicks() picks the smallest box containing the click", () => {
  const rows = [
    element(1, "main.ts — Code", [0, 0, 1, 1], { role: "AXWindow" }),
    element(1, "Toolbar", [0.4, 0.4, 0.3, 0.3], { role: "AXGroup" }),
    RUN,
  ];
  const [t] = resolveAll(captureOf(CODE, [click(100, 10, 1000, 560)], {
    displays: DISPLAYS,
    elements: spyLookup(rows),
  }));
  deepEqual(t, {
    resolution: "exact",
    confidence: 0.9,
    name: "Run",
    role: "AXButton",
    snapshotRef: 1,
  });
});

Deno.test("resolveFrameClicks() prefers accessibility rows to a smaller OCR word", () => {
  const rows = [RUN, element(1, "Run", [0.51, 0.51, 0.02, 0.02], { role: "word", source: "ocr" })];
  const [t] = resolveAll(captureOf(CODE, [click(100, 10, 1000, 565)], {
    displays: DISPLAYS,
    elements: spyLookup(rows),
  }));
  equal(t?.role, "AXButton");
});

Deno.test("resolveFrameClicks() resolves within 40 px on the x axis by tolerance", () => {
  const [near, far] = resolveAll(captureOf(CODE, [
    click(100, 10, 1056 + 30, 560),
    click(101, 11, 1056 + 45, 560),
  ], { displays: DISPLAYS, elements: spyLookup([RUN]) }));
  equal(near?.resolution, "tolerance");
  equal(near?.name, "Run");
  equal(near?.distancePx, 30);
  ok(near!.confidence > 0.4 && near!.confidence < 0.7, `confidence ${near!.confidence}`);
  equal(far?.resolution, "zone");
});

Deno.test("resolveFrameClicks() measures the y tolerance in y pixels, not x units", () => {
  // 35 px below the box: 35/1080 of the height. In x units (40/1920 of the width, the
  // reference's defect) the margin would be only 22.5 px and this click would be lost.
  const [below35, below45] = resolveAll(captureOf(CODE, [
    click(100, 10, 1000, 594 + 35),
    click(101, 11, 1000, 594 + 45),
  ], { displays: DISPLAYS, elements: spyLookup([RUN]) }));
  equal(below35?.resolution, "tolerance");
  equal(below35?.distancePx, 35);
  equal(below45?.resolution, "zone");
});

Deno.test("resolveFrameClicks() maps a second monitor's clicks through display geometry", () => {
  const snaps = [
    snap(1, 0, "Code"),
    snap(2, 30, "Code"),
    snap(11, 0, "Slack", { display: "monitor_2" }),
    snap(12, 30, "Slack", { display: "monitor_2" }),
  ];
  // 0.52 of monitor_2 is 1331 px into it: global x 3251, y 749.
  const rows = [element(11, "Send", [0.5, 0.5, 0.05, 0.05])];
  const events = [click(100, 10, 1920 + 1331, 749)];
  const [t] = resolveAll(
    captureOf(snaps, events, { displays: DISPLAYS, elements: spyLookup(rows) }),
  );
  deepEqual(t, {
    resolution: "exact",
    confidence: 0.9,
    name: "Send",
    role: "AXButton",
    snapshotRef: 11,
  });
  // Without geometry neither the display nor the element's pixels are known.
  const [blind] = resolveAll(captureOf(snaps, events, { elements: spyLookup(rows) }));
  equal(blind?.resolution, "none");
});

Deno.test("resolveFrameClicks() rescues a click with a snapshot within 5 s that has elements", () => {
  const snaps = [snap(1, 0, "Code"), snap(2, 12, "Code"), snap(3, 60, "Code")];
  const lookup = spyLookup([element(2, "Run", [0.5, 0.5, 0.05, 0.05])]);
  const [t] = resolveAll(
    captureOf(snaps, [click(100, 10, 1000, 560)], { displays: DISPLAYS, elements: lookup }),
  );
  deepEqual(t, {
    resolution: "exact",
    confidence: 0.81,
    name: "Run",
    role: "AXButton",
    snapshotRef: 2,
    nearbyMs: 2000,
  });
  deepEqual(lookup.batches, [[1], [2]]);
});

Deno.test("resolveFrameClicks() does not rescue from a snapshot more than 5 s away", () => {
  const snaps = [snap(1, 0, "Code"), snap(2, 16, "Code"), snap(3, 60, "Code")];
  const [t] = resolveAll(captureOf(snaps, [click(100, 10, 1000, 560)], {
    displays: DISPLAYS,
    elements: spyLookup([element(2, "Run", [0.5, 0.5, 0.05, 0.05])]),
  }));
  equal(t?.resolution, "zone");
});

Deno.test("resolveFrameClicks() keeps a name the source recorded and reads no rows for it", () => {
  const lookup = spyLookup([RUN]);
  const [t] = resolveAll(captureOf(CODE, [
    click(100, 10, 1000, 560, { element: { name: "Run tests", role: "AXButton" } }),
  ], { displays: DISPLAYS, elements: lookup }));
  deepEqual(t, { resolution: "native", confidence: 1, name: "Run tests", role: "AXButton" });
  deepEqual(lookup.batches, []);
});

Deno.test("resolveFrameClicks() falls back to the screen zone", () => {
  const snaps = [
    snap(1, 0, "Chrome", { url: "https://example.com/a" }),
    snap(2, 60, "Chrome", { url: "https://example.com/a" }),
  ];
  const zones = resolveAll(captureOf(snaps, [
    click(100, 1, 900, 10),
    click(101, 2, 900, 80),
    click(102, 3, 100, 600),
    click(103, 4, 900, 600),
  ], { displays: DISPLAYS, elements: spyLookup([]) })).map((
    t,
  ) => [t?.resolution, t?.zone, t?.confidence]);
  deepEqual(zones, [
    ["zone", "menu_bar", 0.2],
    ["zone", "browser_chrome", 0.2],
    ["zone", "sidebar", 0.2],
    ["zone", "main_content", 0.2],
  ]);
});

Deno.test("resolveFrameClicks() says none without coordinates or without geometry", () => {
  const noPoint: InputEvent = { ref: 100, at: CODE[0].at + 10_000, kind: "click" };
  const [a] = resolveAll(
    captureOf(CODE, [noPoint], { displays: DISPLAYS, elements: spyLookup([RUN]) }),
  );
  deepEqual(a, { resolution: "none", confidence: 0 });
  const [b] = resolveAll(
    captureOf(CODE, [click(100, 10, 1000, 560)], { elements: spyLookup([RUN]) }),
  );
  equal(b?.resolution, "none");
});

Deno.test("pickElement() ignores rows without a name and breaks distance ties by box size", () => {
  const placed = (name: string, x: number, w: number) => ({
    element: element(1, name, [0, 0, 0, 0]),
    x,
    y: 0,
    width: w,
    height: 10,
  });
  equal(pickElement({ x: 5, y: 5 }, [placed("", 0, 10)], { tolerancePx: 40 }), undefined);
  const pick = pickElement({ x: 50, y: 5 }, [placed("wide", 0, 30), placed("narrow", 20, 10)], {
    tolerancePx: 40,
  });
  equal(pick?.element.name, "narrow");
  equal(pick?.level, "tolerance");
  equal(pick?.distance, 20);
});

Deno.test("compile() reads element rows once, only for clicks that need resolving", () => {
  const lookup = spyLookup([RUN]);
  compile(captureOf(CODE, [], { displays: DISPLAYS, elements: lookup }), {
    tz: "UTC",
    minMinutes: 0,
  });
  deepEqual(lookup.batches, [], "no clicks, no lookup");
  compile(
    captureOf(CODE, [
      click(100, 10, 1000, 560),
      click(101, 11, 1000, 560, { element: { name: "Run" } }),
      click(102, 40, 1000, 560),
    ], { displays: DISPLAYS, elements: lookup }),
    { tz: "UTC", minMinutes: 0 },
  );
  // One batch with the own snapshots of the two unnamed clicks; snapshot 2 has no rows and
  // no other snapshot lies within 5 s of its click, so there is nothing to rescue from.
  deepEqual(lookup.batches, [[1, 2]]);
});
