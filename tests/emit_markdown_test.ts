import { deepEqual, equal, ok } from "node:assert/strict";
import type { ActivityDocument } from "../src/compile/document.ts";
import { emitMarkdown } from "../src/emit/markdown.ts";
import { busyDocument, sampleDocument } from "./_sample_document.ts";

/** Splits a GFM table row into raw cells; a backslash escapes the next character. */
function cells(row: string): string[] {
  const out: string[] = [];
  let cur = "";
  for (let i = 1; i < row.length - 1; i++) {
    const ch = row[i];
    if (ch === "\\") {
      cur += ch + row[++i];
    } else if (ch === "|") {
      out.push(cur.trim());
      cur = "";
    } else {
      cur += ch;
    }
  }
  out.push(cur.trim());
  return out;
}

/** Undoes the cell escaping (`\|` → `|`, `\\` → `\`). */
function unescape(cell: string): string {
  return cell.replace(/\\(.)/g, "$1");
}

/** The table under `## heading` as rows of raw cells (header first, delimiter row dropped). */
function table(md: string, heading: string): string[][] {
  const lines = md.split("\n");
  const start = lines.indexOf(`## ${heading}`);
  ok(start >= 0, `no section ${heading}`);
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i].startsWith("|"); i++) {
    ok(lines[i].endsWith("|"), `broken row: ${lines[i]}`);
    if (i !== start + 3) rows.push(cells(lines[i]));
  }
  return rows;
}

function column(rows: string[][], name: string): string[] {
  const i = rows[0].indexOf(name);
  ok(i >= 0, `no column ${name}`);
  return rows.slice(1).map((r) => unescape(r[i]));
}

Deno.test("emitMarkdown() titles the report with the day and timezone", () => {
  const md = emitMarkdown(sampleDocument());
  equal(md.split("\n")[0], "# Activity — 2026-07-04 (Europe/Berlin)");
});

Deno.test("emitMarkdown() lists every app of the ledger with its minutes, ranked", () => {
  for (const doc of [sampleDocument(), busyDocument()]) {
    const rows = table(emitMarkdown(doc), "Apps");
    const apps = column(rows, "App");
    deepEqual(
      new Set(apps),
      new Set(doc.ledger.map((e) => e.app)),
    );
    const minutes = column(rows, "Minutes").map(Number);
    for (let i = 0; i < apps.length; i++) {
      equal(minutes[i], doc.ledger.find((e) => e.app === apps[i])!.minutes, apps[i]);
      if (i > 0) ok(minutes[i - 1] >= minutes[i], "not ranked by minutes");
    }
  }
});

Deno.test("emitMarkdown() lists every site of the roll-up", () => {
  const doc = busyDocument();
  const sites = column(table(emitMarkdown(doc), "Sites"), "Site");
  deepEqual(new Set(sites), new Set(doc.sites.map((s) => s.site)));
  equal(sites.length, doc.sites.length);
});

Deno.test("emitMarkdown() shows every frame's time range in the frames table", () => {
  for (const doc of [sampleDocument(), busyDocument()]) {
    const rows = table(emitMarkdown(doc), "Frames");
    equal(rows.length - 1, doc.frames.length);
    const times = column(rows, "Time");
    doc.frames.forEach((f, i) => {
      equal(times[i], `${f.start.slice(11, 16)}–${f.end.slice(11, 16)}`);
    });
  }
});

Deno.test("emitMarkdown() shows the most-viewed pages and the input of each frame", () => {
  const rows = table(emitMarkdown(sampleDocument()), "Frames");
  const pages = column(rows, "Top pages");
  equal(pages[0], "profile:jane-doe ×12, people_search:cto | cpo berlin ×6");
  const input = column(rows, "Input");
  equal(input[0], "41 keys, 22 clicks, 30 scrolls, 1 copy, 2 typed runs (10 chars)");
  equal(input[4], "—"); // the YouTube frame has no input
});

Deno.test("emitMarkdown() escapes | and backslashes so every row keeps its columns", () => {
  const md = emitMarkdown(sampleDocument());
  ok(md.includes("ana@host: \\~/frames \\| deno test"), "pipe in a window title is not escaped");
  ok(md.includes("people_search:cto \\| cpo berlin"), "pipe in a page entity is not escaped");
  ok(md.includes("C:\\\\Users\\\\ana\\\\notes.md"), "backslashes are not escaped");
  for (const heading of ["Apps", "Sites", "Away periods", "Frames"]) {
    const rows = table(md, heading);
    for (const r of rows) equal(r.length, rows[0].length, `${heading}: ${r.join(" | ")}`);
  }
  const windows = column(table(md, "Apps"), "Top windows");
  ok(windows.some((w) => w.includes("ana@host: ~/frames | deno test")));
  ok(windows.some((w) => w.includes("C:\\Users\\ana\\notes.md")));
});

Deno.test("emitMarkdown() keeps line breaks out of table cells", () => {
  const doc: ActivityDocument = sampleDocument();
  doc.ledger[0].windows = ["first\nsecond", "cr\r\nlf"];
  const md = emitMarkdown(doc);
  const windows = column(table(md, "Apps"), "Top windows");
  ok(windows.includes("first second · cr lf"), JSON.stringify(windows));
});

Deno.test("emitMarkdown() lists the away periods, the omitted frames and the blind spots", () => {
  const doc = sampleDocument();
  doc.coverage.gaps[1].reason = "locked";
  const md = emitMarkdown(doc);
  const away = table(md, "Away periods");
  deepEqual(away.slice(1), [
    ["10:20", "12:48", "148.3", "unknown"],
    ["15:25", "16:10", "45", "locked"],
  ]);
  ok(md.includes("_6 frames shorter than 1 min omitted (3.4 min)._"));
  const spots = md.slice(md.indexOf("## Blind spots"));
  for (const b of doc.blind_spots) ok(spots.includes(`- ${b}\n`), b);
});

Deno.test("emitMarkdown() says so when there are no away periods", () => {
  const doc = sampleDocument();
  doc.coverage.gaps = [];
  const md = emitMarkdown(doc);
  ok(md.includes("## Away periods\n\nNone longer than the session gap (300 s).\n"));
});

Deno.test("emitMarkdown() summarises coverage with first and last activity and minutes", () => {
  const md = emitMarkdown(sampleDocument());
  ok(md.includes("- First activity 09:02, last activity 17:09 (span 486.8 min, 53.9% covered)"));
  // The headline is the deduplicated figure; the per-display sum is labelled as one.
  ok(
    md.includes(
      "- 262.5 min active (each minute once; 286.6 min active across 2 displays), 207.2 min focused",
    ),
  );
  ok(md.includes("- Display monitor_2: 90.7 min active"));
});

Deno.test("emitMarkdown() adds a display column only when there are several displays", () => {
  const many = table(emitMarkdown(sampleDocument()), "Frames")[0];
  ok(many.includes("Display"));
  const doc = sampleDocument();
  doc.coverage.per_display = { monitor_1: doc.coverage.per_display.monitor_1 };
  ok(!table(emitMarkdown(doc), "Frames")[0].includes("Display"));
});

Deno.test("emitMarkdown() reports how clicks were resolved and re-attributed input", () => {
  const doc = sampleDocument();
  doc.coverage.click_resolution = { native: 2, exact: 5, tolerance: 1, zone: 3, none: 4 };
  doc.coverage.reattributed_input = 6;
  const md = emitMarkdown(doc);
  ok(
    md.includes(
      "- Clicks: 11 resolved (2 named by the source, 5 exact, 1 within tolerance, 3 by screen zone), 4 unresolved\n",
    ),
    md,
  );
  ok(md.includes("- 6 input events re-attributed to the nearest snapshot"));
  delete doc.coverage.click_resolution;
  ok(!emitMarkdown(doc).includes("- Clicks:"));
});
