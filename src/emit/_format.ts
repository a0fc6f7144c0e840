/**
 * Small pure formatting helpers shared by the text emitters (Markdown, context block).
 *
 * Nothing here reads the clock, the host timezone or the host locale: times are cut from
 * the document's own local ISO strings and day offsets are computed on calendar dates.
 *
 * @module
 */

import type { ActivityDocument, LedgerEntry, PageCount, SiteEntry } from "../compile/document.ts";

const MS_PER_DAY = 86_400_000;

/** Formats minutes with at most one decimal and no trailing `.0` (`24` not `24.0`). */
export function minutes(n: number): string {
  const s = n.toFixed(1);
  return s.endsWith(".0") ? s.slice(0, -2) : s;
}

/** Formats minutes as a whole number, or `<1` for under half a minute (used, but briefly). */
export function wholeMinutes(n: number): string {
  return n < 0.5 ? "<1" : Math.round(n).toString();
}

/** The calendar date every clock time is read against: the day, else the window's start date. */
export function referenceDate(doc: ActivityDocument): string {
  return doc.window.day ?? doc.window.start.slice(0, 10);
}

/** Cuts `HH:MM` from a local ISO time, suffixed `+Nd` when it falls on another date than `ref`. */
export function clock(iso: string, ref: string): string {
  const hm = iso.slice(11, 16);
  const date = iso.slice(0, 10);
  if (date === ref) return hm;
  const days = Math.round((dateMs(date) - dateMs(ref)) / MS_PER_DAY);
  return days >= 0 ? `${hm}+${days}d` : `${hm}${days}d`;
}

function dateMs(date: string): number {
  return Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
}

/** Compares strings by UTF-16 code units (locale-independent). */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Pages most-viewed first; ties by kind, then entity. */
export function rankPages(pages: readonly PageCount[]): PageCount[] {
  return [...pages].sort((a, b) =>
    b.count - a.count || byCodeUnit(a.kind, b.kind) || byCodeUnit(a.entity ?? "", b.entity ?? "")
  );
}

/** Renders a page as `kind:entity` (or just `kind`). */
export function pageLabel(page: PageCount): string {
  return page.entity === undefined || page.entity === ""
    ? page.kind
    : `${page.kind}:${page.entity}`;
}

/** Apps by minutes, most first; ties by name. */
export function rankApps(ledger: readonly LedgerEntry[]): LedgerEntry[] {
  return [...ledger].sort((a, b) => b.minutes - a.minutes || byCodeUnit(a.app, b.app));
}

/** Sites by minutes, most first; ties by name. */
export function rankSites(sites: readonly SiteEntry[]): SiteEntry[] {
  return [...sites].sort((a, b) => b.minutes - a.minutes || byCodeUnit(a.site, b.site));
}

/** Rounds to 0.1 the way the document does. */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** What was withheld, in words (`3 excluded rows (app 2, private 1), …`), or `undefined` for nothing. */
export function withheldSummary(doc: ActivityDocument, detail: boolean): string | undefined {
  const w = doc.coverage.withheld;
  if (w === undefined) return undefined;
  const parts: string[] = [];
  const group = (counts: Record<string, number | undefined>, label: string) => {
    const entries = Object.entries(counts).filter((e): e is [string, number] => (e[1] ?? 0) > 0);
    const total = entries.reduce((n, [, v]) => n + v, 0);
    if (total === 0) return;
    parts.push(
      detail
        ? `${total} ${label} (${
          entries.map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ")
        })`
        : `${total} ${label}`,
    );
  };
  group(w.excluded_rows, "excluded rows");
  if (w.typed_runs_not_loaded > 0) parts.push(`${w.typed_runs_not_loaded} typed runs not loaded`);
  group(w.redacted, "redacted parts");
  if (w.recorder !== undefined) group(w.recorder, "withheld by the recorder");
  return parts.length === 0 ? undefined : parts.join(", ");
}
