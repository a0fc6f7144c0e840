import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { findFrames, frameSteps, renderSteps } from "../src/steps/mod.ts";
import type { InputEvent } from "../src/model.ts";
import { T0 } from "./_capture.ts";
import { captureOf, click, DISPLAYS, element, snap, spyLookup } from "./_enrich.ts";

function ev(
  ref: number,
  s: number,
  kind: InputEvent["kind"],
  extra: Partial<InputEvent> = {},
): InputEvent {
  return { ref, at: T0 + s * 1000, kind, ...extra };
}

const PR = "https://github.com/acme/api/pull/412?token=abc123";
const SNAPS = [
  snap(1, 0, "Chrome", { title: "PR #412", url: PR }),
  snap(2, 30, "Chrome", {
    title: "PR #412 files",
    url: "https://github.com/acme/api/pull/412/files",
  }),
  snap(3, 45, "Slack", { title: "general" }),
  snap(4, 50, "Chrome", {
    title: "PR #412 files",
    url: "https://github.com/acme/api/pull/412/files",
  }),
  snap(5, 90, "Chrome", {
    title: "PR #412 files",
    url: "https://github.com/acme/api/pull/412/files",
  }),
  snap(6, 120, "Code", { title: "main.ts — review" }),
  snap(7, 150, "Code", { title: "main.ts — review" }),
  snap(8, 240, "Code", { title: "main.ts — review" }),
];
const EVENTS = [
  click(100, 5, 1000, 560),
  ev(101, 8, "key"),
  ev(102, 8.2, "key"),
  ev(103, 8.4, "key"),
  ev(104, 10, "text", { chars: 6, text: "qwerty" }),
  ev(105, 47, "paste"),
  ev(106, 60, "scroll"),
  ev(107, 61, "scroll"),
  ev(108, 130, "text", { chars: 15, text: "secret password" }),
];
const ROWS = [element(1, "Approve", [0.5, 0.5, 0.05, 0.05])];

function capture() {
  return captureOf(SNAPS, EVENTS, { displays: DISPLAYS, elements: spyLookup(ROWS) });
}

Deno.test("frameSteps() lists focus, URL, click, key, typing, paste and scroll steps in order", () => {
  const { frame, steps, include_text } = frameSteps(capture(), "monitor_1:1", { tz: "UTC" });
  deepEqual(frame, {
    id: "monitor_1:1",
    display: "monitor_1",
    app: "Chrome",
    site: "github.com",
    start: "2026-07-04T08:00:00Z",
    end: "2026-07-04T08:02:00Z",
    duration_min: 1.9,
  });
  equal(include_text, false);
  deepEqual(steps.map((s) => [s.at, s.kind]), [
    ["08:00:00", "focus"],
    ["08:00:00", "url"],
    ["08:00:05", "click"],
    ["08:00:08", "keys"],
    ["08:00:10", "type"],
    ["08:00:30", "focus"],
    ["08:00:30", "url"],
    ["08:00:45", "focus"],
    ["08:00:47", "paste"],
    ["08:00:50", "focus"],
    ["08:01:00", "scroll"],
  ]);
  deepEqual(steps[1].url, "https://github.com/acme/api/pull/412?token=REDACTED");
  deepEqual(steps[2].target, {
    resolution: "exact",
    confidence: 0.9,
    name: "Approve",
    role: "AXButton",
    snapshot: 1,
  });
  deepEqual([steps[3].count, steps[3].events], [3, "101-103"]);
  deepEqual([steps[4].chars, steps[4].text], [6, undefined]);
  deepEqual([steps[7].app, steps[7].detour, steps[8].detour], ["Slack", "Slack", "Slack"]);
  deepEqual([steps[10].count, steps[10].events], [2, "106-107"]);
});

Deno.test("frameSteps() never shows typed text unless the caller opts in", () => {
  // The capture holds text (as if loaded), yet the default script must not carry it.
  const plain = JSON.stringify(frameSteps(capture(), "monitor_1:6", { tz: "UTC" }));
  ok(!plain.includes("secret"), plain);
  ok(plain.includes('"chars":15'));
  const opted = frameSteps(capture(), "monitor_1:6", { tz: "UTC", includeText: true });
  equal(opted.steps.find((s) => s.kind === "type")?.text, "secret password");
  equal(opted.include_text, true);
});

Deno.test("frameSteps() repairs opted-in text with an operator's keyboard layout", async () => {
  const { BUILTIN_LAYOUTS, parseKeyboardLayout } = await import("../src/compile/enrich/mod.ts");
  const azerty = BUILTIN_LAYOUTS.get("azerty")!;
  const out = frameSteps(capture(), "monitor_1:1", {
    tz: "UTC",
    includeText: true,
    keyboardLayout: azerty,
  });
  equal(out.steps.find((s) => s.kind === "type")?.text, "azerty");
  equal(out.keyboard_layout, "azerty");
  const custom = parseKeyboardLayout('{"map": {"q": "Q"}}', "mine");
  const mine = frameSteps(capture(), "monitor_1:1", {
    tz: "UTC",
    includeText: true,
    keyboardLayout: custom,
  });
  equal(mine.steps.find((s) => s.kind === "type")?.text, "Qwerty");
  equal(mine.keyboard_layout, "mine");
  // Without the opt-in the layout changes nothing: there is no text to repair.
  const off = frameSteps(capture(), "monitor_1:1", { tz: "UTC", keyboardLayout: azerty });
  equal(off.steps.find((s) => s.kind === "type")?.text, undefined);
});

Deno.test("frameSteps() throws a RangeError naming an id no frame has", () => {
  throws(() => frameSteps(capture(), "monitor_1:2", { tz: "UTC" }), (err: Error) => {
    return err instanceof RangeError && err.message.startsWith('Cannot find frame "monitor_1:2"');
  });
});

Deno.test("findFrames() ranks by the documented weights and says why", () => {
  const found = findFrames(capture(), "github review", { tz: "UTC", minMinutes: 0 });
  deepEqual(found.map((f) => [f.frame.id, f.score, f.why]), [
    ["monitor_1:1", 3, ['"github" in site: github.com']],
    ["monitor_1:6", 2, ['"review" in title: main.ts — review']],
  ]);
  const approve = findFrames(capture(), "approve", { tz: "UTC", minMinutes: 0 });
  deepEqual(approve.map((f) => [f.frame.id, f.why]), [["monitor_1:1", [
    '"approve" in target: Approve',
  ]]]);
  equal(findFrames(capture(), "github", { tz: "UTC", limit: 1, minMinutes: 0 }).length, 1);
});

Deno.test("findFrames() matches typed text only when the caller opts in", () => {
  deepEqual(findFrames(capture(), "password", { tz: "UTC", minMinutes: 0 }), []);
  const opted = findFrames(capture(), "password", { tz: "UTC", minMinutes: 0, includeText: true });
  deepEqual(opted.map((f) => [f.frame.id, f.why]), [["monitor_1:6", [
    '"password" in text: secret password',
  ]]]);
});

Deno.test("renderSteps() prints one line per step with the click's resolution", () => {
  const text = renderSteps([frameSteps(capture(), "monitor_1:1", { tz: "UTC" })]);
  ok(
    text.startsWith("frame monitor_1:1  Chrome / github.com  08:00:00–08:02:00 (1.9 min)\n"),
    text,
  );
  ok(text.includes('  08:00:05  click  "Approve" AXButton [exact 0.9]\n'), text);
  ok(text.includes("  08:00:10  type   6 chars\n"), text);
  ok(text.includes("  08:00:47  paste  (during detour to Slack)\n"), text);
  ok(!text.includes("qwerty"));
});

Deno.test("renderSteps() names the two windows when a re-attributed event agreed on the app", () => {
  const snaps = [
    snap(1, 0, "Chrome", { title: "Inbox" }),
    snap(2, 30, "Chrome", { title: "Compose" }),
    snap(3, 60, "Chrome", { title: "Compose" }),
  ];
  // Recorded during Inbox's dwell, but the event itself names the Compose window.
  const events = [ev(100, 29, "key", { app: "Chrome", title: "Compose" })];
  const text = renderSteps([
    frameSteps(captureOf(snaps, events), "monitor_1:1", { tz: "UTC" }),
  ]);
  ok(
    text.includes('re-attributed: capture showed window "Inbox", event said "Compose"; 1.0 s'),
    text,
  );
});
