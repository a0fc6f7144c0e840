/**
 * Steps as plain text for the terminal: one line per step, frame header first.
 *
 * @module
 */

import type { Step, StepTarget } from "./build.ts";
import { safeLine } from "../text/sanitize.ts";

/** A frame's script (or a ranked match) in the shape `renderSteps` reads. */
export interface RenderableSteps {
  /** The frame header's fields. */
  frame: {
    id: string;
    app: string;
    site?: string;
    start: string;
    end: string;
    duration_min: number;
  };
  /** The steps, one line each. */
  steps: Step[];
  /** The match score, shown for `--find` results. */
  score?: number;
  /** Why the frame matched, shown under the header. */
  why?: string[];
  /** How this display's clicks were placed (inferred geometry), shown under the header. */
  notes?: string[];
}

function target(t: StepTarget): string {
  const what = t.name !== undefined
    ? JSON.stringify(t.name) + (t.role !== undefined ? ` ${t.role}` : "")
    : t.zone !== undefined
    ? `zone ${t.zone}` + (t.role !== undefined ? ` (${t.role})` : "")
    : "unresolved" + (t.role !== undefined ? ` (${t.role})` : "");
  const how = [`${t.resolution} ${t.confidence}`];
  if (t.distance_px !== undefined) how.push(`${t.distance_px} px away`);
  if (t.nearby_ms !== undefined) {
    how.push(`nearby snapshot ${t.nearby_ms >= 0 ? "+" : ""}${(t.nearby_ms / 1000).toFixed(1)} s`);
  }
  return `${what} [${how.join("; ")}]`;
}

function line(s: Step): string {
  let body: string;
  switch (s.kind) {
    case "focus":
      body = s.app + (s.title !== undefined ? ` — ${JSON.stringify(s.title)}` : "");
      break;
    case "url":
      body = s.url! +
        (s.page
          ? ` (${s.page.kind}${s.page.entity !== undefined ? ` ${s.page.entity}` : ""})`
          : "");
      break;
    case "click":
      body = target(s.target!);
      break;
    case "type":
      body = `${s.chars} chars` + (s.text !== undefined ? `: ${JSON.stringify(s.text)}` : "");
      break;
    case "keys":
    case "scroll":
      body = `×${s.count}`;
      break;
    case "switch":
      body = s.app ?? "";
      break;
    default:
      body = "";
  }
  const notes: string[] = [];
  if (s.detour !== undefined) notes.push(`during detour to ${s.detour}`);
  if (s.reattributed !== undefined) {
    const r = s.reattributed;
    const what = r.from_title !== undefined && r.event_title !== undefined
      ? `capture showed window "${r.from_title}", event said "${r.event_title}"`
      : `capture showed ${r.from_app}${
        r.event_app !== undefined ? `, event said ${r.event_app}` : ""
      }`;
    notes.push(`re-attributed: ${what}; ${(r.distance_ms / 1000).toFixed(1)} s from its snapshot`);
  }
  const tail = notes.length > 0 ? `  (${notes.join("; ")})` : "";
  // Captured names and titles: one inert line, whatever they hold.
  return safeLine(`  ${s.at}  ${s.kind.padEnd(6)} ${body}`.trimEnd() + tail);
}

/** Renders one or more scripts as text ending with a newline. */
export function renderSteps(
  items: readonly RenderableSteps[],
  opts: { dates?: boolean } = {},
): string {
  const out: string[] = [];
  items.forEach((item, n) => {
    if (n > 0) out.push("");
    const f = item.frame;
    out.push(safeLine(
      `frame ${f.id}  ${f.app}${f.site !== undefined ? ` / ${f.site}` : ""}  ${
        opts.dates === true ? `${f.start.slice(0, 10)} ` : ""
      }${f.start.slice(11, 19)}–${f.end.slice(11, 19)} (${f.duration_min} min)`,
    ));
    if (item.score !== undefined) {
      out.push(safeLine(`  score ${item.score}: ${(item.why ?? []).join("; ")}`));
    }
    for (const note of item.notes ?? []) out.push(safeLine(`  note: ${note}`));
    if (item.steps.length === 0) out.push("  (no steps)");
    for (const s of item.steps) out.push(line(s));
  });
  return out.join("\n") + "\n";
}
