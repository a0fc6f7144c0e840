/**
 * The privacy report as Markdown: per day, what each rule withheld, with counts and the
 * frames touched. Every value in it is a count, a rule name, a date or a frame id.
 *
 * @module
 */

import { markdownText } from "../text/sanitize.ts";
import type { PrivacyReport, RuleCount } from "./report.ts";

const SHOWN_FRAMES = 5;

const LABELS: Record<string, string> = {
  app: "excluded app",
  private: "private / incognito window",
  title: "excluded window title",
  url: "excluded URL",
  not_loaded: "typed text not loaded",
  named_parameter: "redacted: named parameter",
  credential_shape: "redacted: credential shape",
  title_token: "redacted: title token",
  user_info: "redacted: user info",
  script_url: "redacted: script URL",
};

/** Renders the report as Markdown ending with one newline. */
export function renderPrivacyMarkdown(r: PrivacyReport): string {
  const out = [
    `# Privacy — what was withheld (${markdownText(r.tz)})`,
    "",
    `Counts only: no withheld value is shown. Typed text was ${
      r.include_text ? "loaded (--include-text)" : "not loaded (the default)"
    }. In total ${r.total} ${r.total === 1 ? "part was" : "parts were"} withheld.`,
  ];
  if (r.days.length === 0) out.push("", "No capture in this window.");
  for (const d of r.days) {
    out.push("", `## ${d.day}`, "");
    out.push(
      `${d.snapshots} snapshots, ${d.events} input events; ${d.total} withheld.`,
      "",
    );
    const rows = [...d.excluded, ...d.typed_text, ...d.redacted];
    if (rows.length === 0) {
      out.push("Nothing withheld.");
      continue;
    }
    out.push("| Rule | Count | Rows | Frames |", "| --- | --: | --: | --- |");
    for (const row of rows) out.push(line(row));
  }
  return out.join("\n") + "\n";
}

function line(r: RuleCount): string {
  const shown = r.frames.slice(0, SHOWN_FRAMES).map((f) => `\`${f.replace(/[`|]/g, "")}\``);
  if (r.frames.length > SHOWN_FRAMES) shown.push(`+${r.frames.length - SHOWN_FRAMES} more`);
  const frames = r.frames.length === 0 ? "—" : `${r.frames.length}: ${shown.join(", ")}`;
  return `| ${LABELS[r.rule] ?? markdownText(r.rule)} | ${r.count} | ${r.rows} | ${frames} |`;
}
