/**
 * The range page: minutes per app per day as stacked bars (a week at a glance), with the
 * same numbers as a table, so nothing depends on colour or on seeing the chart.
 *
 * @module
 */

import { markup } from "../_html.ts";
import type { HtmlEscapedString } from "../_html.ts";
import type { ActivityDocument } from "../../compile/document.ts";
import { dayHref, minText } from "../format.ts";
import { page } from "../layout.ts";
import { colourMap } from "../palette.ts";

/** The most days one range page compiles. */
export const MAX_RANGE_DAYS = 31;

/** Apps drawn on their own; the rest are summed as "other". */
const TOP_APPS = 8;

/** One day of the range and its compiled document. */
export interface RangeDay {
  /** Local `YYYY-MM-DD`. */
  day: string;
  /** Its document. */
  doc: ActivityDocument;
}

/** The whole range page. */
export function rangePage(from: string, to: string, days: readonly RangeDay[]): HtmlEscapedString {
  const totals = new Map<string, number>();
  for (const d of days) {
    for (const e of d.doc.ledger) totals.set(e.app, (totals.get(e.app) ?? 0) + e.minutes);
  }
  const ranked = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = ranked.slice(0, TOP_APPS).map(([app]) => app);
  const series = [...top, ...(ranked.length > TOP_APPS ? ["other"] : [])];
  const perDay = days.map((d) => {
    const m = new Map<string, number>();
    for (const e of d.doc.ledger) {
      const k = top.includes(e.app) ? e.app : "other";
      m.set(k, (m.get(k) ?? 0) + e.minutes);
    }
    return m;
  });
  const max = Math.max(60, ...perDay.map((m) => [...m.values()].reduce((a, b) => a + b, 0)));
  const W = 900, H = 260, left = 40, bottom = 30;
  const colW = (W - left) / Math.max(days.length, 1);
  const y = (min: number) => ((H - bottom) * min) / max;
  const colours = colourMap(top);
  const fill = (app: string) => app === "other" ? "url(#other)" : colours.get(app)!.fill;
  const cols = days.map((d, i) => {
    let acc = 0;
    const x = left + i * colW + colW * 0.15;
    const segs = series.filter((s) => (perDay[i].get(s) ?? 0) > 0).map((s) => {
      const m = perDay[i].get(s)!;
      const h = y(m);
      acc += h;
      return markup`<rect x="${x.toFixed(1)}" y="${(H - bottom - acc).toFixed(1)}" width="${
        (colW * 0.7).toFixed(1)
      }" height="${h.toFixed(1)}" fill="${
        fill(s)
      }" stroke="#ffffff" stroke-width="0.5"><title>${d.day} ${s}: ${minText(m)}</title></rect>`;
    });
    return markup`<a href="${dayHref(d.day)}"><title>${d.day}</title>${segs}<text x="${
      (x + colW * 0.35).toFixed(1)
    }" y="${H - 10}" text-anchor="middle" font-size="11">${d.day.slice(5)}</text></a>`;
  });
  const axis = [0, 0.25, 0.5, 0.75, 1].map((f) =>
    markup`<text x="${left - 4}" y="${
      (H - bottom - y(max * f) + 4).toFixed(1)
    }" text-anchor="end" font-size="11">${
      Math.round((max * f) / 60)
    }h</text><line x1="${left}" x2="${W}" y1="${(H - bottom - y(max * f)).toFixed(1)}" y2="${
      (H - bottom - y(max * f)).toFixed(1)
    }" stroke="#dddddd"/>`
  );
  const legend = series.map((s) =>
    markup`<li><span class="sw" aria-hidden="true"><svg viewBox="0 0 22 14" width="22" height="14"><rect width="22" height="14" fill="${
      fill(s)
    }"/></svg></span>${s}</li>`
  );
  const head = series.map((s) => markup`<th scope="col" class="num">${s}</th>`);
  const rows = days.map((d, i) =>
    markup`<tr><th scope="row"><a href="${dayHref(d.day)}">${d.day}</a></th>${
      series.map((s) => markup`<td class="num">${(perDay[i].get(s) ?? 0).toFixed(1)}</td>`)
    }</tr>`
  );
  const form =
    markup`<form method="get" action="/range" class="daynav"><label for="from">From</label><input id="from" type="date" name="from" value="${from}" required><label for="to">to</label><input id="to" type="date" name="to" value="${to}" required><button type="submit">Show</button></form>`;
  const body =
    markup`<h1>${from} to ${to}</h1>${form}<p class="note">Visible minutes per app per day (counted once across displays); at most ${MAX_RANGE_DAYS} days.</p><ul class="legend" aria-label="Apps">${legend}</ul><div class="scroll"><svg class="timeline" viewBox="0 0 ${W} ${H}" role="group" aria-label="Minutes per app per day, stacked" xmlns="http://www.w3.org/2000/svg"><defs><pattern id="other" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#bbbbbb"/><line x1="0" y1="0" x2="0" y2="6" stroke="#555555" stroke-width="2"/></pattern></defs>${axis}${cols}</svg></div><h2 id="h-range">Minutes per day</h2><div class="scroll"><table aria-labelledby="h-range"><thead><tr><th scope="col">Day</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
  return page({ title: `${from} – ${to}`, section: "range", day: to }, body);
}
