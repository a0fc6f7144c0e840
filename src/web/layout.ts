/**
 * The page shell every view shares: document head (stylesheet and script from the program
 * itself), the header with the navigation, and the main landmark.
 *
 * @module
 */

import { markup } from "./_html.ts";
import type { HtmlEscapedString } from "./_html.ts";
import { VERSION } from "../version.ts";
import { addDays } from "../compile/time.ts";

/** The sections of the navigation. */
export type Section = "day" | "frame" | "context" | "routines" | "range";

/** What the shell needs besides the body. */
export interface PageOptions {
  /** The `<title>`. */
  title: string;
  /** Which section is current. */
  section: Section;
  /** The day the navigation's links point at. */
  day: string;
}

/** A whole HTML page around `body`. */
export function page(opts: PageOptions, body: HtmlEscapedString): HtmlEscapedString {
  const d = encodeURIComponent(opts.day);
  const week = encodeURIComponent(addDays(opts.day, -6));
  const link = (section: Section, href: string, label: string) =>
    markup`<li><a href="${href}"${
      opts.section === section ? markup` aria-current="page"` : ""
    }>${label}</a></li>`;
  return markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title} · frames</title><link rel="stylesheet" href="/assets/style.css"><script src="/assets/app.js" defer></script></head>
<body><header class="top"><strong>frames</strong><nav class="main" aria-label="Views"><ul>${
    link("day", `/day/${d}`, "Day")
  }${link("context", `/context?day=${d}`, "Context")}${
    link("routines", `/routines?day=${d}`, "Routines")
  }${
    link("range", `/range?from=${week}&to=${d}`, "Range")
  }</ul></nav><span class="muted">measured from screen capture, no interpretation · v${VERSION}</span></header>
<main id="main">${body}</main></body></html>`;
}

/** A small page that says what went wrong, for 4xx answers. */
export function problemPage(day: string, heading: string, detail: string): HtmlEscapedString {
  return page(
    { title: heading, section: "day", day },
    markup`<h1>${heading}</h1><p>${detail}</p><p><a href="/day/${
      encodeURIComponent(day)
    }">Back to ${day}</a></p>`,
  );
}
