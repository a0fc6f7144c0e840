import { deepEqual, equal } from "node:assert/strict";
import {
  type DayActivity,
  type DayFrame,
  detectPatterns,
  urlTemplate,
} from "../src/patterns/mod.ts";

let nextRef = 1;

function frame(id: string, app: string, tokens: string[], extra: Partial<DayFrame> = {}): DayFrame {
  const start = Number(id.split(":")[1]) * 60_000;
  return {
    id,
    display: "monitor_1",
    app,
    startMs: start,
    endMs: start + 60_000,
    durationMs: 60_000,
    startLocal: "09:00",
    actions: tokens.map((token) => ({ token, ref: nextRef++ })),
    clicks: tokens.filter((t) => t.startsWith("click:")).map((t) => ({
      name: t.slice(6),
      ref: nextRef++,
    })),
    urls: new Map(),
    ...extra,
  };
}

function day(name: string, frames: DayFrame[]): DayActivity {
  return {
    day: name,
    frames,
    slots: new Map(),
    appMinutes: new Map(),
    siteMinutes: new Map(),
    notes: [],
  };
}

Deno.test("detectPatterns() never joins an action sequence across apps", () => {
  // Mail ends with Send, Slack starts with Reply, three times: in time order the pair
  // "click:Send → click:Reply" recurs, but it spans two apps and must not be reported.
  const frames: DayFrame[] = [];
  for (let i = 0; i < 3; i++) {
    frames.push(frame(`monitor_1:${i * 10 + 1}`, "Mail", ["click:Compose", "type", "click:Send"]));
    frames.push(frame(`monitor_1:${i * 10 + 2}`, "Slack", ["click:Reply", "type"]));
  }
  const report = detectPatterns([day("2026-03-23", frames)]);
  deepEqual(report.action_sequences.map((s) => [s.app, s.steps.join(" ")]), [
    ["Mail", "click:Compose type click:Send"],
    ["Slack", "click:Reply type"],
  ]);
  for (const s of report.action_sequences) {
    for (const id of s.evidence) equal(frames.find((f) => f.id === id)?.app, s.app);
  }
});

Deno.test("detectPatterns() counts a sequence without overlap and drops its implied parts", () => {
  const tokens = ["click:A", "click:B", "click:A", "click:B", "click:A", "click:B"];
  const report = detectPatterns([day("2026-03-23", [frame("monitor_1:1", "App", tokens)])]);
  const seqs = report.action_sequences.map((s) => [s.steps.join(" "), s.count]);
  // A→B occurs 3 times without overlap; B→A twice (below 3); the 4-step A B A B once.
  deepEqual(seqs, [["click:A click:B", 3]]);
});

Deno.test("detectPatterns() orders every list totally, whatever the input order of frames", () => {
  const mk = () => [
    frame("monitor_1:1", "Mail", [
      "click:Send",
      "type",
      "click:Send",
      "type",
      "click:Send",
      "type",
    ]),
    frame("monitor_1:2", "Slack", [
      "click:Send",
      "type",
      "click:Send",
      "type",
      "click:Send",
      "type",
    ]),
  ];
  const a = JSON.stringify(detectPatterns([day("d", mk())]));
  const b = JSON.stringify(detectPatterns([day("d", mk().reverse())]));
  equal(a, b);
});

Deno.test("urlTemplate() names numbers and ids and drops the query", () => {
  equal(
    urlTemplate("https://github.com/acme/api/pull/412?token=x#y"),
    "github.com/acme/api/pull/{n}",
  );
  equal(
    urlTemplate("https://docs.google.com/document/d/1AbCdEfGh2/edit"),
    "docs.google.com/document/d/{id}/edit",
  );
  equal(urlTemplate("https://www.example.com/"), "example.com");
  equal(urlTemplate("https://x.test/u/3f2a9c1e-aaaa-bbbb-cccc-0123456789ab"), "x.test/u/{id}");
  equal(urlTemplate("about:blank"), undefined);
});
