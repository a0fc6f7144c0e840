/**
 * The day page: the timeline, the ledger (focused vs visible minutes), the site roll-up,
 * coverage and the list of frames, each frame linking to its audit view.
 *
 * @module
 */

import { markup } from "../_html.ts";
import type { HtmlEscapedString } from "../_html.ts";
import type { ActivityDocument } from "../../compile/document.ts";
import { addDays } from "../../compile/time.ts";
import { clockText, dayHref, frameHref, minText } from "../format.ts";
import { page } from "../layout.ts";
import { colourMap, type Swatch } from "../palette.ts";
import type { Timeline } from "../timeline.ts";
import { timelineSvg } from "../timeline_svg.ts";

/** Two bars in one row: visible minutes (light) and focused minutes (dark), to scale. */
function bars(visible: number, focused: number | undefined, max: number): HtmlEscapedString {
  const w = (m: number) => (max <= 0 ? 0 : Math.max((m / max) * 100, m > 0 ? 0.5 : 0)).toFixed(2);
  const f = focused === undefined
    ? ""
    : markup`<rect x="0" y="8" height="6" width="${w(focused)}" fill="#1a1a1a"/>`;
  return markup`<svg class="bar" viewBox="0 0 100 14" preserveAspectRatio="none" aria-hidden="true"><rect x="0" y="0" height="7" width="${
    w(visible)
  }" fill="#7a9cc6"/>${f}</svg>`;
}

/** The day navigation: previous and next day, and a date picker that works without script. */
export function dayNav(
  day: string,
  action = "/day",
  extra: HtmlEscapedString | "" = "",
): HtmlEscapedString {
  const prev = addDays(day, -1), next = addDays(day, 1);
  return markup`<div class="daynav"><a href="${
    dayHref(prev)
  }" rel="prev" aria-label="Previous day, ${prev}">← ${prev}</a><form method="get" action="${action}"><label for="pick">Go to day</label><input id="pick" type="date" name="day" value="${day}" required>${extra}<button type="submit">Show</button></form><a href="${
    dayHref(next)
  }" rel="next" aria-label="Next day, ${next}">${next} →</a></div>`;
}

function legend(doc: ActivityDocument, colours: ReadonlyMap<string, Swatch>): HtmlEscapedString {
  const apps = doc.ledger.map((e) =>
    markup`<li><span class="sw" aria-hidden="true"><svg viewBox="0 0 22 14" width="22" height="14"><rect width="22" height="14" fill="${
      colours.get(e.app)!.fill
    }"/></svg></span>${e.app}</li>`
  );
  const key = (fill: string, label: string) =>
    markup`<li><span class="sw" aria-hidden="true"><svg viewBox="0 0 22 14" width="22" height="14"><rect width="22" height="14" fill="${fill}"/></svg></span>${label}</li>`;
  return markup`<ul class="legend" aria-label="Apps">${apps}</ul><ul class="legend" aria-label="Marks">${
    key("url(#hatch)", "hatched: no capture (gap, reason unknown)")
  }${key("url(#away)", "cross-hatched: away (the recorder said why)")}${
    key("#1a1a1a", "dark strip under a lane: that display held focus")
  }<li>dotted overlay: presence only (screen awake, no input)</li><li>tick above a lane: a short detour folded into the frame</li></ul>`;
}

function ledgerTable(doc: ActivityDocument): HtmlEscapedString {
  const max = Math.max(0, ...doc.ledger.map((e) => e.minutes));
  const focus = doc.coverage.focused_minutes !== undefined;
  const rows = doc.ledger.map((e) =>
    markup`<tr><th scope="row">${e.app}</th><td class="num">${minText(e.minutes)}</td>${
      focus ? markup`<td class="num">${minText(e.focused_minutes ?? 0)}</td>` : ""
    }<td class="num">${e.frames}</td><td class="bar">${
      bars(e.minutes, focus ? e.focused_minutes ?? 0 : undefined, max)
    }</td></tr>`
  );
  return markup`<table><caption class="muted">Bars: light = visible minutes${
    focus ? ", dark = focused minutes" : ""
  }</caption><thead><tr><th scope="col">App</th><th scope="col" class="num">Visible</th>${
    focus ? markup`<th scope="col" class="num">Focused</th>` : ""
  }<th scope="col" class="num">Frames</th><th scope="col">Share</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function sitesTable(doc: ActivityDocument): HtmlEscapedString {
  if (doc.sites.length === 0) return markup`<p class="note">No site was visited.</p>`;
  const max = Math.max(0, ...doc.sites.map((s) => s.minutes));
  const rows = doc.sites.map((s) =>
    markup`<tr><th scope="row" class="wrap">${s.site}</th><td class="num">${
      minText(s.minutes)
    }</td><td class="num">${s.frames}</td><td class="bar">${
      bars(s.minutes, undefined, max)
    }</td></tr>`
  );
  return markup`<table><thead><tr><th scope="col">Site</th><th scope="col" class="num">Minutes</th><th scope="col" class="num">Frames</th><th scope="col">Share</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function coverageList(doc: ActivityDocument): HtmlEscapedString {
  const c = doc.coverage;
  const away = c.gaps.filter((g) => g.reason !== undefined).reduce((n, g) => n + g.minutes, 0);
  const unknown = c.gaps.filter((g) => g.reason === undefined).reduce((n, g) => n + g.minutes, 0);
  const rejected = Object.values(c.rejected_rows).reduce((n, v) => n + v, 0);
  const row = (k: string, v: string) => markup`<dt>${k}</dt><dd>${v}</dd>`;
  return markup`<dl class="fields">${
    row(
      "first – last activity",
      c.first_activity === null
        ? "none"
        : `${clockText(c.first_activity)} – ${clockText(c.last_activity!)}`,
    )
  }${row("active (all displays)", minText(c.active_minutes))}${
    row("active (counted once)", minText(c.dedup_active_minutes))
  }${c.focused_minutes === undefined ? "" : row("focused", minText(c.focused_minutes))}${
    row("presence only", minText(c.presence_minutes))
  }${row("away (reason recorded)", minText(away))}${
    row("gaps (reason unknown)", minText(unknown))
  }${row("unattributed input", `${c.unattributed_input} events`)}${
    row("snapshots read", String(c.snapshots))
  }${row("rejected rows", String(rejected))}</dl>${
    doc.blind_spots.length === 0
      ? ""
      : markup`<h3>Blind spots</h3><ul>${doc.blind_spots.map((b) => markup`<li>${b}</li>`)}</ul>`
  }`;
}

function framesTable(doc: ActivityDocument, day: string): HtmlEscapedString {
  const rows = doc.frames.map((f) =>
    markup`<tr><td class="num">${clockText(f.start)}–${
      clockText(f.end)
    }</td><td>${f.display}</td><td><a href="${frameHref(f.id, day)}">${f.app}${
      f.site === undefined ? "" : ` · ${f.site}`
    }</a></td><td class="wrap">${f.windows[0] ?? ""}</td><td class="num">${
      minText(f.duration_min)
    }</td></tr>`
  );
  return markup`<details><summary>All ${doc.frames.length} frames as a table</summary><table><thead><tr><th scope="col" class="num">Time</th><th scope="col">Display</th><th scope="col">Frame</th><th scope="col">Title</th><th scope="col" class="num">Minutes</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

/** The whole day page. */
export function dayPage(
  day: string,
  doc: ActivityDocument,
  timeline: Timeline,
  holding: readonly string[],
): HtmlEscapedString {
  const c = doc.coverage;
  const empty = c.snapshots === 0;
  const colours = colourMap(doc.ledger.map((e) => e.app));
  const near = holding.slice(0, 7).map((d) => markup`<li><a href="${dayHref(d)}">${d}</a></li>`);
  const body = empty
    ? markup`<h1>${day}</h1>${
      dayNav(day)
    }<div class="empty"><p>No capture on this day (${doc.window.tz}).</p>${
      near.length === 0
        ? markup`<p>The source holds no capture at all yet.</p>`
        : markup`<p>Days that hold capture:</p><ul>${near}</ul>`
    }</div>`
    : markup`<h1>${day} <span class="muted">(${doc.window.tz})</span></h1>${dayNav(day)}<p>${
      clockText(c.first_activity!)
    }–${clockText(c.last_activity!)}: ${minText(c.dedup_active_minutes)} active${
      c.focused_minutes === undefined ? "" : `, ${minText(c.focused_minutes)} focused`
    }, ${doc.frames.length} frames on ${timeline.lanes.length} display(s), ${c.distinct_apps} apps.</p>
<h2 id="timeline">Timeline</h2>${legend(doc, colours)}<div class="scroll">${
      timelineSvg(timeline, day, colours)
    }</div><p class="note">Hover or focus a shape for app, site, title and minutes; select a frame to open its evidence.</p>
<div class="cols"><section aria-labelledby="h-ledger"><h2 id="h-ledger">Apps</h2>${
      ledgerTable(doc)
    }</section><section aria-labelledby="h-sites"><h2 id="h-sites">Sites</h2>${
      sitesTable(doc)
    }</section></div><section aria-labelledby="h-cov"><h2 id="h-cov">Coverage</h2>${
      coverageList(doc)
    }</section><section aria-labelledby="h-frames"><h2 id="h-frames">Frames</h2>${
      framesTable(doc, day)
    }</section>`;
  return page({ title: day, section: "day", day }, body);
}
