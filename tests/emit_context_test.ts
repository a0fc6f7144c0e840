import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { countTokens } from "gpt-tokenizer/encoding/cl100k_base";
import type { ActivityDocument, Frame } from "../src/compile/document.ts";
import { emitContext } from "../src/emit/context.ts";
import { assemble, busyDocument, frame, sampleDocument } from "./_sample_document.ts";

const BUDGETS = [300, 800, 1500, 4000];
const OVER = /^\(over budget: ledgers and coverage alone take (\d+) of (\d+) tokens/;

/** The block without its closing untrusted-data fence line (the data's last line is then last). */
function inner(block: string): string {
  return block.replace(/<<<end captured-data [0-9a-f]{12}>>>\n$/, "");
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** The block's line starting with `prefix`, without the prefix. */
function lineAfter(block: string, prefix: string): string {
  const line = block.split("\n").find((l) => l.startsWith(prefix));
  ok(line !== undefined, `no line starting with ${JSON.stringify(prefix)}`);
  return line.slice(prefix.length);
}

/** Parses a ledger line (`a 12; 3 each: b, c, d; e <1`) into name → displayed minutes. */
function ledgerOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of text.split("; ")) {
    const group = /^(<1|\d+) each: (.+)$/.exec(part);
    if (group) {
      for (const name of group[2].split(", ")) out.set(name, group[1]);
      continue;
    }
    const single = /^(.+) (<1|\d+)$/.exec(part);
    ok(single, `unparsable ledger part ${JSON.stringify(part)}`);
    out.set(single[1], single[2]);
  }
  return out;
}

/** Whether a displayed whole-minute value honestly stands for `minutes`. */
function agrees(shown: string, minutes: number): boolean {
  return shown === "<1" ? minutes < 0.5 : Math.abs(Number(shown) - minutes) <= 0.5;
}

function frameLines(block: string): string[] {
  return block.split("\n").filter((l) => l.startsWith("- "));
}

/** The line prefix a frame must be printed with (`- 09:02-09:21 Google Chrome/linkedin.com (`). */
function prefixOf(f: Frame): string {
  const where = f.site === undefined ? f.app : `${f.app}/${f.site}`;
  return `- ${f.start.slice(11, 16)}-${f.end.slice(11, 16)} ${where} (`;
}

/** Splits the document's frames into those the block prints and those it leaves out. */
function shownAndDropped(
  doc: ActivityDocument,
  block: string,
): { shown: Frame[]; dropped: Frame[] } {
  const lines = frameLines(block);
  const shown = doc.frames.filter((f) => lines.some((l) => l.startsWith(prefixOf(f))));
  equal(shown.length, lines.length, "every frame line maps to exactly one frame");
  return { shown, dropped: doc.frames.filter((f) => !shown.includes(f)) };
}

for (const budget of BUDGETS) {
  Deno.test(`emitContext() stays within ${budget} tokens on a busy day unless the ledgers alone exceed it`, () => {
    const block = emitContext(busyDocument(), { budget });
    const tokens = countTokens(block);
    const last = inner(block).trimEnd().split("\n").at(-1)!;
    const over = OVER.exec(last);
    if (over === null) {
      ok(tokens <= budget, `${tokens} tokens > budget ${budget}`);
    } else {
      // Only allowed when the mandatory part really does not fit; then no frame is printed.
      ok(Number(over[1]) > budget, `claims overflow although ${over[1]} <= ${budget}`);
      equal(Number(over[2]), budget);
      equal(frameLines(block).length, 0);
    }
  });

  Deno.test(`emitContext() keeps every app and every site of a busy day within ${budget} tokens`, () => {
    const doc = busyDocument();
    const block = emitContext(doc, { budget });
    const apps = ledgerOf(lineAfter(block, "apps (min): "));
    const sites = ledgerOf(lineAfter(block, "sites (min): "));
    equal(apps.size, doc.ledger.length);
    equal(sites.size, doc.sites.length);
    for (const e of doc.ledger) {
      ok(agrees(apps.get(e.app) ?? "missing", e.minutes), `${e.app} ${e.minutes}`);
    }
    for (const s of doc.sites) {
      ok(agrees(sites.get(s.site) ?? "missing", s.minutes), `${s.site} ${s.minutes}`);
    }
  });
}

Deno.test("emitContext() keeps every app within 1,500 tokens and still shows frames", () => {
  const doc = busyDocument();
  equal(doc.ledger.length, 40);
  equal(doc.sites.length, 120);
  const block = emitContext(doc);
  ok(countTokens(block) <= 1500);
  ok(
    !OVER.test(inner(block).trimEnd().split("\n").at(-1)!),
    "the busy day's ledgers must fit in 1,500 tokens",
  );
  ok(frameLines(block).length >= 5, `only ${frameLines(block).length} frames shown`);
});

Deno.test("emitContext() ranks the app ledger by minutes, most first", () => {
  const doc = busyDocument();
  const apps = [...ledgerOf(lineAfter(emitContext(doc), "apps (min): "))];
  const minutesOf = new Map(doc.ledger.map((e) => [e.app, e.minutes]));
  for (let i = 1; i < apps.length; i++) {
    ok(
      minutesOf.get(apps[i - 1][0])! >= minutesOf.get(apps[i][0])!,
      `${apps[i - 1][0]} before ${apps[i][0]}`,
    );
  }
});

Deno.test("emitContext() prints the chosen frames in time order", () => {
  for (const budget of [1500, 4000]) {
    const doc = busyDocument();
    const { shown } = shownAndDropped(doc, emitContext(doc, { budget }));
    ok(shown.length > 1);
    const printed = frameLines(emitContext(doc, { budget })).map((l) => l.slice(2, 7));
    deepEqual(printed, [...printed].sort(), "printed start times are not ascending");
  }
});

Deno.test("emitContext() keeps the longest frames: no dropped frame is longer than a kept one", () => {
  for (const budget of [1500, 4000]) {
    const doc = busyDocument();
    const { shown, dropped } = shownAndDropped(doc, emitContext(doc, { budget }));
    ok(dropped.length > 0 && shown.length > 0);
    const shortestKept = Math.min(...shown.map((f) => f.duration_min));
    const longestDropped = Math.max(...dropped.map((f) => f.duration_min));
    ok(
      shortestKept >= longestDropped,
      `kept ${shortestKept} min but dropped ${longestDropped} min`,
    );
  }
});

Deno.test("emitContext() drops an earlier short frame and keeps a later long one", () => {
  const frames = [
    frame({
      display: "monitor_1",
      ref: 10,
      app: "Slack",
      start: "09:00:00",
      end: "09:03:00",
      duration_min: 2.5,
    }),
    frame({
      display: "monitor_1",
      ref: 20,
      app: "Cursor",
      start: "10:00:00",
      end: "10:40:00",
      duration_min: 38,
    }),
    frame({
      display: "monitor_1",
      ref: 30,
      app: "Mail",
      start: "11:00:00",
      end: "11:12:00",
      duration_min: 11,
    }),
  ];
  const doc = assemble(frames, { focus: false });
  const all = emitContext(doc, { budget: 4000 });
  equal(frameLines(all).length, 3);
  // Shrink the budget until exactly one frame fits; that frame must be the 38-minute one.
  let budget = countTokens(all);
  let block = all;
  while (frameLines(block).length > 1) block = emitContext(doc, { budget: --budget });
  equal(frameLines(block).length, 1);
  ok(frameLines(block)[0].startsWith("- 10:00-10:40 Cursor (38m)"), frameLines(block)[0]);
  ok(countTokens(block) <= budget);
  match(inner(block), /\(\+2 frames over the token budget omitted: 13\.5 min\)\n$/);
});

Deno.test("emitContext() breaks ties in length by the earlier start", () => {
  const frames = [
    frame({
      display: "monitor_1",
      ref: 10,
      app: "Late",
      start: "11:00:00",
      end: "11:10:00",
      duration_min: 10,
    }),
    frame({
      display: "monitor_1",
      ref: 20,
      app: "Early",
      start: "09:00:00",
      end: "09:10:00",
      duration_min: 10,
    }),
  ];
  const doc = assemble(frames, { focus: false });
  let budget = countTokens(emitContext(doc, { budget: 4000 }));
  let block = "";
  do block = emitContext(doc, { budget: --budget }); while (frameLines(block).length > 1);
  deepEqual(frameLines(block).map((l) => l.split(" ")[2]), ["Early"]);
});

Deno.test("emitContext() states how many frames and minutes it omitted, by budget and by min_minutes", () => {
  const doc = busyDocument();
  const block = emitContext(doc, { budget: 1500 });
  const { dropped } = shownAndDropped(doc, block);
  const minutes = round1(dropped.reduce((s, f) => s + f.duration_min, 0));
  const last = inner(block).trimEnd().split("\n").at(-1)!;
  ok(
    last.startsWith(`(+${dropped.length} frames over the token budget omitted: ${minutes} min`),
    last,
  );
  ok(
    last.includes(
      `+${doc.coverage.omitted_frames} frames shorter than 1 min omitted: ${doc.coverage.omitted_minutes} min`,
    ),
    last,
  );
});

Deno.test("emitContext() says all frames are shown when they fit", () => {
  const doc = sampleDocument();
  const block = emitContext(doc, { budget: 4000 });
  equal(frameLines(block).length, doc.frames.length);
  match(
    inner(block),
    /\n\(all 11 frames shown; \+6 frames shorter than 1 min omitted: 3\.4 min\)\n$/,
  );
});

Deno.test("emitContext() carries day, timezone and the no-interpretation notice", () => {
  const block = emitContext(sampleDocument());
  const first = block.split("\n")[0];
  ok(first.includes("2026-07-04"), first);
  ok(first.includes("Europe/Berlin"), first);
  ok(first.includes("measured from screen capture, no interpretation"), first);
});

Deno.test("emitContext() names the window when the document has no day", () => {
  const doc = sampleDocument();
  delete doc.window.day;
  doc.window.start = "2026-07-04T08:00:00+02:00";
  doc.window.end = "2026-07-04T18:00:00+02:00";
  const first = emitContext(doc).split("\n")[0];
  ok(first.includes("2026-07-04 08:00 to 2026-07-04 18:00"), first);
});

Deno.test("emitContext() carries first and last activity, active minutes and away periods", () => {
  const block = emitContext(sampleDocument(), { budget: 300 });
  const coverage = lineAfter(block, "coverage: ");
  // The headline is the deduplicated figure; the per-display sum is labelled as one.
  ok(coverage.startsWith("09:02-17:09, 262.5 active min ("), coverage);
  ok(coverage.includes("286.6 active min across 2 displays"), coverage);
  ok(coverage.includes("207.2 focused"), coverage);
  ok(coverage.includes("5 apps"), coverage);
  equal(lineAfter(block, "away: "), "10:20-12:48 (148.3m), 15:25-16:10 (45m)");
});

Deno.test("emitContext() says why the user was away when the recorder said so", () => {
  const doc = sampleDocument();
  doc.coverage.gaps[0].reason = "locked";
  equal(lineAfter(emitContext(doc), "away: "), "10:20-12:48 (148.3m, locked), 15:25-16:10 (45m)");
});

Deno.test("emitContext() leaves focused minutes out when the source does not mark focus", () => {
  const doc = assemble(sampleDocument().frames.map((f) => ({ ...f, focused_min: undefined })), {
    focus: false,
  });
  ok(!lineAfter(emitContext(doc), "coverage: ").includes("focused"));
});

Deno.test("emitContext() lists pages most-viewed first and falls back to the window title", () => {
  const block = emitContext(sampleDocument(), { budget: 4000 });
  const linkedin = frameLines(block).find((l) => l.includes("linkedin.com"))!;
  ok(linkedin.endsWith(": profile:jane-doe x12; people_search:cto | cpo berlin x6"), linkedin);
  const github = frameLines(block).find((l) => l.includes("github.com"))!;
  ok(
    github.endsWith(": pull_request:acme/api#412 x20; repo:acme/api x5; issues x2; +1 more"),
    github,
  );
  const zoom = frameLines(block).find((l) => l.includes("zoom.us"))!;
  ok(/\(44m\) \[[^\]]+\]: Zoom Meeting$/.test(zoom), zoom);
  const youtube = frameLines(block).find((l) => l.includes("youtube.com"))!;
  ok(!youtube.includes("\n") && youtube.endsWith("video:lKrQ_U0Q7pM x9"), youtube);
});

Deno.test("emitContext() keeps a title's line break out of the block", () => {
  const doc = sampleDocument();
  doc.frames[1].windows = ["general\nrandom"];
  const block = emitContext(doc, { budget: 4000 });
  ok(frameLines(block).some((l) => /Slack \(30\.2m\) \[[^\]]+\]: general random$/.test(l)));
});

Deno.test("emitContext() prints the away line even without gaps", () => {
  const doc = sampleDocument();
  doc.coverage.gaps = [];
  equal(lineAfter(emitContext(doc), "away: "), "none");
});

Deno.test("emitContext() rejects a budget that is not a positive integer", () => {
  for (const budget of [0, -5, 1.5, Number.NaN]) {
    throws(() => emitContext(sampleDocument(), { budget }), RangeError);
  }
});

Deno.test("emitContext() marks times on the next day in a window that crosses midnight", () => {
  const doc = sampleDocument();
  delete doc.window.day;
  doc.window.start = "2026-07-04T20:00:00+02:00";
  doc.window.end = "2026-07-05T04:00:00+02:00";
  doc.frames[0].end = "2026-07-05T00:10:00+02:00";
  const block = emitContext(doc, { budget: 4000 });
  ok(
    frameLines(block).some((l) => l.startsWith("- 09:02-00:10+1d Google Chrome/linkedin.com")),
    block,
  );
});

Deno.test("emitContext() shows as many pages per frame as maxPages allows", () => {
  const doc = sampleDocument();
  const github = (maxPages: number) =>
    frameLines(emitContext(doc, { budget: 4000, maxPages })).find((l) => l.includes("github.com"))!;
  ok(/\(31\.5m\) \[[^\]]+\]: pull_request:acme\/api#412 x20; \+3 more$/.test(github(1)), github(1));
  ok(/\(31\.5m\) \[[^\]]+\]: \+4 more$/.test(github(0)), github(0));
  ok(github(4).endsWith("issues x2; user:acme x1"), github(4));
  throws(() => emitContext(doc, { maxPages: -1 }), RangeError);
});

Deno.test("emitContext() says so when the document has no frames", () => {
  const doc = assemble([], { focus: false });
  const block = emitContext(doc);
  ok(inner(block).endsWith("\n(no frames)\n"), block);
  equal(lineAfter(block, "coverage: "), "no activity captured, 0 active min, 0 apps, 0 frames");
  equal(lineAfter(block, "apps (min): "), "none");
});
