/**
 * The frame page, the audit view: the frame's fields, the exact source rows it was
 * compiled from (snapshots and input events, with times, titles and URLs; typed text only
 * when the operator opted in), its detours and its steps with how each click was
 * resolved and with what confidence.
 *
 * @module
 */

import { markup } from "../_html.ts";
import type { HtmlEscapedString } from "../_html.ts";
import type { Frame } from "../../compile/document.ts";
import { fromRuns } from "../../compile/runs.ts";
import { formatLocal } from "../../compile/time.ts";
import { redactUrl } from "../../entities/redact.ts";
import type { Capture } from "../../model.ts";
import type { FrameSteps, Step } from "../../steps/mod.ts";
import { clockText, dayHref, isLinkable, minText } from "../format.ts";
import { page } from "../layout.ts";

/** A captured URL: a link only when it is http(s), always shown as text. */
export function urlCell(url: string | undefined): HtmlEscapedString | "" {
  if (url === undefined || url === "") return "";
  const safe = redactUrl(url);
  return isLinkable(safe)
    ? markup`<a href="${safe}" rel="noreferrer noopener" class="wrap">${safe}</a>`
    : markup`<span class="wrap">${safe}</span>`;
}

function fields(f: Frame): HtmlEscapedString {
  const row = (k: string, v: string | HtmlEscapedString) => markup`<dt>${k}</dt><dd>${v}</dd>`;
  const i = f.input;
  return markup`<dl class="fields">${row("id", f.id)}${row("display", f.display)}${
    row("app", f.app)
  }${f.site === undefined ? "" : row("site", f.site)}${
    row("start – end", `${clockText(f.start, true)} – ${clockText(f.end, true)}`)
  }${row("duration (dwell credit)", minText(f.duration_min))}${
    row("wall time (detours included)", minText(f.wall_min))
  }${f.focused_min === undefined ? "" : row("focused", minText(f.focused_min))}${
    f.presence_min === undefined ? "" : row("presence only", minText(f.presence_min))
  }${row("windows", markup`${f.windows.map((w) => markup`<span class="wrap">${w}</span><br>`)}`)}${
    row(
      "pages",
      markup`${
        f.pages.map((p) =>
          markup`<span class="wrap">${p.kind}${
            p.entity === undefined ? "" : `: ${p.entity}`
          } ×${p.count}</span><br>`
        )
      }`,
    )
  }${
    row(
      "input",
      `${i.events} events: ${i.keys} keys, ${i.clicks} clicks, ${i.text_runs} typed runs (${i.text_chars} chars), ${i.pastes} pastes, ${i.copies} copies, ${i.scrolls} scrolls`,
    )
  }${row("evidence: snapshots", f.evidence.snapshots || "none")}${
    row("evidence: events", f.evidence.events || "none")
  }</dl>`;
}

function evidence(f: Frame, capture: Capture, tz: string, includeText: boolean): HtmlEscapedString {
  const snapRefs = new Set(fromRuns(f.evidence.snapshots));
  const eventRefs = new Set(fromRuns(f.evidence.events));
  const snaps = capture.snapshots.filter((s) => snapRefs.has(s.ref) && s.display === f.display)
    .sort((a, b) => a.at - b.at || a.ref - b.ref);
  const events = capture.events.filter((e) => eventRefs.has(e.ref))
    .sort((a, b) => a.at - b.at || a.ref - b.ref);
  const t = (ms: number) => formatLocal(ms, tz).slice(11, 19);
  const snapRows = snaps.map((s) =>
    markup`<tr><td class="num">${s.ref}</td><td class="num">${
      t(s.at)
    }</td><td>${s.app}</td><td class="wrap">${s.title ?? ""}</td><td>${urlCell(s.url)}</td><td>${
      s.trigger ?? ""
    }</td><td>${s.focused === undefined ? "" : s.focused ? "yes" : "no"}</td></tr>`
  );
  const eventRows = events.map((e) => {
    const el = e.element;
    const target = el === undefined ? "" : [el.role, el.name].filter((x) => x).join(" ");
    const typed = e.chars === undefined ? "" : `${e.chars} chars`;
    const text = includeText && e.text !== undefined ? markup`: <q class="wrap">${e.text}</q>` : "";
    return markup`<tr><td class="num">${e.ref}</td><td class="num">${
      t(e.at)
    }</td><td>${e.kind}</td><td>${
      e.app ?? ""
    }</td><td class="wrap">${target}</td><td>${typed}${text}</td></tr>`;
  });
  return markup`<h2 id="h-snaps">Snapshots (${snaps.length})</h2><div class="scroll"><table aria-labelledby="h-snaps"><thead><tr><th scope="col" class="num">Row</th><th scope="col" class="num">Time</th><th scope="col">App</th><th scope="col">Title</th><th scope="col">URL</th><th scope="col">Trigger</th><th scope="col">Focused</th></tr></thead><tbody>${snapRows}</tbody></table></div>
<h2 id="h-events">Input events (${events.length})</h2>${
    events.length === 0
      ? markup`<p class="note">No input event was attributed to this frame.</p>`
      : markup`<div class="scroll"><table aria-labelledby="h-events"><thead><tr><th scope="col" class="num">Row</th><th scope="col" class="num">Time</th><th scope="col">Kind</th><th scope="col">App</th><th scope="col">Element</th><th scope="col">Typed</th></tr></thead><tbody>${eventRows}</tbody></table></div>`
  }<p class="note">${
    includeText
      ? "Typed text is shown: the operator started frames serve with --include-text."
      : "Typed text is never shown unless the operator starts frames serve with --include-text."
  }</p>`;
}

function stepTarget(s: Step): HtmlEscapedString | string {
  const t = s.target;
  if (t === undefined) return "";
  const what = t.name !== undefined
    ? `${t.role ?? "element"} "${t.name}"`
    : t.zone !== undefined
    ? `zone ${t.zone}`
    : "unplaced";
  return markup`${what} <span class="muted">(${t.resolution}, confidence ${
    t.confidence.toFixed(2)
  }${t.distance_px === undefined ? "" : `, ${t.distance_px} px away`})</span>`;
}

function stepsTable(steps: FrameSteps | undefined): HtmlEscapedString {
  if (steps === undefined || steps.steps.length === 0) {
    return markup`<p class="note">No steps: the frame has no input or focus change to show.</p>`;
  }
  const rows = steps.steps.map((s) => {
    const detail = s.kind === "type"
      ? `${s.chars ?? 0} chars${s.text !== undefined ? `: ${s.text}` : ""}`
      : s.kind === "url"
      ? s.url ?? ""
      : s.kind === "focus"
      ? `${s.app ?? ""}${s.title === undefined ? "" : ` — ${s.title}`}`
      : s.count !== undefined
      ? `${s.count} events`
      : "";
    return markup`<tr><td class="num">${s.at}</td><td>${s.kind}${
      s.detour === undefined ? "" : markup` <span class="muted">(detour ${s.detour})</span>`
    }</td><td class="wrap">${stepTarget(s)}</td><td class="wrap">${detail}</td></tr>`;
  });
  return markup`<div class="scroll"><table aria-labelledby="h-steps"><thead><tr><th scope="col" class="num">Time</th><th scope="col">Step</th><th scope="col">Click target (resolution, confidence)</th><th scope="col">Detail</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** What the frame page shows. */
export interface FramePageData {
  /** The day the frame belongs to. */
  day: string;
  /** The frame as the document lists it. */
  frame: Frame;
  /** The capture of its day. */
  capture: Capture;
  /** IANA timezone of the times. */
  tz: string;
  /** Its steps (absent when they could not be built). */
  steps?: FrameSteps;
  /** Whether typed text may be shown. */
  includeText: boolean;
}

/** The whole frame page. */
export function framePage(d: FramePageData): HtmlEscapedString {
  const f = d.frame;
  const detours = f.interruptions.length === 0
    ? markup`<p class="note">No detour was folded into this frame.</p>`
    : markup`<ul>${
      f.interruptions.map((i) =>
        markup`<li>${i.app}${i.site === undefined ? "" : ` · ${i.site}`}: ${i.seconds} s${
          i.input === undefined ? "" : `, ${i.input} input events`
        } (not counted in the frame's duration)</li>`
      )
    }</ul>`;
  const body = markup`<p><a href="${dayHref(d.day)}">← ${d.day}</a></p><h1>${f.app}${
    f.site === undefined ? "" : ` · ${f.site}`
  } <span class="muted">${clockText(f.start)}–${clockText(f.end)}</span></h1>
<section aria-labelledby="h-fields"><h2 id="h-fields">Fields</h2>${
    fields(f)
  }</section><section aria-labelledby="h-detours"><h2 id="h-detours">Detours</h2>${detours}</section>
<section aria-labelledby="h-steps"><h2 id="h-steps">Steps</h2>${
    stepsTable(d.steps)
  }</section><section aria-label="Evidence rows">${
    evidence(f, d.capture, d.tz, d.includeText)
  }</section>`;
  return page({ title: `${f.app} ${clockText(f.start)}`, section: "frame", day: d.day }, body);
}
