/**
 * The Markdown emitter: a human report of one window (coverage, ledgers, away periods,
 * frames, blind spots) in GitHub-flavoured Markdown tables.
 *
 * @module
 */

import type { ActivityDocument, Frame, InputCounts } from "../compile/document.ts";
import {
  clock,
  minutes,
  pageLabel,
  rankApps,
  rankPages,
  rankSites,
  referenceDate,
  withheldSummary,
} from "./_format.ts";
import { markdownText, safeLine } from "../text/sanitize.ts";

const TOP_PAGES = 3;

/** Renders the document as a Markdown report ending with one newline. */
export function emitMarkdown(doc: ActivityDocument): string {
  const ref = referenceDate(doc);
  const out: string[] = [];
  out.push(...titleLines(doc), "", ...coverageLines(doc, ref), "");
  out.push("## Apps", "", ...appTable(doc), "");
  out.push("## Sites", "", ...siteTable(doc), "");
  out.push("## Away periods", "", ...awayLines(doc, ref), "");
  out.push("## Frames", "", ...frameLines(doc, ref), "");
  out.push("## Blind spots", "");
  out.push(
    ...(doc.blind_spots.length > 0
      ? doc.blind_spots.map((b) => `- ${markdownText(b)}`)
      : ["None."]),
  );
  return out.join("\n") + "\n";
}

function titleLines(doc: ActivityDocument): string[] {
  const w = doc.window;
  const when = w.day ??
    `${w.start.slice(0, 16).replace("T", " ")} – ${w.end.slice(0, 16).replace("T", " ")}`;
  return [
    `# Activity — ${markdownText(when)} (${markdownText(w.tz)})`,
    "",
    `Measured from screen capture by ${
      markdownText(doc.source.adapter)
    }, no interpretation. Window ${markdownText(w.start)} to ${
      markdownText(w.end)
    }; times are local (${markdownText(w.tz)}).`,
  ];
}

function coverageLines(doc: ActivityDocument, ref: string): string[] {
  const c = doc.coverage;
  const lines = ["## Coverage", ""];
  if (c.first_activity === null || c.last_activity === null) {
    lines.push("- No activity captured in this window.");
  } else {
    lines.push(
      `- First activity ${clock(c.first_activity, ref)}, last activity ${
        clock(c.last_activity, ref)
      } (span ${minutes(c.span_minutes)} min, ${minutes(c.coverage_pct)}% covered)`,
    );
  }
  // The headline is the deduplicated figure, as in every output; a per-display sum only
  // appears labelled as one.
  const displays = Object.keys(c.per_display).length;
  const active = [
    `${minutes(c.dedup_active_minutes)} min active${
      displays > 1
        ? ` (each minute once; ${minutes(c.active_minutes)} min active across ${displays} displays)`
        : ""
    }`,
  ];
  if (c.focused_minutes !== undefined) active.push(`${minutes(c.focused_minutes)} min focused`);
  if (c.presence_minutes > 0) active.push(`${minutes(c.presence_minutes)} min presence only`);
  lines.push(`- ${active.join(", ")}`);
  lines.push(
    `- ${c.distinct_apps} apps, ${c.frames} frames, ${c.snapshots} snapshots, ${c.unattributed_input} unattributed input events`,
  );
  const clicks = c.click_resolution;
  if (clicks !== undefined) {
    const resolved = clicks.native + clicks.exact + clicks.tolerance + clicks.zone;
    if (resolved + clicks.none > 0) {
      lines.push(
        `- Clicks: ${resolved} resolved (${clicks.native} named by the source, ${clicks.exact} exact, ` +
          `${clicks.tolerance} within tolerance, ${clicks.zone} by screen zone), ${clicks.none} unresolved`,
      );
    }
  }
  if (c.reattributed_input !== undefined && c.reattributed_input > 0) {
    lines.push(
      `- ${c.reattributed_input} input events re-attributed to the nearest snapshot (their own app or window disagreed)`,
    );
  }
  if (c.omitted_frames > 0) {
    lines.push(
      `- ${c.omitted_frames} frames shorter than ${
        minutes(doc.compiler.constants.min_minutes)
      } min omitted (${minutes(c.omitted_minutes)} min, still counted in the ledgers)`,
    );
  }
  for (const [display, d] of Object.entries(c.per_display)) {
    const focused = d.focused_minutes === undefined
      ? ""
      : `, ${minutes(d.focused_minutes)} min focused`;
    lines.push(
      `- Display ${markdownText(display)}: ${
        minutes(d.active_minutes)
      } min active${focused}, ${d.frames} frames, ${d.snapshots} snapshots`,
    );
  }
  const withheld = withheldSummary(doc, true);
  if (withheld !== undefined) {
    lines.push(`- Withheld: ${withheld}; \`frames privacy\` shows them by day and frame`);
  }
  const rejected = Object.entries(c.rejected_rows).filter(([, n]) => n > 0);
  if (rejected.length > 0) {
    lines.push(
      `- Rejected rows: ${rejected.map(([why, n]) => `${markdownText(why)} ${n}`).join(", ")}`,
    );
  }
  return lines;
}

function appTable(doc: ActivityDocument): string[] {
  if (doc.ledger.length === 0) return ["No apps."];
  const focus = doc.ledger.some((e) => e.focused_minutes !== undefined);
  const rows = [
    row(["#", "App", "Minutes", ...(focus ? ["Focused"] : []), "Frames", "Longest", "Top windows"]),
    row(["--:", "---", "--:", ...(focus ? ["--:"] : []), "--:", "--:", "---"]),
  ];
  rankApps(doc.ledger).forEach((e, i) => {
    const focused = focus
      ? [e.focused_minutes === undefined ? "" : minutes(e.focused_minutes)]
      : [];
    rows.push(row([
      String(i + 1),
      cell(e.app),
      minutes(e.minutes),
      ...focused,
      String(e.frames),
      minutes(e.longest_min),
      e.windows.map((w) => cell(w)).join(" · "),
    ]));
  });
  return rows;
}

function siteTable(doc: ActivityDocument): string[] {
  if (doc.sites.length === 0) return ["No sites."];
  const rows = [row(["#", "Site", "Minutes", "Frames"]), row(["--:", "---", "--:", "--:"])];
  rankSites(doc.sites).forEach((s, i) => {
    rows.push(row([String(i + 1), cell(s.site), minutes(s.minutes), String(s.frames)]));
  });
  return rows;
}

function awayLines(doc: ActivityDocument, ref: string): string[] {
  const gaps = doc.coverage.gaps;
  if (gaps.length === 0) {
    return [`None longer than the session gap (${doc.compiler.constants.session_gap_s} s).`];
  }
  const rows = [row(["From", "To", "Minutes", "Why"]), row(["---", "---", "--:", "---"])];
  for (const g of gaps) {
    rows.push(
      row([
        clock(g.start, ref),
        clock(g.end, ref),
        minutes(g.minutes),
        cell(g.reason ?? "unknown"),
      ]),
    );
  }
  rows.push(
    "",
    "Away means nothing was captured on any display; without a reason from the recorder it " +
      "is unknown, not inactivity.",
  );
  return rows;
}

function frameLines(doc: ActivityDocument, ref: string): string[] {
  const c = doc.coverage;
  const note = c.omitted_frames > 0
    ? [
      "",
      `_${c.omitted_frames} frames shorter than ${
        minutes(doc.compiler.constants.min_minutes)
      } min omitted (${minutes(c.omitted_minutes)} min)._`,
    ]
    : [];
  if (doc.frames.length === 0) return ["No frames.", ...note];
  const multi = Object.keys(c.per_display).length > 1;
  const rows = [
    row(["Time", ...(multi ? ["Display"] : []), "App", "Site", "Min", "Top pages", "Input", "Id"]),
    row(["---", ...(multi ? ["---"] : []), "---", "---", "--:", "---", "---", "---"]),
  ];
  for (const f of doc.frames) {
    rows.push(row([
      `${clock(f.start, ref)}–${clock(f.end, ref)}`,
      ...(multi ? [cell(f.display)] : []),
      cell(f.app),
      cell(f.site ?? ""),
      minutes(f.duration_min),
      topPages(f),
      inputLabel(f.input),
      // Copyable as it stands: frames steps --frame <id>.
      `\`${safeLine(f.id).replace(/[`|]/g, "")}\``,
    ]));
  }
  return [
    ...rows,
    "",
    "Show a frame's clicks and keys: `frames steps --frame <Id>` (same window).",
    ...note,
  ];
}

function topPages(frame: Frame): string {
  const ranked = rankPages(frame.pages);
  const shown = ranked.slice(0, TOP_PAGES).map((p) => `${cell(pageLabel(p))} ×${p.count}`);
  if (ranked.length > TOP_PAGES) shown.push(`+${ranked.length - TOP_PAGES} more`);
  return shown.join(", ");
}

function inputLabel(input: InputCounts): string {
  const parts: string[] = [];
  const add = (n: number, one: string, many: string) => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
  };
  add(input.keys, "key", "keys");
  add(input.clicks, "click", "clicks");
  add(input.scrolls, "scroll", "scrolls");
  add(input.copies, "copy", "copies");
  add(input.pastes, "paste", "pastes");
  if (input.text_runs > 0) {
    parts.push(
      `${input.text_runs} typed ${
        input.text_runs === 1 ? "run" : "runs"
      } (${input.text_chars} chars)`,
    );
  }
  return parts.length > 0 ? parts.join(", ") : "—";
}

/** Joins already-escaped cells into one table row. */
function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

/** A captured value for a table cell: one line, capped, every Markdown/HTML metacharacter escaped. */
function cell(s: string): string {
  return markdownText(s);
}
