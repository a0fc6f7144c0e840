import { deepEqual, equal, match, ok } from "node:assert/strict";
import { join } from "node:path";
import { readScreenpipe } from "../adapters/screenpipe/read.ts";
import { compile } from "../src/compile/mod.ts";
import { dayWindow } from "../src/compile/time.ts";
import { writeDemoDatabase } from "../src/demo/mod.ts";
import { loadTyper } from "../src/entities/mod.ts";
import { csvCell, renderTimesheet, timesheet } from "../src/export/mod.ts";
import { runFrames } from "./_frames.ts";

const TZ = "Europe/Berlin";
const home = await Deno.makeTempDir({ prefix: "frames-timesheet-" });
const db = join(home, "demo.sqlite");
const demo = writeDemoDatabase(db, { days: 4 });
const SRC = ["--source", `screenpipe:${db}`, "--tz", TZ];

/** A small RFC 4180 reader written for the test: quoted fields, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (cell += '"', i++);
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") (row.push(cell), cell = "");
    else if (ch === "\r" && text[i + 1] === "\n") {
      (row.push(cell), rows.push(row), row = [], cell = "", i++);
    } else cell += ch;
  }
  equal(cell + row.join(""), "", "the text ends with CRLF");
  return rows;
}

async function docs() {
  const typer = await loadTyper();
  return demo.days.map((d) =>
    compile(readScreenpipe(db, dayWindow(d.day, TZ)), { tz: TZ, day: d.day, typer })
  );
}

const tenths = (n: number) => Math.round(n * 10);

Deno.test("frames timesheet: one CSV row per day, totals equal the ledgers exactly", async () => {
  const r = await runFrames(["timesheet", ...SRC], { home });
  equal(r.code, 0, r.stderr);
  const rows = parseCsv(r.stdout);
  deepEqual(rows[0], [
    "day",
    "first_activity",
    "last_activity",
    "active_min",
    "focused_min",
    "away_min",
  ]);
  const own = await docs();
  equal(rows.length, own.length + 2, "header, one row per day, total");
  own.forEach((d, i) => {
    const row = rows[i + 1];
    equal(row[0], d.window.day);
    equal(row[1], d.coverage.first_activity!.slice(11, 16));
    equal(tenths(Number(row[3])), tenths(d.coverage.dedup_active_minutes));
  });
  const total = rows[rows.length - 1];
  equal(total[0], "total");
  equal(
    tenths(Number(total[3])),
    own.reduce((n, d) => n + tenths(d.coverage.dedup_active_minutes), 0),
  );
});

Deno.test("frames timesheet --by app|site: every ledger row, and the totals are the ledgers' sums", async () => {
  const own = await docs();
  for (const by of ["app", "site"] as const) {
    const r = await runFrames(["timesheet", ...SRC, "--by", by, "--json"], { home });
    equal(r.code, 0, r.stderr);
    const sheet = JSON.parse(r.stdout);
    const expected = own.flatMap((d) =>
      (by === "app"
        ? d.ledger.map((e) => [e.app, e.minutes])
        : d.sites.map((s) => [s.site, s.minutes]))
        .map(([name, m]) => [d.window.day, name, m])
    );
    deepEqual(sheet.rows.map((x: Record<string, unknown>) => [x.day, x[by], x.minutes]), expected);
    const sum = expected.reduce((n, e) => n + tenths(e[2] as number), 0);
    equal(tenths(sheet.total.minutes), sum);
  }
  const md = await runFrames([
    "timesheet",
    ...SRC,
    "--by",
    "site",
    "-f",
    "md",
    "--day",
    demo.days[0].day,
  ], { home });
  match(md.stdout, /^\| day \| site \| minutes \| frames \|\n\| --- \| --- \| --: \| --: \|\n/);
  const bad = await runFrames(["timesheet", ...SRC, "--by", "week"], { home });
  equal(bad.code, 2);
  match(bad.stderr, /Invalid --by "week"/);
});

Deno.test("csvCell() quotes per RFC 4180 and neutralises formula injection", () => {
  equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  equal(csvCell("+1 555"), "'+1 555");
  equal(csvCell("-cmd"), "'-cmd");
  equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
  equal(csvCell("a,b"), '"a,b"');
  equal(csvCell("two\nlines"), '"two\nlines"');
  equal(csvCell("plain"), "plain");
  equal(csvCell(12.34), "12.3");
  equal(csvCell(null), "");
  equal(csvCell("a\u001b[31mb\u202e"), "a\ufffd[31mb\ufffd", "escape and bidi never printed");
  // A hostile app name survives a round trip as text, prefixed, never as a formula.
  const sheet = timesheet([], "app");
  sheet.rows.push(["2026-03-25", "=cmd|' /C calc'!A0", 5, null, 1]);
  const rows = parseCsv(renderTimesheet(sheet, "csv"));
  equal(rows[1][1], "'=cmd|' /C calc'!A0");
  ok(rows.slice(1).every((r) => !/^[=+\-@]/.test(r[1])));
});
