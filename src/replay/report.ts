/**
 * The replay report: per step what was expected, what was found, what happened and how
 * long each part took, with a screenshot; as JSON and as a table a person reads.
 *
 * @module
 */

import { cap, safeLine } from "../text/sanitize.ts";

/** What happened to one step. */
export type StepStatus = "checked" | "done" | "refused" | "aborted" | "skipped";

/** How the whole run ended. */
export type Outcome = "completed" | "aborted" | "refused" | "timed-out" | "interrupted" | "failed";

/** One step of the report. */
export interface StepReport {
  /** The step's 1-based position in the plan. */
  index: number;
  /** What the step does. */
  op: "click" | "type" | "navigate";
  /** The element checked and acted on (slot filled), or null for navigate. */
  element: { role: string; name: string } | null;
  /** The URL opened (navigate, after --url-map) or the URL template the page had to match. */
  url: string | null;
  /** The plan marks the step destructive. */
  destructive: boolean;
  /** checked, done, refused, aborted or skipped. */
  status: StepStatus;
  /** Why the step was refused, aborted or skipped, or a note on a check. */
  reason: string | null;
  /** What the guards expected, when a guard failed. */
  expected: string | null;
  /** What the page showed instead, when a guard failed. */
  found: string | null;
  /** The page's URL when the step was checked. */
  page_url: string | null;
  /** Whether the guard needed the settle re-check. */
  settled: boolean;
  /** Time from the run's start to this step's start, ms. */
  at_ms: number;
  /** The guard machinery's own time (URL check and one element lookup), ms. */
  guard_ms: number;
  /** The settle wait and second lookup, when one was needed, ms. */
  settle_ms: number;
  /** Acting (navigate, click, type, keys), ms. */
  act_ms: number;
  /** The whole step including its screenshot, ms. */
  total_ms: number;
  /** The screenshot taken after the step, when one was taken. */
  screenshot: string | null;
}

/** The whole report. */
export interface ReplayReport {
  /** The report format's version. */
  report_version: 1;
  /** The plan's routine. */
  routine: { id: string; title: string };
  /** Dry run (checks only) or execute (acts). */
  mode: "dry-run" | "execute";
  /** Whether destructive steps were allowed. */
  allow_destructive: boolean;
  /** How the browser was reached: launched from a path, or attached over CDP. */
  browser: { how: "launch" | "cdp"; where: string };
  /** How the whole run ended. */
  outcome: Outcome;
  /** The step the run stopped at (aborted, refused, timed out), or null. */
  stopped_at: number | null;
  /** One line on how it ended. */
  message: string;
  /** Starting (or attaching to) the browser, ms. */
  browser_start_ms: number;
  /** From the run's start to step 1's start (browser start included), ms. */
  first_step_ms: number | null;
  /** The whole run, ms. */
  total_ms: number;
  /** Where the page was left: its URL and title. */
  final: { url: string; title: string } | null;
  /** Where the step screenshots are. */
  screenshots_dir: string | null;
  /** Every step, in plan order. */
  steps: StepReport[];
}

/** Whether a report's run counts as success (every step checked, done or skipped as allowed). */
export function succeeded(report: ReplayReport): boolean {
  return report.outcome === "completed";
}

// Captured text (names, titles) could carry terminal escapes; the one sanitiser shows it inert.
const inert = safeLine;

function cell(s: string, width: number): string {
  return cap(inert(s), width).padEnd(width);
}

/** The report as a readable table (LF, ending with a newline). */
export function renderTable(r: ReplayReport): string {
  const mode = r.mode === "dry-run" ? "dry run (nothing clicked or typed)" : "execute";
  const lines = [
    `frames replay: "${inert(r.routine.title)}" (routine ${inert(r.routine.id)}), ${mode}`,
    `browser: ${r.browser.how} ${
      inert(r.browser.where)
    }; started in ${r.browser_start_ms} ms; first step at ${r.first_step_ms ?? "-"} ms`,
    "",
    `${"step".padEnd(4)}  ${"op".padEnd(8)}  ${"target".padEnd(34)}  ${"status".padEnd(8)}  ${
      "guard".padStart(6)
    }  ${"act".padStart(6)}  ${"total".padStart(6)}  note`,
  ];
  for (const s of r.steps) {
    const target = s.element ? `${s.element.role} "${s.element.name}"` : s.url ?? "";
    const note = [
      s.destructive ? "destructive" : "",
      s.reason ?? "",
      s.expected ? `expected ${s.expected}` : "",
      s.found ? `found ${s.found}` : "",
      s.settled ? "(re-checked after settle)" : "",
    ].filter((x) => x !== "").join("; ");
    lines.push(
      `${String(s.index).padEnd(4)}  ${s.op.padEnd(8)}  ${cell(target, 34)}  ${
        s.status.padEnd(8)
      }  ${String(s.guard_ms).padStart(6)}  ${String(s.act_ms).padStart(6)}  ${
        String(s.total_ms).padStart(6)
      }  ${inert(note)}`,
    );
  }
  lines.push("", `${r.outcome}: ${inert(r.message)} (${r.total_ms} ms)`);
  if (r.final) lines.push(`page left at: ${inert(r.final.url)} — "${inert(r.final.title)}"`);
  const shots = r.steps.filter((s) => s.screenshot !== null).length;
  if (r.screenshots_dir) lines.push(`screenshots (${shots}): ${r.screenshots_dir}`);
  return lines.join("\n") + "\n";
}
