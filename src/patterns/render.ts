/**
 * A pattern report as plain text for the terminal.
 *
 * @module
 */

import type { PatternReport } from "./detect.ts";
import { shownText } from "../text/sanitize.ts";

function where(app: string, site: string | undefined): string {
  return site !== undefined ? `${app} / ${site}` : app;
}

/** Renders a report as text ending with a newline. */
export function renderPatterns(r: PatternReport): string {
  const out: string[] = [
    `patterns over ${r.days.length} days (${r.days[0] ?? "-"} to ${
      r.days[r.days.length - 1] ?? "-"
    }), ${r.active_days} with capture`,
  ];
  const section = (title: string, lines: string[]) => {
    out.push("", `${title} (${lines.length})`);
    if (lines.length === 0) out.push("  none");
    // Each line quotes captured names and titles: one inert line each, capped.
    for (const l of lines) out.push(`  ${shownText(l, 2000)}`);
  };
  section(
    "repeated clicks",
    r.repeated_clicks.map((p) =>
      `${p.count}× ${JSON.stringify(p.target.name)}${p.target.role ? ` ${p.target.role}` : ""} in ${
        where(p.app, p.site)
      } on ${p.days} days — ${p.evidence.join(", ")}`
    ),
  );
  section(
    "action sequences",
    r.action_sequences.map((p) =>
      `${p.count}× ${p.steps.join(" → ")} in ${where(p.app, p.site)} (${p.frames} frames) — ${
        p.evidence.join(", ")
      }`
    ),
  );
  section(
    "daily habits",
    r.daily_habits.map((p) =>
      `${p.kind} ${p.name}: ${p.days}/${p.of_days} days, ${p.avg_minutes} min a day, usually from ${p.typical_start} — ${
        p.evidence.join(", ")
      }`
    ),
  );
  section(
    "URL templates",
    r.url_templates.map((p) =>
      `${p.template}: ${p.visits} visits, ${p.distinct_urls} URLs, ${p.days} days — ${
        p.evidence.join(", ")
      }`
    ),
  );
  section(
    "app switches",
    r.app_switches.map((p) =>
      `${p.count}× ${p.from} → ${p.to} on ${p.days} days — ${p.evidence.join(", ")}`
    ),
  );
  section(
    "temporal rhythms",
    r.temporal_rhythms.map((p) =>
      `${p.app} at ${p.slot}: ${p.days}/${p.of_days} days, ${p.avg_minutes} min — ${
        p.evidence.join(", ")
      }`
    ),
  );
  // How clicks were placed (display names come from the capture: inert lines too).
  if (r.notes.length > 0) {
    out.push("", "notes");
    for (const n of r.notes) out.push(`  ${shownText(n, 2000)}`);
  }
  return out.join("\n") + "\n";
}
