/**
 * The day's timeline as inline SVG: an hour axis, one lane per display with one shape per
 * frame coloured by app (and labelled when there is room), a focus strip under each lane,
 * presence-only stretches shaded, detours as ticks and gaps hatched (away periods
 * cross-hatched). Every shape has a `<title>`, so hovering — or a screen reader — tells
 * what it is; colour is never the only signal.
 *
 * @module
 */

import { markup, raw } from "./_html.ts";
import type { HtmlEscapedString } from "./_html.ts";
import { clockOf, frameHref, minText, shorten } from "./format.ts";
import { colourMap, type Swatch, swatchOf } from "./palette.ts";
import type { Lane, Timeline, TimelineFrame } from "./timeline.ts";

/** The SVG's user-space width. */
export const SVG_WIDTH = 1200;
const LABEL_W = 120;
const AXIS_H = 24;
const LANE_H = 44;
const BAR_H = 30;
const FOCUS_H = 6;
const HOUR = 3_600_000;

const DEFS = raw(
  `<defs>` +
    `<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="8" height="8" fill="#ffffff"/><line x1="0" y1="0" x2="0" y2="8" stroke="#777777" stroke-width="2"/></pattern>` +
    `<pattern id="away" width="8" height="8" patternUnits="userSpaceOnUse">` +
    `<rect width="8" height="8" fill="#ffffff"/><path d="M0 0L8 8M8 0L0 8" stroke="#555555" stroke-width="1.2"/></pattern>` +
    `<pattern id="presence" width="6" height="6" patternUnits="userSpaceOnUse">` +
    `<circle cx="3" cy="3" r="1.3" fill="#ffffff" fill-opacity="0.85"/></pattern>` +
    `</defs>`,
);

function scale(t: Timeline): (ms: number) => number {
  const span = t.end - t.start;
  return (ms) =>
    LABEL_W + ((Math.min(Math.max(ms, t.start), t.end) - t.start) / span) *
      (SVG_WIDTH - LABEL_W - 24);
}

function r1(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

function frameTitle(f: TimelineFrame): string {
  const parts = [f.site === undefined ? f.app : `${f.app} · ${f.site}`];
  if (f.title !== undefined) parts.push(f.title);
  const focus = f.focusedMin === undefined ? "" : `, ${minText(f.focusedMin)} focused`;
  parts.push(`${minText(f.minutes)}${focus}`);
  return parts.join(" — ");
}

function laneSvg(
  lane: Lane,
  y: number,
  x: (ms: number) => number,
  t: Timeline,
  day: string,
  colours: ReadonlyMap<string, Swatch>,
): HtmlEscapedString {
  const top = y + 4;
  const frames = lane.frames.map((f) => {
    const x0 = x(f.start), w = Math.max(x(f.end) - x0, 1.5);
    const sw = colours.get(f.app) ?? swatchOf(f.app);
    const label = w > 46
      ? markup`<text x="${r1(x0 + 3)}" y="${r1(top + 19)}" fill="${sw.text}" class="flabel">${
        shorten(f.app, Math.floor(w / 7.5))
      }</text>`
      : "";
    return markup`<a href="${frameHref(f.id, day)}" class="flink"><title>${
      frameTitle(f)
    }</title><rect class="frame" data-id="${f.id}" x="${r1(x0)}" y="${top}" width="${
      r1(w)
    }" height="${BAR_H}" fill="${sw.fill}"/>${label}</a>`;
  });
  const presence = lane.presence.map((s) =>
    markup`<rect class="presence" x="${r1(x(s.start))}" y="${top}" width="${
      r1(Math.max(x(s.end) - x(s.start), 1))
    }" height="${BAR_H}" fill="url(#presence)"><title>presence only ${clockOf(s.start, t.tz)}–${
      clockOf(s.end, t.tz)
    }: screen awake, no input</title></rect>`
  );
  const focus = lane.focus.map((s) =>
    markup`<rect class="focus" x="${r1(x(s.start))}" y="${top + BAR_H + 2}" width="${
      r1(Math.max(x(s.end) - x(s.start), 1))
    }" height="${FOCUS_H}" fill="#1a1a1a"><title>focused ${clockOf(s.start, t.tz)}–${
      clockOf(s.end, t.tz)
    }</title></rect>`
  );
  const ticks = lane.ticks.map((k) =>
    markup`<line class="tick" x1="${r1(x(k.at))}" x2="${r1(x(k.at))}" y1="${top - 3}" y2="${
      top + 7
    }" stroke="#1a1a1a" stroke-width="1.5"><title>detour ${clockOf(k.at, t.tz)}: ${
      k.site === undefined ? k.app : `${k.app} · ${k.site}`
    }, ${k.seconds} s</title></line>`
  );
  return markup`<g class="lane" data-display="${lane.display}"><text x="4" y="${
    top + 19
  }" class="lname">${
    shorten(lane.display, 16)
  }</text><rect class="lanebg" x="${LABEL_W}" y="${top}" width="${
    SVG_WIDTH - LABEL_W - 24
  }" height="${BAR_H}" fill="#f4f4f4"/>${frames}${presence}${focus}${ticks}</g>`;
}

/** The timeline of `day` as an inline `<svg>` element (`colours` from {@linkcode colourMap}). */
export function timelineSvg(
  t: Timeline,
  day: string,
  colours: ReadonlyMap<string, Swatch> = colourMap(
    t.lanes.flatMap((l) => l.frames.map((f) => f.app)),
  ),
): HtmlEscapedString {
  const x = scale(t);
  const height = AXIS_H + t.lanes.length * LANE_H + 4;
  const hours = [];
  for (let h = t.start; h <= t.end; h += HOUR) {
    hours.push(
      markup`<line x1="${r1(x(h))}" x2="${r1(x(h))}" y1="${
        AXIS_H - 6
      }" y2="${height}" class="hour"/><text x="${r1(x(h))}" y="14" class="hlabel">${
        clockOf(h, t.tz)
      }</text>`,
    );
  }
  const gaps = t.gaps.filter((g) => g.end > t.start && g.start < t.end).map((g) => {
    const what = g.reason === undefined ? "no capture (unknown)" : `away (${g.reason})`;
    return markup`<rect class="${g.reason === undefined ? "gap" : "gap away"}" x="${
      r1(x(g.start))
    }" y="${AXIS_H}" width="${r1(Math.max(x(g.end) - x(g.start), 1))}" height="${
      t.lanes.length * LANE_H
    }" fill="${g.reason === undefined ? "url(#hatch)" : "url(#away)"}"><title>${what} ${
      clockOf(g.start, t.tz)
    }–${clockOf(g.end, t.tz)}, ${minText(g.minutes)}</title></rect>`;
  });
  const lanes = t.lanes.map((l, i) => laneSvg(l, AXIS_H + i * LANE_H, x, t, day, colours));
  return markup`<svg class="timeline" viewBox="0 0 ${SVG_WIDTH} ${height}" role="group" aria-labelledby="tl-title" xmlns="http://www.w3.org/2000/svg"><title id="tl-title">Timeline of ${day}: ${t.lanes.length} display lane(s), ${
    t.lanes.reduce((n, l) => n + l.frames.length, 0)
  } frames</title>${DEFS}${hours}${gaps}${lanes}</svg>`;
}
