/**
 * The app ledger as a plain-text table (for `frames apps` and the demo).
 *
 * @module
 */

import type { ActivityDocument } from "../compile/document.ts";
import { cap, safeLine, shownText } from "../text/sanitize.ts";

function cell(text: string, width: number): string {
  return cap(safeLine(text), width).padEnd(width);
}

/** Renders the ledger (every app, ranked) and the site roll-up as aligned text. */
export function emitLedger(doc: ActivityDocument): string {
  const c = doc.coverage;
  const focus = doc.ledger.some((l) => l.focused_minutes !== undefined);
  const appWidth = Math.min(28, Math.max(3, ...doc.ledger.map((l) => l.app.length)));
  const head = [
    cell("app", appWidth),
    "minutes".padStart(8),
    ...(focus ? ["focused".padStart(8)] : []),
    "frames".padStart(7),
    "longest".padStart(8),
    "  top window",
  ].join("");
  const rows = doc.ledger.map((l) =>
    [
      cell(l.app, appWidth),
      l.minutes.toFixed(1).padStart(8),
      ...(focus ? [(l.focused_minutes ?? 0).toFixed(1).padStart(8)] : []),
      String(l.frames).padStart(7),
      l.longest_min.toFixed(1).padStart(8),
      "  " + shownText(l.windows[0] ?? ""),
    ].join("").trimEnd()
  );
  const when = doc.window.day ?? `${doc.window.start} – ${doc.window.end}`;
  const displays = Object.keys(c.per_display).length;
  const across = displays > 1
    ? ` (${c.active_minutes} active min across ${displays} displays)`
    : "";
  const lines = [
    `${safeLine(when)} (${
      safeLine(doc.window.tz)
    }): ${c.dedup_active_minutes} active min over ${c.distinct_apps} apps${across}`,
    "",
    head.trimEnd(),
    ...rows,
  ];
  if (doc.sites.length > 0) {
    const siteWidth = Math.min(40, Math.max(4, ...doc.sites.map((s) => s.site.length)));
    lines.push("", cell("site", siteWidth) + "minutes".padStart(8) + "frames".padStart(7));
    for (const s of doc.sites) {
      lines.push(
        cell(s.site, siteWidth) + s.minutes.toFixed(1).padStart(8) + String(s.frames).padStart(7),
      );
    }
  }
  return lines.join("\n") + "\n";
}
