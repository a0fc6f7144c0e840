/**
 * The routines page: each mined routine's steps, its occurrences on a small calendar, and
 * its recurrence h and overhead ratio R — or a plain empty state while no miner is
 * available in this build.
 *
 * @module
 */

import { markup } from "../_html.ts";
import type { HtmlEscapedString } from "../_html.ts";
import { addDays, parseDay } from "../../compile/time.ts";
import type { RoutinesReport, RoutineView } from "../backend.ts";
import { dayHref } from "../format.ts";
import { page } from "../layout.ts";

/** Day of the week, Monday = 0, of a `YYYY-MM-DD`. */
function weekdayOf(day: string): number {
  const p = parseDay(day)!;
  return (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
}

/** A calendar of the weeks spanned by the routine's occurrences; a hit is bold and dotted. */
function calendar(r: RoutineView): HtmlEscapedString {
  const days = [...new Set(r.occurrences.map((o) => o.day))].sort();
  if (days.length === 0) return markup``;
  const hits = new Set(days);
  let d = addDays(days[0], -weekdayOf(days[0]));
  const cells = [];
  for (const w of ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]) {
    cells.push(markup`<span aria-hidden="true">${w}</span>`);
  }
  while (d <= days[days.length - 1] || weekdayOf(d) !== 0) {
    cells.push(
      hits.has(d)
        ? markup`<span class="hit" title="${d}"><a href="${
          dayHref(d)
        }" aria-label="occurrence on ${d}">${d.slice(8)}</a></span>`
        : markup`<span aria-hidden="true">${d.slice(8)}</span>`,
    );
    d = addDays(d, 1);
  }
  return markup`<div class="cal" aria-label="Occurrences of ${r.name}">${cells}</div>`;
}

function routineSection(r: RoutineView): HtmlEscapedString {
  return markup`<section><h2>${r.name} <span class="muted">${r.key}</span></h2><p>${r.occurrences.length} occurrences · h ${
    (r.h * 100).toFixed(1)
  }% · R ${r.r.toFixed(1)}×</p><ol>${r.steps.map((s) => markup`<li class="wrap">${s}</li>`)}</ol>${
    calendar(r)
  }<details><summary>Occurrence times</summary><ul>${
    r.occurrences.map((o) => markup`<li><a href="${dayHref(o.day)}">${o.day}</a> ${o.at}</li>`)
  }</ul></details></section>`;
}

/** The whole routines page (`report` undefined: no miner in this build). */
export function routinesPage(day: string, report: RoutinesReport | undefined): HtmlEscapedString {
  const body = report === undefined
    ? markup`<h1>Routines</h1><div class="empty"><p>Routines are not available yet: this build of frames has no routine miner. When it lands, this page lists each recurring routine with its steps, a calendar of its occurrences, and its recurrence h and overhead ratio R.</p></div>`
    : report.routines.length === 0
    ? markup`<h1>Routines</h1><div class="empty"><p>No routine recurs often enough (three occurrences with two named targets) in the days up to ${day}.</p></div>`
    : markup`<h1>Routines <span class="muted">up to ${day}</span></h1><p>${report.routines.length} routines · overall h ${
      (report.h * 100).toFixed(1)
    }% · R ${report.r.toFixed(1)}×</p>${report.routines.map(routineSection)}`;
  return page({ title: "Routines", section: "routines", day }, body);
}
