/**
 * The context block: a compact, token-budgeted view of the document for a system prompt.
 *
 * The header, coverage, app ledger, site roll-up and away periods are always printed, so
 * "which apps/sites, how long, when did the day start and end, was X used" never depends
 * on the budget; frames fill what is left, longest first, printed in time order.
 *
 * @module
 */

import type { ActivityDocument, Frame } from "../compile/document.ts";
import { DEFAULT_CONTEXT_BUDGET } from "../compile/rules.ts";
import {
  byCodeUnit,
  clock,
  minutes,
  pageLabel,
  rankApps,
  rankPages,
  rankSites,
  referenceDate,
  round1,
  wholeMinutes,
  withheldSummary,
} from "./_format.ts";
import { cap, safeLine, shownText } from "../text/sanitize.ts";
import { untrustedBlock } from "../text/untrusted.ts";
// Lines repeat from block to block (a live day); counted once each, exactly (see the module).
import { countTokensCached as countTokens } from "../text/token_count.ts";

/** Options of {@linkcode emitContext}. */
export interface ContextOptions {
  /** Maximum size of the block in cl100k_base tokens (default 1,500). */
  budget?: number;
  /** Pages shown per frame, most-viewed first (default 3). */
  maxPages?: number;
}

const ENTITY_CHARS = 40;
const TITLE_CHARS = 60;

/**
 * Renders the context block within `budget` cl100k_base tokens whenever its mandatory part fits.
 *
 * @example
 * ```ts
 * const block = emitContext(doc, { budget: 800 });
 * ```
 */
export function emitContext(doc: ActivityDocument, opts: ContextOptions = {}): string {
  const budget = opts.budget ?? DEFAULT_CONTEXT_BUDGET;
  if (!Number.isInteger(budget) || budget <= 0) {
    throw new RangeError(
      `Cannot build the context block: budget must be a positive integer, got ${budget}`,
    );
  }
  const maxPages = opts.maxPages ?? 3;
  if (!Number.isInteger(maxPages) || maxPages < 0) {
    throw new RangeError(
      `Cannot build the context block: maxPages must be a non-negative integer, got ${maxPages}`,
    );
  }
  const ref = referenceDate(doc);
  const head = headLines(doc, ref);
  const frames = doc.frames;

  // The mandatory part is the head plus the omitted line with every frame omitted; its
  // numbers are the largest the omitted line can carry, so its size bounds every variant.
  const worstOmitted = omittedLine(doc, frames.length, sumMinutes(frames));
  const mandatory = countTokens(fenced([...head, worstOmitted]));
  if (mandatory > budget) {
    const over =
      `(over budget: ledgers and coverage alone take ${mandatory} of ${budget} tokens; they are never cut)`;
    return fenced([...head, worstOmitted, over]);
  }

  // Greedy on the longest-first ranking; each line is tokenized once and the sizes summed
  // (+1 for its newline), which slightly over-counts, then the whole block is verified.
  const order = orderings(frames);
  const ranked = [...frames].sort(order.byLongest);
  const chosen: Frame[] = [];
  const lines = new Map<Frame, string>();
  let used = mandatory;
  for (const frame of ranked) {
    const line = frameLine(frame, ref, maxPages);
    const cost = countTokens(line) + 1;
    if (used + cost > budget) break;
    used += cost;
    chosen.push(frame);
    lines.set(frame, line);
  }
  for (;;) {
    const text = render(doc, head, [...chosen].sort(order.byTime), lines);
    if (chosen.length === 0 || countTokens(text) <= budget) return text;
    chosen.pop(); // the shortest chosen frame goes first
  }
}

function render(
  doc: ActivityDocument,
  head: string[],
  inTime: Frame[],
  lines: Map<Frame, string>,
): string {
  const shown = new Set(inTime);
  const dropped = doc.frames.filter((f) => !shown.has(f));
  const out = [...head, ...inTime.map((f) => lines.get(f)!)];
  out.push(omittedLine(doc, dropped.length, sumMinutes(dropped)));
  return fenced(out);
}

/**
 * The header line (frames' own words), then every line made of captured text inside the
 * one untrusted-data fence (`src/text/untrusted.ts`), so a page titled "ignore previous
 * instructions" reaches a model quoted, not obeyed.
 */
function fenced(lines: readonly string[]): string {
  return `${lines[0]}\n${untrustedBlock(lines.slice(1).join("\n") + "\n")}`;
}

function headLines(doc: ActivityDocument, ref: string): string[] {
  const w = doc.window;
  const c = doc.coverage;
  const when = w.day ??
    `${safeLine(w.start).slice(0, 16).replace("T", " ")} to ${
      safeLine(w.end).slice(0, 16).replace("T", " ")
    }`;
  const lines = [
    `USER ACTIVITY (${when}, ${
      safeLine(w.tz)
    } local time; measured from screen capture, no interpretation):`,
  ];

  const span = c.first_activity === null || c.last_activity === null
    ? "no activity captured"
    : `${clock(c.first_activity, ref)}-${clock(c.last_activity, ref)}`;
  // The headline is the deduplicated figure (each minute of the day once), as in every
  // other output; the per-display sum is only shown labelled as such.
  const detail: string[] = [];
  const displays = Object.keys(c.per_display).length;
  if (displays > 1) {
    detail.push(`${minutes(c.active_minutes)} active min across ${displays} displays`);
  }
  if (c.focused_minutes !== undefined) detail.push(`${minutes(c.focused_minutes)} focused`);
  if (c.presence_minutes > 0) detail.push(`${minutes(c.presence_minutes)} presence-only`);
  const active = `${minutes(c.dedup_active_minutes)} active min${
    detail.length > 0 ? ` (${detail.join(", ")})` : ""
  }`;
  const withheld = withheldSummary(doc, false);
  lines.push(
    `coverage: ${span}, ${active}, ${c.distinct_apps} apps, ${c.frames} frames${
      withheld === undefined ? "" : `; withheld: ${withheld}`
    }`,
  );

  lines.push(`apps (min): ${ledgerList(rankApps(doc.ledger).map((e) => [e.app, e.minutes]))}`);
  lines.push(`sites (min): ${ledgerList(rankSites(doc.sites).map((s) => [s.site, s.minutes]))}`);
  const away = c.gaps.map((g) =>
    `${clock(g.start, ref)}-${clock(g.end, ref)} (${minutes(g.minutes)}m${
      g.reason === undefined ? "" : `, ${g.reason}`
    })`
  );
  lines.push(`away: ${away.length > 0 ? away.join(", ") : "none"}`);
  return lines;
}

/**
 * Lists ranked `[name, minutes]` pairs in whole minutes; three or more neighbours with the
 * same rounded value share it (`2 each: a, b, c`), which keeps a long tail of short
 * visits cheap without dropping any name.
 */
function ledgerList(entries: Array<[string, number]>): string {
  if (entries.length === 0) return "none";
  const parts: string[] = [];
  for (let i = 0; i < entries.length;) {
    const value = wholeMinutes(entries[i][1]);
    let j = i + 1;
    while (j < entries.length && wholeMinutes(entries[j][1]) === value) j++;
    if (j - i >= 3) {
      parts.push(
        `${value} each: ${entries.slice(i, j).map(([name]) => shownText(name)).join(", ")}`,
      );
    } else {
      for (let k = i; k < j; k++) parts.push(`${shownText(entries[k][0])} ${value}`);
    }
    i = j;
  }
  return parts.join("; ");
}

function frameLine(frame: Frame, ref: string, maxPages: number): string {
  const where = frame.site === undefined
    ? shownText(frame.app)
    : `${shownText(frame.app)}/${shownText(frame.site)}`;
  // The id is what "frames steps --frame" and get_evidence take.
  const head = `- ${clock(frame.start, ref)}-${clock(frame.end, ref)} ${where} (${
    minutes(frame.duration_min)
  }m) [${safeLine(frame.id)}]`;
  let what = "";
  if (frame.pages.length > 0) {
    what = rankPages(frame.pages).slice(0, maxPages)
      .map((p) => `${cap(safeLine(pageLabel(p)), ENTITY_CHARS)} x${p.count}`)
      .join("; ");
    if (frame.pages.length > maxPages) {
      what += `${what === "" ? "" : "; "}+${frame.pages.length - maxPages} more`;
    }
  } else if (frame.windows.length > 0) {
    what = cap(safeLine(frame.windows[0]), TITLE_CHARS);
  }
  return what === "" ? head : `${head}: ${what}`;
}

function omittedLine(doc: ActivityDocument, count: number, mins: number): string {
  const parts: string[] = [];
  if (count > 0) parts.push(`+${count} frames over the token budget omitted: ${minutes(mins)} min`);
  else parts.push(doc.frames.length > 0 ? `all ${doc.frames.length} frames shown` : "no frames");
  const c = doc.coverage;
  if (c.omitted_frames > 0) {
    parts.push(
      `+${c.omitted_frames} frames shorter than ${
        minutes(doc.compiler.constants.min_minutes)
      } min omitted: ${minutes(c.omitted_minutes)} min`,
    );
  }
  return `(${parts.join("; ")})`;
}

function sumMinutes(frames: readonly Frame[]): number {
  let total = 0;
  for (const f of frames) total += f.duration_min;
  return round1(total);
}

/** Frame orderings, with each start parsed once per call (offsets may differ across DST). */
function orderings(frames: readonly Frame[]) {
  const starts = new Map<Frame, number>();
  for (const f of frames) starts.set(f, Date.parse(f.start));
  const start = (f: Frame) => starts.get(f)!;
  return {
    byLongest: (a: Frame, b: Frame) =>
      b.duration_min - a.duration_min || start(a) - start(b) || byCodeUnit(a.id, b.id),
    byTime: (a: Frame, b: Frame) => start(a) - start(b) || byCodeUnit(a.id, b.id),
  };
}
