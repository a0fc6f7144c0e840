/**
 * A generated ActivityWatch evening, 2026-07-04 18:00 → 2026-07-05 03:00 UTC (across
 * midnight), in the shapes the watchers write (FORMATS §2; aw-core
 * `aw_core/schemas/event.json` and `bucket.json`; aw-watcher-window, aw-watcher-afk,
 * aw-watcher-web), as {@linkcode FixtureBucket}s for `fixture.ts` to write out in every
 * form:
 * - window events back to back with the watcher's sub-second gaps, some gaps of 2–9 s
 *   (flooded or not), small negative gaps, a few overlaps with other data (issue #1369)
 *   and with the same data (merged by `flood`);
 * - afk periods from 3 min (aw-watcher-afk's timeout) to an hour, the window watcher
 *   still reporting during them; a stretch with no afk event at all (watcher down);
 * - a Chrome web bucket of the host and a Firefox one with `hostname: "unknown"`
 *   (aw-watcher-web `src/background/client.ts` when it cannot learn the host), with an
 *   audible page left playing during an afk period.
 * Seeded: the same evening on every run.
 *
 * @module
 */

import type { FixtureBucket, FixtureEvent } from "./fixture.ts";

/** 2026-07-04T18:00:00Z, the evening's start. */
export const EVENING = Date.UTC(2026, 6, 4, 18);
/** Midnight, in seconds after {@linkcode EVENING}. */
const MIDNIGHT_S = 6 * 3600;

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const APPS: [string, string[]][] = [
  ["Code", ["main.ts — frames", "read.ts — frames", "SPEC.md — frames"]],
  ["Google-chrome", ["GitHub", "MDN", "YouTube"]],
  ["Firefox", ["Docs", "Wikipedia"]],
  ["Slack", ["general", "random"]],
  ["Alacritty", ["zsh", "deno test"]],
];
const CHROME_URLS = [
  "https://github.com/denoland/deno/issues",
  "https://developer.mozilla.org/en-US/docs/Web",
  "https://www.youtube.com/watch?v=abc123",
];
const FIREFOX_URLS = ["https://docs.deno.com/runtime/", "https://en.wikipedia.org/wiki/Dwell"];

/** The evening's buckets (seconds after {@linkcode EVENING}); `hours` long. */
export function eveningBuckets(seed = 13, hours = 9): FixtureBucket[] {
  const r = rng(seed);
  const endS = hours * 3600;
  const window: FixtureEvent[] = [], chrome: FixtureEvent[] = [], firefox: FixtureEvent[] = [];
  const afk: FixtureEvent[] = [];
  let id = 1000;
  const round = (x: number) => Math.round(x * 1000) / 1000;
  // Window events.
  let t = 0, n = 0, last = "";
  while (t < endS) {
    let [app, titles] = APPS[Math.floor(r() * APPS.length)];
    if (app === last) [app, titles] = APPS[(APPS.findIndex((a) => a[0] === app) + 1) % APPS.length];
    last = app;
    const k = Math.floor(r() * titles.length);
    const dur = r() < 0.25 ? 3 + r() * 30 : 40 + r() * r() * 1500;
    const data = { app, title: titles[k] };
    window.push([id++, round(t), round(dur), data]);
    if (app === "Google-chrome") {
      web(chrome, t, dur, CHROME_URLS[k], titles[k], k === 2);
    } else if (app === "Firefox") web(firefox, t, dur, FIREFOX_URLS[k], titles[k], false);
    n++;
    const u = r();
    const gap = n % 97 === 0
      ? -3 // an overlap with other data: the next event starts 3 s early
      : n % 151 === 0
      ? 20 + r() * 180 // the watcher missed a stretch
      : u < 0.05
      ? 2 + r() * 4 // flooded (≤ 5 s)
      : u < 0.07
      ? 5.5 + r() * 4 // a little too long to flood
      : u < 0.11
      ? -0.05 // a negative gap flood() trims
      : r() * 1.2;
    t += dur + gap;
    if (n % 131 === 0) {
      // A duplicate report of the same window overlapping the previous one (merged by flood).
      window.push([id++, round(t - dur / 2), round(dur / 2 + 4), data]);
    }
  }
  function web(
    list: FixtureEvent[],
    at: number,
    dur: number,
    url: string,
    title: string,
    audible: boolean,
  ) {
    // Tabs change inside a browser window event: the page switches part-way.
    const cut = dur > 120 ? dur * (0.3 + r() * 0.4) : dur;
    list.push([id++, round(at + 0.4), round(cut - 0.4), {
      url,
      title,
      audible,
      incognito: false,
      tabCount: 4,
    }]);
    if (cut < dur) {
      const other = url.includes("wikipedia") || url.includes("docs.deno")
        ? "https://docs.deno.com/api/deno/"
        : "https://github.com/denoland/deno/pulls";
      list.push([id++, round(at + cut), round(dur - cut), {
        url: other,
        title,
        audible: false,
        incognito: false,
        tabCount: 4,
      }]);
    }
  }
  // afk: not-afk stretches and afk periods, contiguous as aw-watcher-afk writes them.
  const away = [185, 200, 240, 260, 290, 300, 330, 600, 1200, 3600, 215, 275, 195, 420, 250];
  let a = 0, i = 0;
  while (a < endS) {
    const active = 600 + r() * 2400;
    afk.push([id++, round(a), round(active), { status: "not-afk" }]);
    a += active;
    if (Math.abs(a - MIDNIGHT_S) < 1800) {
      // Someone is at the keyboard across midnight: activity crosses the day's edge.
      afk.push([id++, round(a), round(1800), { status: "not-afk" }]);
      a += 1800;
    } else if (i === 4) {
      a += 900; // the afk watcher was not running: no afk event at all for 15 min
    } else {
      const off = away[i % away.length] + r() * 3;
      afk.push([id++, round(a), round(off), { status: "afk" }]);
      a += off + (r() < 0.3 ? r() * 4 : 0); // a short hole flood() fills
    }
    i++;
  }
  return [
    {
      id: "aw-watcher-window_laptop",
      type: "currentwindow",
      client: "aw-watcher-window",
      hostname: "laptop",
      events: window,
    },
    {
      id: "aw-watcher-afk_laptop",
      type: "afkstatus",
      client: "aw-watcher-afk",
      hostname: "laptop",
      events: afk,
    },
    {
      id: "aw-watcher-web-chrome_laptop",
      type: "web.tab.current",
      client: "aw-client-web",
      hostname: "laptop",
      events: chrome,
    },
    {
      id: "aw-watcher-web-firefox_unknown",
      type: "web.tab.current",
      client: "aw-client-web",
      hostname: "unknown",
      events: firefox,
    },
  ];
}
