/**
 * The timesheet: one row per day (first and last activity, active, focused and away
 * minutes), or per day and app or site, in local time, with a total row; as CSV a
 * spreadsheet opens (RFC 4180, formula injection neutralised), Markdown or JSON. Every
 * figure is copied from the day's document, so totals equal the ledgers exactly.
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";

/** What one row is per. */
export type TimesheetBy = "day" | "app" | "site";

/** A timesheet's rows and total. */
export interface Timesheet {
  /** What each row is per. */
  by: TimesheetBy;
  /** Column names, in order. */
  columns: string[];
  /** Rows of cells (strings and numbers; null where nothing is known). */
  rows: (string | number | null)[][];
  /** The total row (sums of the minute columns, 0.1 min). */
  total: (string | number | null)[];
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** Sums rounded minute values in tenths, so the total is exactly what the rows add to. */
function sumTenths(values: readonly (number | null)[]): number {
  let tenths = 0;
  for (const v of values) if (v !== null) tenths += Math.round(v * 10);
  return tenths / 10;
}

function clockOf(iso: string | null): string | null {
  return iso === null ? null : iso.slice(11, 16);
}

/** Away minutes between the first and last activity (the night around the day is not away). */
function awayMinutes(doc: ActivityDocument): number {
  const c = doc.coverage;
  if (c.first_activity === null || c.last_activity === null) return 0;
  const first = Date.parse(c.first_activity), last = Date.parse(c.last_activity);
  let tenths = 0;
  for (const g of c.gaps) {
    if (Date.parse(g.start) >= first && Date.parse(g.end) <= last) {
      tenths += Math.round(g.minutes * 10);
    }
  }
  return tenths / 10;
}

/**
 * The timesheet of `docs` (one per local day, oldest first).
 *
 * @example
 * ```ts
 * const sheet = timesheet(docs, "app");
 * const csv = renderTimesheet(sheet, "csv");
 * ```
 */
export function timesheet(docs: readonly ActivityDocument[], by: TimesheetBy): Timesheet {
  if (by === "day") {
    const columns = [
      "day",
      "first_activity",
      "last_activity",
      "active_min",
      "focused_min",
      "away_min",
    ];
    const rows = docs.map((d) => [
      d.window.day ?? d.window.start.slice(0, 10),
      clockOf(d.coverage.first_activity),
      clockOf(d.coverage.last_activity),
      d.coverage.dedup_active_minutes,
      d.coverage.focused_minutes ?? null,
      awayMinutes(d),
    ]);
    const col = (i: number) => rows.map((r) => r[i] as number | null);
    // A total of focused minutes over days where focus was not marked would mislead.
    const focused = col(4).every((v) => v !== null) && rows.length > 0 ? sumTenths(col(4)) : null;
    return {
      by,
      columns,
      rows,
      total: ["total", null, null, sumTenths(col(3)), focused, sumTenths(col(5))],
    };
  }
  if (by === "app") {
    const columns = ["day", "app", "minutes", "focused_min", "frames"];
    const rows = docs.flatMap((d) =>
      d.ledger.map((
        e,
      ) => [
        d.window.day ?? d.window.start.slice(0, 10),
        e.app,
        e.minutes,
        e.focused_minutes ?? null,
        e.frames,
      ])
    );
    const col = (i: number) => rows.map((r) => r[i] as number | null);
    const focused = col(3).every((v) => v !== null) && rows.length > 0 ? sumTenths(col(3)) : null;
    return {
      by,
      columns,
      rows,
      total: ["total", null, sumTenths(col(2)), focused, col(4).reduce((a, b) => a! + b!, 0)],
    };
  }
  const columns = ["day", "site", "minutes", "frames"];
  const rows = docs.flatMap((d) =>
    d.sites.map((s) => [d.window.day ?? d.window.start.slice(0, 10), s.site, s.minutes, s.frames])
  );
  const col = (i: number) => rows.map((r) => r[i] as number | null);
  return {
    by,
    columns,
    rows,
    total: ["total", null, sumTenths(col(2)), col(3).reduce((a, b) => a! + b!, 0)],
  };
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Escape, control and bidi characters (line breaks are quoted instead): never printed. */
const UNPRINTABLE = new RegExp(
  "[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]",
  "g",
);

/**
 * One CSV cell per RFC 4180: quoted when it holds a comma, quote or line break (quotes
 * doubled); a text cell a spreadsheet would run as a formula gets a leading `'`.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = typeof value === "number"
    ? String(round1(value))
    : value.replace(UNPRINTABLE, "\ufffd");
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function mdCell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : value;
  // Control characters would break the table or reach a terminal (SPEC §9).
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, " ").replace(/[\\|`*_[\]<>#]/g, (c) => `\\${c}`);
}

/** The timesheet as `csv` (CRLF, RFC 4180), `md` or `json`. */
export function renderTimesheet(sheet: Timesheet, format: "csv" | "md" | "json"): string {
  if (format === "json") {
    const rows = sheet.rows.map((r) => Object.fromEntries(sheet.columns.map((c, i) => [c, r[i]])));
    const total = Object.fromEntries(sheet.columns.map((c, i) => [c, sheet.total[i]]));
    return JSON.stringify({ by: sheet.by, rows, total }, null, 2) + "\n";
  }
  if (format === "csv") {
    return [sheet.columns, ...sheet.rows, sheet.total].map((r) => r.map(csvCell).join(",")).join(
      "\r\n",
    ) + "\r\n";
  }
  const line = (r: readonly (string | number | null)[]) => `| ${r.map(mdCell).join(" | ")} |`;
  return [
    line(sheet.columns),
    `| ${sheet.columns.map((_, i) => (i < 2 ? "---" : "--:")).join(" | ")} |`,
    ...sheet.rows.map(line),
    line(sheet.total),
  ].join("\n") + "\n";
}
